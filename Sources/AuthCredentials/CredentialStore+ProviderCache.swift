// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// The provider cache (``ProviderCache``): optional for a store. The defaults keep nothing, so a
/// conformance written before the cache existed still compiles and works — its clients just cannot start
/// offline. ``InMemoryCredentialStore`` and ``FileCredentialStore`` keep it in their document. The
/// defaults are synchronous, so a store's own methods (synchronous or `async`) always outrank them, also
/// when called on the concrete type (see ``CredentialStore``'s note on defaults).
///
/// ```swift
/// extension MyKeychainStore {
///     func providerCache(for issuer: String) async throws(AuthCredentialsError) -> ProviderCache? { … }
///     func saveProviderCache(_ cache: ProviderCache) async throws(AuthCredentialsError) { … }
/// }
/// ```
extension CredentialStore {
    /// The cached documents of `issuer`, if any. Default: nil.
    public func providerCache(for issuer: String) throws(AuthCredentialsError) -> ProviderCache? { nil }

    /// Keeps `cache`, replacing the one of the same issuer. Default: keeps nothing.
    public func saveProviderCache(_ cache: ProviderCache) throws(AuthCredentialsError) {}
}
