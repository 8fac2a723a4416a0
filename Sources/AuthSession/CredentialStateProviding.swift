// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthCredentials

/// Answers whether a user's Apple ID credential is still valid for the app — the question Apple's
/// `getCredentialState(forUserID:)` answers on device. Off Apple platforms there is no public endpoint for
/// it, so the answer comes from your server (which learns of revocations from Apple's server-to-server
/// notifications) through this protocol.
public protocol CredentialStateProviding: Sendable {
    func credentialState(forUserID user: String) async throws(AuthorizationError) -> CredentialState
}

/// Credential states from a dictionary: for tests and previews. Unknown users are `notFound`.
public struct FixedCredentialStates: CredentialStateProviding {
    public var states: [String: CredentialState]

    public init(_ states: [String: CredentialState]) {
        self.states = states
    }

    public func credentialState(forUserID user: String) async throws(AuthorizationError) -> CredentialState {
        states[user] ?? .notFound
    }
}
