/// A ``CredentialStore`` in memory: for tests, previews and apps that sign in every launch.
///
/// ```swift
/// let store = InMemoryCredentialStore()
/// await store.save(StoredCredential(user: "001234.abcd", fullName: PersonName(givenName: "Jane")))
/// ```
public actor InMemoryCredentialStore: CredentialStore {
    /// Everything stored, for inspection in tests.
    public private(set) var document: CredentialStoreDocument

    public init(_ document: CredentialStoreDocument = CredentialStoreDocument()) {
        self.document = document
    }

    public func credential(for user: String) -> StoredCredential? { document.credential(for: user) }

    public func lastUser() -> StoredCredential? { document.lastCredential }

    @discardableResult
    public func save(_ credential: StoredCredential) -> StoredCredential { document.save(credential) }

    public func remove(user: String) { document.remove(user: user) }

    public func providerCache(for issuer: String) async throws(AuthCredentialsError) -> ProviderCache? {
        document.providerCache(for: issuer)
    }

    public func saveProviderCache(_ cache: ProviderCache) async throws(AuthCredentialsError) { document.saveProviderCache(cache) }

    /// Compare and remove in one step (the actor runs it without suspending).
    public func remove(user: String, ifTokensAre expected: TokenSet) -> Bool {
        guard document.credential(for: user)?.tokens == expected else { return false }
        document.remove(user: user)
        return true
    }
}
