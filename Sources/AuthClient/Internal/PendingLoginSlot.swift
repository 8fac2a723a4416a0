// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthSession

/// The client's login waiting for its authorization response, and the browser session showing it, if the
/// client runs one. Whoever takes the entry — the session's redirect, or a hand-off through the app's URL
/// handler — completes the login; the other waits for that result (or is told there is nothing to do).
final class PendingLoginSlot: Sendable {
    typealias Completion = Task<Result<User, AuthClientError>, Never>

    private struct Entry {
        let id: Int
        let pending: PendingLogin
        let session: AuthenticationSession?
        /// Set when a hand-off took the login: its result, for the session's caller too.
        var handOff: Completion?
    }

    private let inner = Locked<(next: Int, entry: Entry?)>((0, nil))

    /// The login waiting, if any.
    var pending: PendingLogin? { inner.withLock { $0.entry?.handOff == nil ? $0.entry?.pending : nil } }

    /// What `begin` replaced: nothing, a login the app drives itself, or one with a session to cancel.
    enum Replaced {
        case nothing, appDriven
        case session(AuthenticationSession)
    }

    /// Makes `pending` the client's waiting login; returns its id and what it replaced.
    func begin(_ pending: PendingLogin, session: AuthenticationSession?) -> (id: Int, replaced: Replaced) {
        inner.withLock { inner in
            defer { inner.next += 1 }
            var replaced = Replaced.nothing
            if let old = inner.entry, old.handOff == nil { replaced = old.session.map { .session($0) } ?? .appDriven }
            inner.entry = Entry(id: inner.next, pending: pending, session: session)
            return (inner.next, replaced)
        }
    }

    /// The session's redirect arrived for login `id`: true when the caller completes it (nobody took it).
    func takeForRedirect(_ id: Int) -> Bool {
        inner.withLock { inner in
            guard let entry = inner.entry, entry.id == id, entry.handOff == nil else { return false }
            inner.entry = nil
            return true
        }
    }

    /// The hand-off that took login `id`, if one did; clears the entry either way once it is `id`'s.
    func handOff(of id: Int) -> Completion? {
        inner.withLock { inner in
            guard let entry = inner.entry, entry.id == id else { return nil }
            inner.entry = nil
            return entry.handOff
        }
    }

    /// Takes the waiting login for a hand-off when `accepts` says the response is its own: starts
    /// `complete` and returns it with the session to cancel. Nil when no login waits (or it is taken).
    func takeForHandOff(
        accepting accepts: (PendingLogin) -> Bool, complete: @escaping @Sendable (PendingLogin) async -> Result<User, AuthClientError>
    ) -> (task: Completion, session: AuthenticationSession?)? {
        inner.withLock { inner in
            guard var entry = inner.entry, entry.handOff == nil, accepts(entry.pending) else { return nil }
            let pending = entry.pending
            let task = Completion { await complete(pending) }
            entry.handOff = task
            inner.entry = entry.session == nil ? nil : entry
            return (task, entry.session)
        }
    }

    /// Forgets the waiting login; returns its session to cancel.
    func cancel() -> (pending: PendingLogin, session: AuthenticationSession?)? {
        inner.withLock { inner in
            guard let entry = inner.entry, entry.handOff == nil else { return nil }
            inner.entry = nil
            return (entry.pending, entry.session)
        }
    }
}
