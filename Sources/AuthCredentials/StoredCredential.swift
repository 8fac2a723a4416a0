// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// What a ``CredentialStore`` keeps for one account: the grant it belongs to, the profile Apple shares only
/// on the first sign-in, and the tokens.
///
/// ```swift
/// let stored = StoredCredential(credential)              // from an AppleIDCredential
/// let kept = existing.merging(stored)                   // a later sign-in without the name keeps it
/// let session = StoredCredential(user: "alice", grant: client.grant, tokens: tokens)   // what AuthClient saves
/// ```
///
/// A record is found by its ``grant`` and its ``user`` together: the same `user` under two grants is two
/// records (a `sub` is unique only per issuer, OpenID Connect Core §2). A record without a grant is a
/// Sign in with Apple profile, or a record written before grants were kept (see
/// ``CredentialStoreDocument/claimLegacyCredential(user:for:ifTokensAre:)``).
public struct StoredCredential: Hashable, Codable, Sendable {
    /// The account within its grant: the user identifier (`sub`) the provider named, or the empty string for
    /// a plain OAuth 2.0 grant whose provider names no subject (see ``subject``).
    public var user: String
    /// The grant the tokens belong to (issuer, client, resources); nil for a record not tied to one.
    public var grant: GrantIdentity?
    /// The email address, once shared.
    public var email: String?
    /// The name, once shared (first sign-in only).
    public var fullName: PersonName?
    /// The last reported real-user status.
    public var realUserStatus: UserDetectionStatus?
    /// The user's tokens; nil when signed out.
    public var tokens: TokenSet?

    public init(
        user: String, grant: GrantIdentity? = nil, email: String? = nil, fullName: PersonName? = nil,
        realUserStatus: UserDetectionStatus? = nil, tokens: TokenSet? = nil
    ) {
        self.user = user
        self.grant = grant
        self.email = email
        self.fullName = fullName
        self.realUserStatus = realUserStatus
        self.tokens = tokens
    }

    /// The profile of a Sign in with Apple credential (its code and identity token are not stored).
    public init(_ credential: AppleIDCredential, tokens: TokenSet? = nil) {
        self.init(
            user: credential.user, email: credential.email, fullName: credential.fullName,
            realUserStatus: credential.realUserStatus, tokens: tokens)
    }

    /// The subject (`sub`) the provider named for the account; nil for a plain OAuth 2.0 grant without one.
    public var subject: String? { user.isEmpty ? nil : user }

    /// Whether this is the record of `user` under `grant` (nil: a record tied to no grant), comparing
    /// every identifier as UTF-8 bytes.
    public func belongs(to user: String, grant: GrantIdentity?) -> Bool {
        guard self.user.utf8.elementsEqual(user.utf8) else { return false }
        switch (self.grant, grant) {
        case (nil, nil): return true
        case (let mine?, let other?): return mine.isSame(as: other)
        default: return false
        }
    }

    /// This record updated by a newer one for the same user: profile fields the newer record lacks are kept
    /// (Apple sends the name and email only once), the newer ones win otherwise; `tokens` are always the
    /// newer record's, so saving `tokens: nil` signs the user out without forgetting the name.
    public func merging(_ newer: StoredCredential) -> StoredCredential {
        StoredCredential(
            user: newer.user, grant: newer.grant, email: newer.email ?? email, fullName: newer.fullName ?? fullName,
            realUserStatus: newer.realUserStatus ?? realUserStatus, tokens: newer.tokens)
    }
}

extension StoredCredential: CustomStringConvertible {
    /// The user and what is held; the tokens are redacted by ``TokenSet``'s description.
    public var description: String {
        "StoredCredential(user: \(user), grant: \(grant.map { "\($0)" } ?? "none"), email: \(email == nil ? "none" : "present"), fullName: \(fullName == nil ? "none" : "present"), "
            + "tokens: \(tokens.map { "\($0)" } ?? "none"))"
    }
}
