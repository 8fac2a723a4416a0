// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthCallback
import AuthHTTP
import AuthJSON
import AuthJWT
import AuthPKCE
public import AuthSession

extension AuthClient {
    /// Reads and checks the authorization response in `redirect` for `request`: as
    /// ``AuthorizationRequest/response(from:)`` does, or — when the request asked for a JWT response mode
    /// (JARM, ``ResponseMode/isJWT``) — from the signed `response` JWT, verified first.
    ///
    /// ```swift
    /// let response = try await client.authorizationResponse(for: request, redirect: redirect)   // code, state checked
    /// ```
    ///
    /// For a JARM response, checked in this order, before any parameter is read (JARM §2.4, §4.4): the
    /// callback matches; the response is where the mode puts it (query for `jwt` and `query.jwt`, fragment
    /// for `fragment.jwt`, a form POST for `form_post.jwt`) as exactly one `response` parameter; it is not
    /// encrypted (a five-part JWE is ``AuthClientError/encryptedAuthorizationResponse``: out of scope); its
    /// `alg` is one of the configuration's asymmetric ``ClientConfiguration/allowedAlgorithms`` that the
    /// provider's `authorization_signing_alg_values_supported` lists (when it lists any); the signature
    /// verifies with a key of the provider's JWK Set (fetched again once for an unknown `kid`); `iss` is the
    /// issuer; `aud` contains the client id; `exp` has not passed (with ``ClientConfiguration/leewaySeconds``).
    /// Any failure is ``AuthClientError/invalidAuthorizationResponseJWT(reason:cause:)``. Then the JWT's
    /// string claims are checked as a plain response is: `state` (constant time), `iss`, `error`, `code`.
    public func authorizationResponse(for request: AuthorizationRequest, redirect: Redirect) async throws(AuthClientError)
        -> AuthorizationResponse
    {
        guard let mode = request.options.responseMode, mode.isJWT else { return try request.response(from: redirect) }
        guard request.callback.matches(redirect.callbackURL) else { throw .callback(.callbackMismatch) }
        let body = redirect.formBody
        if mode == .formPostJWT, body == nil {
            throw .invalidAuthorizationResponseJWT(reason: "form_post.jwt: the response did not come as a form POST", cause: nil)
        }
        let parameters: [FormParameter]
        do {
            if mode == .formPostJWT, let body {
                parameters = try FormParameter.parse(body)
            } else if mode == .fragmentJWT {
                parameters = try redirect.callbackURL.fragmentParameters()
            } else {
                parameters = try redirect.callbackURL.queryParameters()
            }
        } catch {
            throw .callback(error)
        }
        let responses = parameters.filter { $0.name.utf8.elementsEqual("response".utf8) }
        guard responses.count == 1 else {
            let plainError = parameters.first { $0.name == "error" }.map {
                ", only an unsigned error '\($0.value)' that cannot be verified"
            }
            throw .invalidAuthorizationResponseJWT(
                reason: responses.isEmpty ? "no response parameter (JARM §2.3)\(plainError ?? "")" : "the response parameter is repeated",
                cause: nil)
        }
        let claims = try await verifiedResponseClaims(responses[0].value)
        var inner: [FormParameter] = []
        for (name, value) in claims.members where name != "aud" {
            if let text = value.stringValue { inner.append(FormParameter(name: name, value: text)) }
        }
        do {
            return try AuthorizationResponse(
                parameters: inner, expecting: .init(state: request.state.value, issuer: metadata.issuer, requiresIssuer: true))
        } catch {
            throw .callback(error)
        }
    }

    /// The claims of a JARM response JWT once its algorithm, signature, `iss`, `aud` and `exp` are checked.
    func verifiedResponseClaims(_ token: String) async throws(AuthClientError) -> JSONObject {
        if token.utf8.filter({ $0 == UInt8(ascii: ".") }).count == 4 { throw .encryptedAuthorizationResponse }
        var allowed = configuration.allowedAlgorithms.filter { $0 != .none && !$0.rawValue.hasPrefix("HS") }
        if let advertised = metadata.authorizationSigningAlgorithmsSupported {
            allowed = allowed.filter { advertised.contains($0.rawValue) }
        }
        var validator = JWTValidator(allowedAlgorithms: allowed)
        validator.issuer = metadata.issuer
        validator.audience = configuration.clientID
        validator.leewaySeconds = configuration.leewaySeconds
        let now = clock.now()
        func refused(_ error: AuthJWTError) -> AuthClientError {
            if case .encryptedTokenNotSupported = error { return .encryptedAuthorizationResponse }
            return .invalidAuthorizationResponseJWT(reason: "the response JWT failed its checks", cause: error)
        }
        return try await withProviderKeys(refused: refused) { (keys) throws(AuthJWTError) in
            try validator.validate(token, keys: keys, now: now).jwt.claims.object
        }
    }
}
