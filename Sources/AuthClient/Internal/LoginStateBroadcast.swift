// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthSession

/// The client's ``LoginState`` and everyone watching it. Each change is made and delivered under one lock,
/// so every stream sees the same changes in the same order, starting with the state when it subscribed.
final class LoginStateBroadcast: Sendable {
    private struct Inner {
        var current = LoginState.loggedOut
        /// The state to go back to when the logins under way all end without a user.
        var beforeLogin = LoginState.loggedOut
        var loginsUnderWay = 0
        var next = 0
        var continuations: [Int: AsyncStream<LoginState>.Continuation] = [:]

        mutating func set(_ state: LoginState) {
            guard state != current else { return }
            current = state
            for continuation in continuations.values { continuation.yield(state) }
        }
    }

    private let inner = Locked(Inner())

    var current: LoginState { inner.withLock { $0.current } }

    func stream() -> AsyncStream<LoginState> {
        let (stream, continuation) = AsyncStream<LoginState>.makeStream()
        let id = inner.withLock { inner in
            defer { inner.next += 1 }
            continuation.yield(inner.current)
            inner.continuations[inner.next] = continuation
            return inner.next
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.inner.withLock { $0.continuations.removeValue(forKey: id) }
        }
        return stream
    }

    /// A login started.
    func loginStarted() {
        inner.withLock { inner in
            if inner.loginsUnderWay == 0 { inner.beforeLogin = inner.current }
            inner.loginsUnderWay += 1
            inner.set(.loggingIn)
        }
    }

    /// A login ended: with its user, or without (then back to where it was before, once no other login is
    /// under way).
    func loginEnded(with user: User?) {
        inner.withLock { inner in
            inner.loginsUnderWay = max(0, inner.loginsUnderWay - 1)
            if let user {
                inner.beforeLogin = .loggedIn(user)
                inner.set(inner.loginsUnderWay == 0 ? .loggedIn(user) : .loggingIn)
            } else if inner.loginsUnderWay == 0 {
                inner.set(inner.beforeLogin)
            }
        }
    }

    /// A user signed in or was resumed from the store: the state while no login is under way.
    func userArrived(_ user: User) {
        inner.withLock { inner in
            inner.beforeLogin = .loggedIn(user)
            if inner.loginsUnderWay == 0 { inner.set(.loggedIn(user)) }
        }
    }

    /// The user of `key` (``User``'s registry key: grant and account) was logged out: the state leaves
    /// `loggedIn` if it was them.
    func loggedOut(_ key: String) {
        inner.withLock { inner in
            if case .loggedIn(let user) = inner.beforeLogin, user.registryKey.utf8.elementsEqual(key.utf8) {
                inner.beforeLogin = .loggedOut
            }
            if case .loggedIn(let user) = inner.current, user.registryKey.utf8.elementsEqual(key.utf8) { inner.set(.loggedOut) }
        }
    }

    deinit {
        for continuation in inner.withLock({ Array($0.continuations.values) }) { continuation.finish() }
    }
}
