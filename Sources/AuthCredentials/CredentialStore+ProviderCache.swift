/// The provider cache (``ProviderCache``): optional for a store. The defaults keep nothing, so a
/// conformance written before the cache existed still compiles and works — its clients just cannot start
/// offline. ``InMemoryCredentialStore`` and ``FileCredentialStore`` keep it in their document.
///
/// ```swift
/// extension MyKeychainStore {
///     func providerCache(for issuer: String) async throws(AuthCredentialsError) -> ProviderCache? { … }
///     func saveProviderCache(_ cache: ProviderCache) async throws(AuthCredentialsError) { … }
/// }
/// ```
extension CredentialStore {
    /// The cached documents of `issuer`, if any. Default: nil.
    public func providerCache(for issuer: String) async throws(AuthCredentialsError) -> ProviderCache? { nil }

    /// Keeps `cache`, replacing the one of the same issuer. Default: keeps nothing.
    public func saveProviderCache(_ cache: ProviderCache) async throws(AuthCredentialsError) {}
}
