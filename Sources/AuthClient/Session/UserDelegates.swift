// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// The ``UserDelegate``s of one user (AccountSDKIOSWeb's `user.delegates`): held weakly, each told once per
/// logout on the main actor.
///
/// ```swift
/// user.delegates.addDelegate(controller)
/// user.delegates.removeDelegate(controller)
/// ```
///
/// Delegates belong to the user's grant and subject at this client, so they stay registered across a new
/// login of the same user (the same ``User`` object is returned while any handle on it lives).
public struct UserDelegates: Sendable {
    let registry: UserDelegateRegistry
    /// The user's registry key (grant and account).
    let subject: String

    /// Adds `delegate`, held weakly; adding one twice keeps one.
    public func addDelegate(_ delegate: any UserDelegate) {
        registry.add(delegate, for: subject)
    }

    /// Removes `delegate`.
    public func removeDelegate(_ delegate: any UserDelegate) {
        registry.remove(delegate, for: subject)
    }

    /// How many delegates are registered and still alive.
    public var count: Int { registry.count(for: subject) }
}

extension User {
    /// This user's ``UserDelegate``s, told when the user is logged out.
    public nonisolated var delegates: UserDelegates { UserDelegates(registry: client.userDelegates, subject: registryKey) }
}
