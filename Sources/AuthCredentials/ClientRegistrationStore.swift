// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// A ``CredentialStore`` that also keeps dynamic client registrations (RFC 7591), one per issuer. Both
/// stores of this module adopt it; call it through `CredentialStore.clientRegistration(forIssuer:)` and
/// `CredentialStore.saveClientRegistration(_:)`.
///
/// ```swift
/// extension KeychainStore: ClientRegistrationStore {
///     func storedClientRegistration(forIssuer issuer: String) async throws(AuthCredentialsError) -> StoredClientRegistration? { … }
///     func storeClientRegistration(_ registration: StoredClientRegistration) async throws(AuthCredentialsError) { … }
/// }
/// ```
///
/// It is a separate protocol so that conformances written before registrations existed still compile.
public protocol ClientRegistrationStore: CredentialStore {
    /// The registration kept for `issuer` (compared as UTF-8 bytes), if any.
    func storedClientRegistration(forIssuer issuer: String) async throws(AuthCredentialsError) -> StoredClientRegistration?
    /// Keeps `registration`, replacing any for the same issuer.
    func storeClientRegistration(_ registration: StoredClientRegistration) async throws(AuthCredentialsError)
}
