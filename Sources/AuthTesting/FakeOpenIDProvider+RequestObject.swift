// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthBase64URL
import AuthCallback
import AuthClient
public import AuthJSON
import AuthJWT
import AuthSession

extension FakeOpenIDProvider {
    /// Why a request object (RFC 9101) was refused: `invalid_request_object` (§7) with this description.
    struct RequestObjectRefused: Error {
        let reason: String
    }

    /// The longest `exp` − `nbf` a request object may have, in seconds (FAPI 2.0's 60 minutes).
    static let maximumRequestObjectLifetime: Int64 = 3600

    /// The parameters of the request object in `outer` (by value, §5.1, or pushed, RFC 9126 §3), checked as
    /// RFC 9101 §6 says: a JWS (not `none`, not encrypted) by one of
    /// ``Configuration/requestObjectSigningAlgorithms`` that verifies with a key the client registered
    /// (``Configuration/requestObjectKeys``, or its `private_key_jwt` key); `iss` = the client id; `aud` the
    /// issuer; `exp` in the future, `nbf` (when present) not, and at most an hour between them; `client_id`
    /// inside equal to the one outside, which is required (§5), and `response_type` too when sent outside
    /// (OpenID Connect Core §6.1). Only the parameters inside are used (§6.3): those outside are ignored.
    func requestObjectParameters(_ outer: [FormParameter]) throws(RequestObjectRefused) -> [FormParameter] {
        func outside(_ name: String) -> String? { outer.first { $0.name == name }?.value }
        guard let text = outside("request") else { throw RequestObjectRefused(reason: "no request parameter") }
        guard outside("request_uri") == nil else { throw RequestObjectRefused(reason: "request and request_uri together (RFC 9101 §5)") }
        guard let clientID = outside("client_id") else { throw RequestObjectRefused(reason: "client_id is required outside (RFC 9101 §5)") }
        let header: JSONObject
        let claims: JSONObject
        if let unsigned = Self.unsignedRequestObject(text) {
            // Core §6.1: `alg: none`, only when the provider lists it.
            guard configuration.requestObjectSigningAlgorithms.contains(.none) else {
                throw RequestObjectRefused(reason: "the request object is unsigned (alg none), which is not accepted")
            }
            (header, claims) = unsigned
        } else {
            let jws: JWS
            do {
                jws = try JWS(compact: text)
            } catch {
                throw RequestObjectRefused(reason: "the request object is not a signed JWT (\(error))")
            }
            guard configuration.requestObjectSigningAlgorithms.contains(jws.header.algorithm) else {
                throw RequestObjectRefused(reason: "the request object's alg \(jws.header.algorithm.rawValue) is not accepted")
            }
            guard let object = (try? JSONValue(parsing: jws.payload))?.objectValue else {
                throw RequestObjectRefused(reason: "the request object's claims are not a JSON object")
            }
            guard verifiesRequestObject(jws, clientID: clientID) else {
                throw RequestObjectRefused(reason: "the request object's signature does not verify with the client's keys")
            }
            (header, claims) = (jws.header.parameters, object)
        }
        guard claims["iss"]?.stringValue == clientID else { throw RequestObjectRefused(reason: "iss is not the client id") }
        let audiences = claims["aud"]?.stringValue.map { [$0] } ?? claims["aud"]?.arrayValue?.compactMap(\.stringValue) ?? []
        guard audiences.contains(configuration.issuer) else { throw RequestObjectRefused(reason: "aud is not the issuer") }
        guard claims["client_id"]?.stringValue == clientID else {
            throw RequestObjectRefused(reason: "the client_id inside is not the one outside (RFC 9101 §6.3)")
        }
        if let responseType = outside("response_type"), claims["response_type"]?.stringValue != responseType {
            throw RequestObjectRefused(reason: "the response_type inside is not the one outside (OpenID Connect Core §6.1)")
        }
        let now = clock.now().secondsSince1970 + clockSkewSeconds
        guard let expiry = claims["exp"]?.numberValue?.int64Value else { throw RequestObjectRefused(reason: "exp is missing") }
        guard now < expiry else { throw RequestObjectRefused(reason: "the request object has expired") }
        if let notBefore = claims["nbf"]?.numberValue?.int64Value {
            guard notBefore <= now else { throw RequestObjectRefused(reason: "the request object is not valid yet (nbf)") }
            guard expiry - notBefore <= Self.maximumRequestObjectLifetime else {
                throw RequestObjectRefused(reason: "the request object lives longer than an hour")
            }
        }
        var parameters: [FormParameter] = []
        for (name, value) in claims.members where !["iss", "aud", "exp", "iat", "nbf", "jti"].contains(name) {
            if let text = value.stringValue {
                parameters.append(FormParameter(name: name, value: text))
            } else if let number = value.numberValue?.int64Value {
                parameters.append(FormParameter(name: name, value: String(number)))
            } else if let array = value.arrayValue, case let texts = array.compactMap(\.stringValue), texts.count == array.count {
                parameters += texts.map { FormParameter(name: name, value: $0) }
            } else {
                throw RequestObjectRefused(reason: "the request object's '\(name)' is not a string, number or array of strings")
            }
        }
        state.withLock { $0.lastRequestObject = (header, claims) }
        return parameters
    }

    /// The header and claims of the last request object the provider accepted, or nil: for tests that look
    /// at what the client signed.
    public var lastRequestObject: (header: JSONObject, claims: JSONObject)? {
        state.withLock { $0.lastRequestObject }
    }

    /// The header and claims of an unsigned request object (`alg: none`, an empty signature), or nil.
    static func unsignedRequestObject(_ text: String) -> (JSONObject, JSONObject)? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[2].isEmpty, let headerBytes = try? Base64URL.decode(String(parts[0])),
            let header = (try? JSONValue(parsing: headerBytes))?.objectValue, header["alg"]?.stringValue == "none",
            let payload = try? Base64URL.decode(String(parts[1])), let claims = (try? JSONValue(parsing: payload))?.objectValue
        else { return nil }
        return (header, claims)
    }

    /// Fetches the request object of an https `request_uri` (RFC 9101 §5.2) from ``Configuration/requestURIHost``,
    /// keeping it for the authorization request that names it.
    func resolveRequestURI(forAuthorizationURL url: URI) async {
        guard let host = configuration.requestURIHost,
            let requestURI = (try? url.queryParameters())?.first(where: { $0.name == "request_uri" })?.value,
            requestURI.hasPrefix("https://") || requestURI.hasPrefix("http://")
        else { return }
        var request = TransportRequest(method: .get, url: requestURI)
        request.setHeader("Accept", "application/oauth-authz-req+jwt")
        state.withLock { $0.fetchedRequestURIs.append(requestURI) }
        guard let response = try? await host.send(request), response.status == 200 else { return }
        let object = String(decoding: response.body, as: UTF8.self)
        state.withLock { $0.fetchedRequestObjects[requestURI] = object }
    }

    /// The `request_uri`s the provider fetched request objects from, in order.
    public var fetchedRequestURIs: [String] {
        state.withLock { $0.fetchedRequestURIs }
    }

    /// Whether `jws` verifies with one of the keys `clientID` registered for request objects.
    private func verifiesRequestObject(_ jws: JWS, clientID: String) -> Bool {
        var keys = configuration.requestObjectKeys[clientID] ?? []
        if case .privateKeyJWT(let key, _)? = authentication(ofClient: clientID) { keys.append(key.key.publicJWK) }
        guard let verifier = JWSVerifier.defaults.first(where: { $0.algorithm == jws.header.algorithm }) else { return false }
        for object in keys {
            guard let jwk = try? JWK(object) else { continue }
            if let keyID = jws.header.keyID, let own = jwk.keyID, own != keyID { continue }
            if (try? verifier.isValidSignature(jws.signature, signingInput: jws.signingInput, key: jwk)) == true { return true }
        }
        return false
    }
}
