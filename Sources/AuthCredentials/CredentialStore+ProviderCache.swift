// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

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
