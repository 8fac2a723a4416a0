// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthBase64URL
import AuthCallback
import AuthJSON
import AuthJWT

extension AuthClient {
    /// Whether a request with `options` carries a signed request object; throws when it must and may not
    /// (RFC 9101 §10.5 `require_signed_request_object` with `.never`).
    func signsRequestObject(_ options: AuthorizationRequest.Options) throws(AuthClientError) -> Bool {
        if configuration.fapi2Profile?.requiresMessageSigning == true {
            // FAPI 2.0 Message Signing: every request is a signed request object.
            guard options.requestObject != .never else { throw .fapi2Violation(.requestObjectDeclined) }
            return true
        }
        switch options.requestObject {
        case .always: return true
        case .automatic: return metadata.requiresSignedRequestObject
        case .never:
            guard !metadata.requiresSignedRequestObject else {
                throw .requestObjectUnavailable(
                    "the provider requires signed request objects (require_signed_request_object) and the options say .never")
            }
            return false
        }
    }

    /// The key request objects are signed with — ``ClientConfiguration/requestObjectSigningKey``, else the
    /// `private_key_jwt` key — checked against `supported`: by default `request_object_signing_alg_values_supported`
    /// (RFC 9101 §10.1); CIBA's signed requests pass `backchannel_authentication_request_signing_alg_values_supported`.
    func requestObjectKey(supported: [String]?? = nil) throws(AuthClientError) -> any SigningKey {
        let key: any SigningKey
        if let configured = configuration.requestObjectSigningKey {
            key = configured.key
        } else if case .privateKeyJWT(let assertionKey, _) = configuration.clientAuthentication {
            key = assertionKey.key
        } else {
            throw .requestObjectUnavailable(
                "the configuration has no requestObjectSigningKey and its client authentication is not private_key_jwt")
        }
        guard key.algorithm != .none, !key.algorithm.rawValue.hasPrefix("HS") else {
            throw .requestObjectUnavailable("the key's algorithm \(key.algorithm.rawValue) is not an asymmetric signature")
        }
        if let supported = supported ?? metadata.requestObjectSigningAlgorithmsSupported, !supported.contains(key.algorithm.rawValue) {
            throw .requestObjectAlgorithmUnsupported(algorithm: key.algorithm.rawValue, supported: supported)
        }
        return key
    }

    /// `request` with its parameters signed into a request object (RFC 9101 §4) whose `jti` is `jwtID`, and —
    /// unless it is to be pushed — its URL reduced to `client_id`, `response_type`, `scope` (OpenID Connect
    /// Core §6.1 requires those outside too) and `request` (§5.1).
    func signRequestObject(_ request: AuthorizationRequest, jwtID: String, pushed: Bool) async throws(AuthClientError)
        -> AuthorizationRequest
    {
        let key = try requestObjectKey()
        if !pushed, !metadata.requestParameterSupported {
            throw .requestObjectUnavailable(
                "the provider says request_parameter_supported: false; push the request (pushedAuthorization: .always) instead")
        }
        // The request object's own claims are set here; a parameter of the same name would be dropped or
        // would replace them (RFC 9101 §4), so it is refused.
        if let clash = request.parameters.first(where: { AuthorizationRequest.requestObjectOwnClaims.contains($0.name) }) {
            throw .requestObjectUnavailable(
                "the parameter '\(clash.name)' is one of the request object's own claims (iss, aud, jti, iat, nbf, exp; RFC 9101 §4)")
        }
        let claims = AuthorizationRequest.requestObjectClaims(
            request.parameters, clientID: configuration.clientID, audience: metadata.issuer, jwtID: jwtID, now: clock.now(),
            lifetimeSeconds: configuration.requestObjectLifetimeSeconds)
        var header = JSONObject()
        try? header.append("typ", "oauth-authz-req+jwt")
        let jwt = try await key.signedJWT(type: nil, claims: claims, header: header, includesKeyID: true)
        var result = request
        result.requestObject = jwt
        guard !pushed else { return result }
        var outside = request.parameters.filter { ["response_type", "client_id", "scope"].contains($0.name) }
        outside.append(FormParameter(name: "request", value: jwt))
        do {
            result.url = try URI(parsing: SecureURL.appending(outside, to: metadata.authorizationEndpoint))
        } catch {
            throw .invalidProviderMetadata("authorization_endpoint does not make a valid URL (\(error))")
        }
        logger.log(.debug, .authorizationURL, "request object signed", ["alg": .text(key.algorithm.rawValue), "state": .redacted])
        return result
    }

    /// 128 bits from `generator`, base64url: a request object's `jti`.
    static func requestObjectID(using generator: inout some RandomNumberGenerator) -> String {
        var bytes: [UInt8] = []
        for _ in 0..<2 { withUnsafeBytes(of: generator.next().littleEndian) { bytes += $0 } }
        return Base64URL.encode(bytes)
    }
}

extension AuthorizationRequest {
    /// The claims a request object sets itself, which no authorization parameter may name.
    static let requestObjectOwnClaims: Set<String> = ["iss", "aud", "jti", "iat", "nbf", "exp"]

    /// The claims of a request object (RFC 9101 §4): `iss` (the client id) and `aud` (the issuer), every
    /// authorization parameter as a JSON string — `max_age` as a number (OpenID Connect Core §6.1), a
    /// repeated `resource` as an array, `authorization_details` as its JSON array (RFC 9396 §3) — then `jti`, `iat`, `nbf` and `exp`.
    static func requestObjectClaims(
        _ parameters: [FormParameter], clientID: String, audience: String, jwtID: String, now: NumericDate, lifetimeSeconds: Int64
    ) -> JSONObject {
        var claims = JSONObject()
        try? claims.append("iss", .string(clientID))
        try? claims.append("aud", .string(audience))
        var seen: Set<String> = []
        for parameter in parameters where seen.insert(parameter.name).inserted {
            let values = parameters.filter { $0.name == parameter.name }.map(\.value)
            if values.count > 1 {
                try? claims.append(parameter.name, .array(values.map(JSONValue.string)))
            } else if parameter.name == "max_age", let seconds = Int64(parameter.value) {
                try? claims.append(parameter.name, .number(JSONNumber(seconds)))
            } else if parameter.name == "authorization_details", let details = try? JSONValue(parsing: parameter.value) {
                try? claims.append(parameter.name, details)  // RFC 9396 §3: the JSON array itself
            } else {
                try? claims.append(parameter.name, .string(parameter.value))
            }
        }
        try? claims.append("jti", .string(jwtID))
        try? claims.append("iat", .number(JSONNumber(now.secondsSince1970)))
        try? claims.append("nbf", .number(JSONNumber(now.secondsSince1970)))
        try? claims.append("exp", .number(JSONNumber(now.adding(seconds: lifetimeSeconds).secondsSince1970)))
        return claims
    }
}
