/// Where credentials live between launches: a small async protocol so that the client can keep them in
/// memory (tests), in a file (CLI, desktop, Linux), or in the Keychain (your own conformance).
///
/// ```swift
/// let store = FileCredentialStore(path: "/home/me/.config/myapp/credentials.json")
/// try await store.save(StoredCredential(credential, tokens: tokens))   // merges with what was there
/// let resumed = try await store.lastUser()                             // on the next launch
/// ```
///
/// Rules every conformance keeps (``CredentialStoreDocument`` implements them once):
/// - ``save(_:)`` merges with the stored record of the same user (``StoredCredential/merging(_:)``), so a
///   later sign-in without the name does not lose it, and makes that user the last user;
/// - ``remove(user:)`` forgets the user entirely, including the name;
/// - a store that cannot be read throws; it never pretends to be empty.
public protocol CredentialStore: Sendable {
    /// The stored record of `user`, if any.
    func credential(for user: String) async throws(AuthCredentialsError) -> StoredCredential?
    /// The record of the user saved last, to resume a session on launch.
    func lastUser() async throws(AuthCredentialsError) -> StoredCredential?
    /// Merges `credential` into the store, makes its user the last user, and returns the merged record.
    @discardableResult
    func save(_ credential: StoredCredential) async throws(AuthCredentialsError) -> StoredCredential
    /// Forgets `user`.
    func remove(user: String) async throws(AuthCredentialsError)
    /// Forgets `user` only if the stored tokens are still `expected` — compare before remove, so that a
    /// client whose refresh token was refused never deletes newer tokens another client saved meanwhile.
    /// Returns whether it removed the user. The default reads, compares and removes; a store that can do
    /// it in one step (an actor, a database transaction) should.
    func remove(user: String, ifTokensAre expected: TokenSet) async throws(AuthCredentialsError) -> Bool
    /// The provider's cached public documents (``ProviderCache``) for `issuer`, if any; the default keeps none.
    func providerCache(for issuer: String) async throws(AuthCredentialsError) -> ProviderCache?
    /// Keeps `cache` in place of the one of the same issuer; the default keeps nothing.
    func saveProviderCache(_ cache: ProviderCache) async throws(AuthCredentialsError)
}

extension CredentialStore {
    public func remove(user: String, ifTokensAre expected: TokenSet) async throws(AuthCredentialsError) -> Bool {
        guard try await credential(for: user)?.tokens == expected else { return false }
        try await remove(user: user)
        return true
    }
}
