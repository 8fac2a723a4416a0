// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCredentials
import AuthSession

/// One ``User`` per grant and account for one client: `completeLogin` and `resumeLastUser` hand out the
/// same object while any handle on it is alive, so every handle shares one token set and one single-flight
/// refresh (two objects refreshing the same rotating refresh token would log each other out). Held weakly:
/// a user nobody holds is made again from the store.
final class UserRegistry: Sendable {
    private struct Entry {
        weak var user: User?
    }

    private let entries = Locked<[String: Entry]>([:])

    /// The user of `subject` under `grant` after a fresh login with `tokens` (an existing object takes the
    /// new tokens).
    func user(_ subject: String?, grant: GrantIdentity, client: AuthClient, signedInWith tokens: TokenSet) async -> User {
        let (user, isNew) = lookUp(subject, grant: grant, client: client, tokens: tokens)
        if !isNew { await user.signedIn(with: tokens) }
        return user
    }

    /// The user of `subject` under `grant` resumed from the store (an existing object keeps its own, newer
    /// tokens unless it has none).
    func user(_ subject: String?, grant: GrantIdentity, client: AuthClient, resumingWith tokens: TokenSet) async -> User {
        let (user, isNew) = lookUp(subject, grant: grant, client: client, tokens: tokens)
        if !isNew { await user.resumed(with: tokens) }
        return user
    }

    /// The users alive in memory (some handle on them is held).
    func live() -> [User] {
        entries.withLock { entries in entries.values.compactMap(\.user) }
    }

    private func lookUp(_ subject: String?, grant: GrantIdentity, client: AuthClient, tokens: TokenSet) -> (User, isNew: Bool) {
        let key = User.registryKey(grant, subject ?? "")
        return entries.withLock { entries in
            if let user = entries[key]?.user { return (user, false) }
            entries = entries.filter { $0.value.user != nil }
            let user = User(client: client, grant: grant, subject: subject, tokens: tokens)
            entries[key] = Entry(user: user)
            return (user, true)
        }
    }
}
