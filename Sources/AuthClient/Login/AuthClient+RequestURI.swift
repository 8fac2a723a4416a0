// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthBase64URL
import AuthCallback
import AuthJSON
import AuthJWT

extension AuthClient {
    /// A request object passed by reference (RFC 9101 §5.2, OpenID Connect Core §6.2): the request's
    /// parameters as a request object the app serves at `requestURI`, and the request reduced to
    /// `client_id`, `response_type`, `scope` and `request_uri`.
    ///
    /// ```swift
    /// let plain = try client.authorizationRequest(using: &generator)
    /// let (request, object) = try await client.requestObjectByReference(
    ///     plain, requestURI: "https://app.example.com/requests/42", using: &generator)
    /// serve(object, at: "https://app.example.com/requests/42", contentType: "application/oauth-authz-req+jwt")
    /// let redirect = try await AuthenticationSession(url: request.url, callback: request.callback, userAgent: browser).authenticate()
    /// ```
    ///
    /// Signed (`unsigned: false`, the default) with the request-object key as by value
    /// (``ClientConfiguration/requestObjectSigningKey`` or the `private_key_jwt` key, checked against
    /// `request_object_signing_alg_values_supported`). Unsigned (`alg: none`, Core §6.1) only when asked and
    /// the provider lists `none` in `request_object_signing_alg_values_supported` and does not require signed
    /// request objects (RFC 9101 §10.5): otherwise ``AuthClientError/requestObjectAlgorithmUnsupported(algorithm:supported:)``.
    /// Refused with ``AuthClientError/requestURIUnavailable(_:)``: a provider whose `request_uri_parameter_supported`
    /// is false, a `requestURI` that is not https (loopback http only when the configuration allows an
    /// insecure loopback issuer) or longer than 512 characters (RFC 9101 §5.2), a request already pushed or
    /// already carrying a request object. The object lives five minutes (`exp`); the app serves it only as
    /// long, and at a URL nobody can guess (it holds the state, nonce and PKCE challenge).
    public func requestObjectByReference(
        _ request: AuthorizationRequest, requestURI: String, unsigned: Bool = false, using generator: inout some RandomNumberGenerator
    ) async throws(AuthClientError) -> (request: AuthorizationRequest, requestObject: String) {
        // FAPI 2.0 §5.3.2.2: every request is pushed; a request object by reference would skip PAR (and, unsigned,
        // Message Signing).
        if configuration.fapi2Profile != nil { throw .fapi2Violation(.pushedAuthorizationDeclined) }
        guard metadata.requestURIParameterSupported else {
            throw .requestURIUnavailable("the provider says request_uri_parameter_supported: false")
        }
        guard requestURI.utf8.count <= 512 else {
            throw .requestURIUnavailable("request_uri is longer than 512 characters (RFC 9101 §5.2)")
        }
        do {
            try SecureURL.check(requestURI, name: "request_uri", allowsInsecureLoopback: configuration.allowsInsecureLoopbackIssuer)
        } catch {
            throw .requestURIUnavailable("request_uri must be an https URL the provider can fetch, not '\(requestURI)'")
        }
        guard request.requestObject == nil, !request.parameters.contains(where: { $0.name == "request_uri" || $0.name == "request" }) else {
            throw .requestURIUnavailable("the request is already pushed or carries a request object")
        }
        if let clash = request.parameters.first(where: { AuthorizationRequest.requestObjectOwnClaims.contains($0.name) }) {
            throw .requestURIUnavailable("the parameter '\(clash.name)' is one of the request object's own claims (RFC 9101 §4)")
        }
        let claims = AuthorizationRequest.requestObjectClaims(
            request.parameters, clientID: configuration.clientID, audience: metadata.issuer,
            jwtID: Self.requestObjectID(using: &generator), now: clock.now(), lifetimeSeconds: configuration.requestObjectLifetimeSeconds)
        let object: String
        if unsigned {
            let supported = metadata.requestObjectSigningAlgorithmsSupported ?? []
            guard supported.contains("none"), !metadata.requiresSignedRequestObject else {
                throw .requestObjectAlgorithmUnsupported(algorithm: "none", supported: supported)
            }
            var header = JSONObject()
            try? header.append("alg", "none")
            try? header.append("typ", "oauth-authz-req+jwt")
            object =
                Base64URL.encode(JSONValue.object(header).serialized()) + "." + Base64URL.encode(JSONValue.object(claims).serialized())
                + "."
        } else {
            let key = try requestObjectKey()
            var header = JSONObject()
            try? header.append("typ", "oauth-authz-req+jwt")
            object = try await key.signedJWT(type: nil, claims: claims, header: header, includesKeyID: true)
        }
        var outside = request.parameters.filter { ["response_type", "client_id", "scope"].contains($0.name) }
        outside.append(FormParameter(name: "request_uri", value: requestURI))
        var result = request
        do {
            result.url = try URI(parsing: SecureURL.appending(outside, to: metadata.authorizationEndpoint))
        } catch {
            throw .invalidProviderMetadata("authorization_endpoint does not make a valid URL (\(error))")
        }
        logger.log(.debug, .authorizationURL, "request object passed by reference", ["signed": .flag(!unsigned), "state": .redacted])
        return (result, object)
    }
}
