// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// An OAuth `state` value: an unguessable token that ties the authorization response to the request
/// this client made, protecting the redirect against cross-site request forgery (RFC 6749 §10.12,
/// RFC 9700 §4.7).
///
/// ```swift
/// let state = OAuthState()                    // 256 random bits as 43 base64url characters
/// // authorization request: state=\(state.value)
/// // callback: guard state.matches(receivedState) else { reject }
/// ```
///
/// See ``RandomToken`` for what is generated, validated and compared.
public typealias OAuthState = RandomToken<OAuthStateKind>

/// The kind of ``RandomToken`` that is an OAuth `state`.
public enum OAuthStateKind: RandomTokenKind {
    public static var typeName: String { "OAuthState" }
    public static var emptyValueError: AuthPKCEError { .emptyState }
    public static func invalidCharacterError(offset: Int) -> AuthPKCEError { .invalidStateCharacter(offset: offset) }
}
