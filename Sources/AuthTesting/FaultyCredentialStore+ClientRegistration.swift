// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthCredentials

extension FaultyCredentialStore: ClientRegistrationStore {
    /// The base store's registration for `issuer` (no faults are injected into registrations).
    public func storedClientRegistration(forIssuer issuer: String) async throws(AuthCredentialsError) -> StoredClientRegistration? {
        try await base.clientRegistration(forIssuer: issuer)
    }

    /// Keeps `registration` in the base store (throws `clientRegistrationsNotSupported` when the base keeps none).
    public func storeClientRegistration(_ registration: StoredClientRegistration) async throws(AuthCredentialsError) {
        try await base.saveClientRegistration(registration)
    }
}
