// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// The contents of a credential store: every account's record, which one was saved last, client
/// registrations and provider caches. Every store keeps one, so the merge, last-user and grant rules live
/// here once; the file store writes it as JSON.
///
/// ```swift
/// var document = CredentialStoreDocument()
/// document.save(StoredCredential(user: "alice", grant: grant, tokens: tokens))
/// document.lastCredential(for: grant)        // alice's record; never one of another grant
/// ```
///
/// Records are keyed by grant and account (``StoredCredential/belongs(to:grant:)``). The last account is
/// kept per grant: the record of a grant saved last is the last of that grant in ``credentials`` (a save
/// moves it to the end). ``lastUser`` names the last account among records without a grant (Sign in with
/// Apple profiles).
///
/// Versions: 1 is the format before grants were kept (records keyed by `sub` alone); 2 adds `grant` to
/// records. A version-1 document reads as before, its records without a grant; the next write stores
/// version 2, which an older AuthFlow refuses to read rather than hand a record to the wrong issuer.
public struct CredentialStoreDocument: Hashable, Codable, Sendable {
    /// The format version this library writes.
    public static let currentVersion = 2
    /// The format versions this library reads.
    public static let readableVersions = 1...2

    /// The format version, for migrations: ``currentVersion`` once written by this library.
    public var version: Int
    /// The account without a grant saved last (Sign in with Apple profiles); per-grant accounts are
    /// ordered in ``credentials`` instead.
    public var lastUser: String?
    /// The records, one per grant and account.
    public var credentials: [StoredCredential]
    /// Dynamic client registrations (RFC 7591), one per issuer; nil in documents written before they were
    /// kept (such a document still loads) and while there are none.
    public var clientRegistrations: [StoredClientRegistration]?
    /// The providers' cached public documents, one per issuer (``ProviderCache``). Optional, so that files
    /// written before it existed read as before (nil: none).
    public var providers: [ProviderCache]?

    public init(lastUser: String? = nil, credentials: [StoredCredential] = [], providers: [ProviderCache]? = nil) {
        version = Self.currentVersion
        self.lastUser = lastUser
        self.credentials = credentials
        self.providers = providers
    }

    /// The cached documents of `issuer`, if any.
    public func providerCache(for issuer: String) -> ProviderCache? {
        providers?.first { $0.issuer.utf8.elementsEqual(issuer.utf8) }
    }

    /// Keeps `cache` in place of the one of the same issuer.
    public mutating func saveProviderCache(_ cache: ProviderCache) {
        var list = (providers ?? []).filter { !$0.issuer.utf8.elementsEqual(cache.issuer.utf8) }
        list.append(cache)
        providers = list
    }

    /// The record of `user` under `grant` (nil: the record of `user` tied to no grant), if any.
    public func credential(for user: String, grant: GrantIdentity? = nil) -> StoredCredential? {
        credentials.first { $0.belongs(to: user, grant: grant) }
    }

    /// The record of the account saved last under `grant`; for `nil`, the record of ``lastUser``.
    public func lastCredential(for grant: GrantIdentity?) -> StoredCredential? {
        guard let grant else { return lastUser.flatMap { credential(for: $0) } }
        return credentials.last { $0.grant?.isSame(as: grant) ?? false }
    }

    /// Every record whose grant is `clientID`'s at `issuer` (any resources), in the order saved; identifiers
    /// compared as UTF-8 bytes.
    public func credentials(issuer: String, clientID: String) -> [StoredCredential] {
        credentials.filter {
            guard let grant = $0.grant else { return false }
            return grant.issuer.utf8.elementsEqual(issuer.utf8) && grant.clientID.utf8.elementsEqual(clientID.utf8)
        }
    }

    /// The record of the last user without a grant, if any.
    public var lastCredential: StoredCredential? { lastCredential(for: nil) }

    /// Merges `credential` into the record of the same grant and account, makes it the last of its grant
    /// (or, without a grant, the ``lastUser``), and returns the merged record.
    @discardableResult
    public mutating func save(_ credential: StoredCredential) -> StoredCredential {
        let merged: StoredCredential
        if let index = credentials.firstIndex(where: { $0.belongs(to: credential.user, grant: credential.grant) }) {
            merged = credentials[index].merging(credential)
            if credential.grant == nil {
                credentials[index] = merged
            } else {
                credentials.remove(at: index)
                credentials.append(merged)
            }
        } else {
            merged = credential
            credentials.append(merged)
        }
        if merged.grant == nil { lastUser = merged.user }
        return merged
    }

    /// Forgets `user` under `grant` (and clears ``lastUser`` if it was that record).
    public mutating func remove(user: String, grant: GrantIdentity? = nil) {
        credentials.removeAll { $0.belongs(to: user, grant: grant) }
        if grant == nil, let last = lastUser, last.utf8.elementsEqual(user.utf8) { lastUser = nil }
    }

    /// Forgets `user` under `grant` only if the stored tokens are still `expected` (compare before remove);
    /// returns whether it did.
    public mutating func remove(user: String, grant: GrantIdentity?, ifTokensAre expected: TokenSet) -> Bool {
        guard credential(for: user, grant: grant)?.tokens == expected else { return false }
        remove(user: user, grant: grant)
        return true
    }

    /// Ties a record written before grants were kept (a version-1 record: `user` without a grant) to
    /// `grant`, when nothing is stored for that account under `grant` yet, and returns it; nil when there
    /// is no such record, or the grant already has one (which is then the newer).
    ///
    /// Only the caller knows that the old record belongs to `grant` — a store that only one client ever
    /// used (a CLI profile's file), or a record whose ID token names the grant's issuer and client (see
    /// `AuthClient.resumeLastUser()`). A version-1 store keyed records by `sub` alone, so a store shared by
    /// two issuers cannot tell them apart: never claim a record on its `sub` alone.
    ///
    /// With `expected`, the record is claimed only while its tokens are still those the caller checked (an ID
    /// token's `iss` and `aud`), so that a record another writer put there meanwhile is never claimed.
    @discardableResult
    public mutating func claimLegacyCredential(user: String, for grant: GrantIdentity, ifTokensAre expected: TokenSet? = nil)
        -> StoredCredential?
    {
        guard credential(for: user, grant: grant) == nil, var record = credential(for: user), let tokens = record.tokens,
            expected == nil || expected == tokens
        else { return nil }
        remove(user: user)
        record.grant = grant
        credentials.append(record)
        return record
    }

    private enum CodingKeys: String, CodingKey {
        case version, lastUser, credentials, clientRegistrations, providers
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decode(Int.self, forKey: .version)
        lastUser = try container.decodeIfPresent(String.self, forKey: .lastUser)
        credentials = try container.decode([StoredCredential].self, forKey: .credentials)
        clientRegistrations = try container.decodeIfPresent([StoredClientRegistration].self, forKey: .clientRegistrations)
        providers = try container.decodeIfPresent([ProviderCache].self, forKey: .providers)
    }

    /// Writes ``currentVersion``, whatever version was read: a migrated document is never written back as
    /// version 1, which an older library would read as keyed by `sub` alone.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.currentVersion, forKey: .version)
        try container.encodeIfPresent(lastUser, forKey: .lastUser)
        try container.encode(credentials, forKey: .credentials)
        try container.encodeIfPresent(clientRegistrations, forKey: .clientRegistrations)
        try container.encodeIfPresent(providers, forKey: .providers)
    }
}
