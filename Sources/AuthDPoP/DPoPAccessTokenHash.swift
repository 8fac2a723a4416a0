// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthBase64URL
import AuthDigest

/// A DPoP proof's `ath` (RFC 9449 §4.2): base64url(SHA-256(ASCII(access token))), without padding.
///
/// ```swift
/// DPoPAccessTokenHash.hash("Kz~8mXK1EalYznwH-LC-1fBAo.4Ljp~zsPE_NeO.gxU")
/// // "fUHyO2r2Z3DZ53EsNrWBb0xWXoaNy59IiKCAqksmQEo" (RFC 9449 §7.1)
/// ```
public enum DPoPAccessTokenHash {
    /// The `ath` of `accessToken`.
    public static func hash(_ accessToken: String) -> String {
        Base64URL.encode(SHA256.hash(data: Array(accessToken.utf8)))
    }
}
