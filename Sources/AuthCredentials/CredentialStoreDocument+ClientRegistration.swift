// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

extension CredentialStoreDocument {
    /// The registration kept for `issuer` (compared as UTF-8 bytes), if any.
    public func clientRegistration(forIssuer issuer: String) -> StoredClientRegistration? {
        (clientRegistrations ?? []).first { $0.issuer.utf8.elementsEqual(issuer.utf8) }
    }

    /// Keeps `registration`, replacing any for the same issuer.
    public mutating func saveClientRegistration(_ registration: StoredClientRegistration) {
        var registrations = (clientRegistrations ?? []).filter { !$0.issuer.utf8.elementsEqual(registration.issuer.utf8) }
        registrations.append(registration)
        clientRegistrations = registrations
    }
}
