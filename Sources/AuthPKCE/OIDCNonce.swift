// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// An OpenID Connect `nonce`: a random value sent in the authentication request that the ID token must
/// carry back, binding the token to this client session and defeating replay (OIDC Core §3.1.2.1,
/// §15.5.2).
///
/// ```swift
/// let nonce = OIDCNonce()                     // 256 random bits as 43 base64url characters
/// // authentication request: nonce=\(nonce.value)
/// // ID token validation: guard nonce.matches(claims.nonce) else { reject }
/// ```
///
/// See ``RandomToken`` for what is generated, validated and compared.
public typealias OIDCNonce = RandomToken<OIDCNonceKind>

/// The kind of ``RandomToken`` that is an OpenID Connect `nonce`.
public enum OIDCNonceKind: RandomTokenKind {
    public static var typeName: String { "OIDCNonce" }
    public static var emptyValueError: AuthPKCEError { .emptyNonce }
    public static func invalidCharacterError(offset: Int) -> AuthPKCEError { .invalidNonceCharacter(offset: offset) }
}
