// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthBase64URL
import AuthJSON

extension FakeOpenIDProvider {
    /// A way the provider misbehaves for as long as it lives, set in ``Configuration/misbehaviours``: one
    /// misbehaving provider per OpenID conformance-suite RP test (the FAPI 2.0 client tests, e.g.
    /// `fapi2-security-profile-final-client-test-invalid-missing-iss`), to see the client refuse — or, for
    /// the few that are allowed, accept — what it gets.
    ///
    /// ```swift
    /// var configuration = FakeOpenIDProvider.Configuration()
    /// configuration.misbehaviours = [.authorizationResponseWithoutIssuer]
    /// let provider = FakeOpenIDProvider(configuration)
    /// ```
    public enum Misbehaviour: String, CaseIterable, Hashable, Sendable {
        /// The discovery document names another issuer (OpenID Connect Discovery §4.3).
        case discoveryIssuerMismatch
        /// ID tokens have no `iss`.
        case idTokenWithoutIssuer
        /// ID tokens have no `aud`.
        case idTokenWithoutAudience
        /// ID tokens have `aud` as an array of the client and a client nobody trusts, and no `azp`.
        case idTokenWithUntrustedSecondAudience
        /// ID tokens have `aud` as an array holding only the client: valid (Core §2).
        case idTokenAudienceAsArray
        /// ID tokens have no `exp`.
        case idTokenWithoutExpiry
        /// ID tokens have no `nonce`, although the request had one.
        case idTokenWithoutNonce
        /// ID tokens are unsecured: `alg: none`, no signature.
        case idTokenUnsigned
        /// The authorization response's `iss` is another issuer (RFC 9207 §2.4).
        case authorizationResponseWithWrongIssuer
        /// The authorization response has no `iss`, though the metadata says it is sent (RFC 9207 §2.4).
        case authorizationResponseWithoutIssuer
        /// The authorization response has no `state` (RFC 6749 §4.1.2).
        case authorizationResponseWithoutState
        /// JARM response JWTs have no `iss`.
        case jarmWithoutIssuer
        /// JARM response JWTs have no `aud`.
        case jarmWithoutAudience
        /// JARM response JWTs have no `exp`.
        case jarmWithoutExpiry
        /// Token responses have no `expires_in` (RFC 6749 §5.1 makes it RECOMMENDED, not required): valid.
        case tokenResponseWithoutExpiresIn
        /// Token responses say `token_type` in lower case (`dpop`, `bearer`): valid, the type is
        /// case-insensitive (RFC 6749 §5.1).
        case tokenTypeInLowerCase
        /// The resource's (userinfo's) `DPoP` challenges spell the scheme `dPoP`: valid, auth schemes are
        /// case-insensitive (RFC 9110 §11.1).
        case resourceDPoPChallengeInMixedCase
        /// Token responses grant one more authorization details entry than was asked for, of a type nobody
        /// asked for (`{"type":"unrequested_type"}`): a provider may grant other than what was asked (RFC 9396
        /// §7), and the client must record exactly that, never what it asked for.
        case grantsUnrequestedAuthorizationDetails
        /// Token responses leave `authorization_details` out, as a provider that ignores the parameter does
        /// (RFC 6749 §3.2) — contrary to RFC 9396 §7, which requires it.
        case tokenResponseWithoutAuthorizationDetails
    }

    /// Whether the provider misbehaves in this way.
    func misbehaves(_ misbehaviour: Misbehaviour) -> Bool {
        configuration.misbehaviours.contains(misbehaviour)
    }

    /// `token` with its header replaced by `alg: none` and its signature dropped (RFC 7519 §6).
    static func unsecured(_ token: String) -> String {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return token }
        return Base64URL.encode(Array(#"{"alg":"none"}"#.utf8)) + "." + parts[1] + "."
    }
}
