// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthCredentials
public import AuthHTTP
import AuthJWT
import AuthSession

extension AuthClient {
    /// Asks the provider about a token (OAuth 2.0 Token Introspection, RFC 7662 §2.1), authenticated as this
    /// client: whether it is active, and its scope, client, subject and expiry.
    ///
    /// ```swift
    /// let answer = try await client.introspect(tokens.accessToken)
    /// if answer.isActive { print(answer.scopes, answer.expiresAt?.secondsSince1970 ?? 0) } else { print("inactive") }
    /// let signed = try await client.introspect(tokens.accessToken, signed: true)   // RFC 9701: a JWT, verified
    /// ```
    ///
    /// The endpoint is the metadata's ``ProviderMetadata/introspectionEndpoint``, else the first listed by the
    /// provider's RFC 8414 metadata documents (as for revocation; looked up once and remembered); none is
    /// ``AuthClientError/endpointNotAvailable(_:)``. The request is a POST of `token` and `token_type_hint` (nil:
    /// none sent) with this client's authentication (any method the configuration has, RFC 7662 §2.1).
    ///
    /// `active: false` is an answer (`TokenIntrospectionResponse.isActive` false), not an error. With `signed`,
    /// the answer is asked for as `application/token-introspection+jwt` (RFC 9701 §4) and verified with the
    /// provider's keys from its `jwks_uri` (the client's JWK Set cache, refetched once for an unknown `kid`): `typ`,
    /// an asymmetric `alg`, the signature, `iss` this issuer, `aud` this client's id, `iat` present. A 4xx with an
    /// OAuth error (RFC 7662 §2.3: `invalid_client` for a client that may not introspect) is
    /// ``AuthClientError/tokenEndpoint(_:)`` with the error as sent; any other failed check is
    /// ``AuthClientError/invalidIntrospectionResponse(_:)``.
    ///
    /// Not checked: the answer's `exp`, `iss` or `aud` (they describe the token; judge them as your use needs).
    public func introspect(_ token: String, hint: String? = "access_token", signed: Bool = false) async throws(AuthClientError)
        -> TokenIntrospectionResponse
    {
        guard
            let endpoint = try await authorizationServerEndpoint(
                "introspection_endpoint", listed: metadata.introspectionEndpoint, remembered: authorizationServerIntrospectionEndpoint)
        else { throw .endpointNotAvailable("introspection") }
        try SecureURL.check(endpoint, name: "introspection_endpoint", allowsInsecureLoopback: configuration.allowsInsecureLoopbackIssuer)
        var form = [FormParameter(name: "token", value: token)]
        if let hint { form.append(FormParameter(name: "token_type_hint", value: hint)) }
        let accept = signed ? TokenIntrospectionResponse.jwtMediaType : "application/json"
        let response = try await send(form: form, to: endpoint, headers: [HeaderField(name: "Accept", value: accept)])
        if response.status == 400 || response.status == 401 {
            do {
                _ = try TokenResponse(json: response.body)
            } catch .tokenErrorResponse(let error) {
                throw .tokenEndpoint(.tokenErrorResponse(error))
            } catch {}
        }
        do throws(AuthHTTPError) {
            guard signed else { return try TokenIntrospectionResponse(response) }
            let jwt = try TokenIntrospectionResponse.signedAnswer(response)
            let keys = try await introspectionKeys(keyID: jwt.header.keyID)
            return try TokenIntrospectionResponse(
                verifying: jwt, keys: keys, issuer: configuration.issuer, audiences: [configuration.clientID],
                leewaySeconds: configuration.leewaySeconds, now: clock.now().secondsSince1970)
        } catch {
            throw AuthClientError(error)
        }
    }

    /// The provider's keys for a signed answer: the cached JWK Set, refetched once (within the cooldown) when
    /// it has no key `keyID`.
    private func introspectionKeys(keyID: String?) async throws(AuthHTTPError) -> JWKSet {
        try await keySet.keys(
            forKeyID: keyID, using: transport, now: clock.now(), maximumAgeSeconds: configuration.keySetMaximumAgeSeconds,
            cooldownSeconds: configuration.keySetRefetchCooldownSeconds
        ).keys
    }
}
