// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

extension CredentialStore {
    /// The client registration this store keeps for `issuer` (RFC 7591), if any. The default implementation,
    /// for a conformance written before registrations were stored, keeps none and returns nil.
    ///
    /// ```swift
    /// if let saved = try await store.clientRegistration(forIssuer: issuer) { clientID = saved.clientID }
    /// ```
    public func clientRegistration(forIssuer issuer: String) async throws(AuthCredentialsError) -> StoredClientRegistration? {
        if let store = self as? any ClientRegistrationStore { return try await store.storedClientRegistration(forIssuer: issuer) }
        return nil
    }

    /// Keeps `registration`, replacing the one for the same issuer. A store that does not keep
    /// registrations (a conformance that does not adopt ``ClientRegistrationStore``) throws
    /// ``AuthCredentialsError/clientRegistrationsNotSupported``: the registration is never dropped silently.
    public func saveClientRegistration(_ registration: StoredClientRegistration) async throws(AuthCredentialsError) {
        guard let store = self as? any ClientRegistrationStore else { throw .clientRegistrationsNotSupported }
        try await store.storeClientRegistration(registration)
    }
}
