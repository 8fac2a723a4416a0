// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthCredentials

/// A session a provider-initiated logout (back-channel or front-channel) ended: the grant its tokens
/// belonged to and the account in it.
///
/// ```swift
/// let ended = try await client.handleBackChannelLogout(token)
/// for session in ended { print("ended \(session.subject ?? "-") at \(session.grant)") }
/// ```
public struct LoggedOutSession: Hashable, Sendable {
    /// The grant (issuer, client, resources) whose tokens were removed.
    public let grant: GrantIdentity
    /// The user's `sub`; nil for a plain OAuth 2.0 grant.
    public let subject: String?
    /// The ID token's `sid` the session had, if any.
    public let sessionID: String?

    public init(grant: GrantIdentity, subject: String?, sessionID: String?) {
        self.grant = grant
        self.subject = subject
        self.sessionID = sessionID
    }
}
