// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthJWT

extension ClientConfiguration {
    /// Keeps to `profile` from now on, and sets what the profile decides: DPoP-bound tokens (`usesDPoP`,
    /// `requiresDPoPBoundTokens`), the accepted ID-token and JARM algorithms narrowed to PS256, ES256 and
    /// EdDSA, the issuer as a `private_key_jwt` assertion's `aud`, and request objects valid at most 60
    /// minutes. What it cannot choose for you — the client's key and authentication method, the provider —
    /// is checked when the ``AuthClient`` is made (``AuthClientError/fapi2Violation(_:)``).
    ///
    /// ```swift
    /// configuration.adopt(.securityProfile)
    /// configuration.usesDPoP   // true
    /// ```
    public mutating func adopt(_ profile: FAPI2Profile) {
        fapi2Profile = profile
        usesDPoP = true
        requiresDPoPBoundTokens = true
        let narrowed = allowedAlgorithms.filter { FAPI2Profile.allowedAlgorithms.contains($0) }
        allowedAlgorithms = narrowed.isEmpty ? FAPI2Profile.allowedAlgorithms : narrowed
        if case .privateKeyJWT(let key, _) = clientAuthentication { clientAuthentication = .privateKeyJWT(key, audience: .issuer) }
        requestObjectLifetimeSeconds = min(requestObjectLifetimeSeconds, FAPI2Profile.maximumRequestObjectLifetimeSeconds)
    }
}
