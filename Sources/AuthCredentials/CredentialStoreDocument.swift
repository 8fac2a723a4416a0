/// The contents of a credential store: every user's record and which one was saved last. Both stores keep
/// one, so the merge and last-user rules live here once; the file store writes it as JSON.
public struct CredentialStoreDocument: Hashable, Codable, Sendable {
    /// The format version, for future migrations.
    public var version: Int
    /// The user saved last.
    public var lastUser: String?
    /// The records, one per user.
    public var credentials: [StoredCredential]
    /// The providers' cached public documents, one per issuer (``ProviderCache``). Optional, so that files
    /// written before it existed read as before (nil: none), and files with it still read as version 1.
    public var providers: [ProviderCache]?

    public init(lastUser: String? = nil, credentials: [StoredCredential] = [], providers: [ProviderCache]? = nil) {
        version = 1
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

    /// The record of `user`, if any.
    public func credential(for user: String) -> StoredCredential? {
        credentials.first { $0.user.utf8.elementsEqual(user.utf8) }
    }

    /// The record of the last user, if any.
    public var lastCredential: StoredCredential? { lastUser.flatMap(credential(for:)) }

    /// Merges `credential` in, makes its user the last one, and returns the merged record.
    @discardableResult
    public mutating func save(_ credential: StoredCredential) -> StoredCredential {
        let merged: StoredCredential
        if let index = credentials.firstIndex(where: { $0.user.utf8.elementsEqual(credential.user.utf8) }) {
            merged = credentials[index].merging(credential)
            credentials[index] = merged
        } else {
            merged = credential
            credentials.append(merged)
        }
        lastUser = merged.user
        return merged
    }

    /// Forgets `user` (and clears the last user if it was them).
    public mutating func remove(user: String) {
        credentials.removeAll { $0.user.utf8.elementsEqual(user.utf8) }
        if let last = lastUser, last.utf8.elementsEqual(user.utf8) { lastUser = nil }
    }
}
