// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthBase64URL
import AuthCallback
import AuthClient
import AuthJSON
import AuthJWT
import AuthSession

extension FakeOpenIDProvider {
    /// Something wrong with the next JWT-secured authorization response (JARM), to see the client refuse it.
    public enum AuthorizationResponseDefect: String, CaseIterable, Sendable {
        /// `iss` is not the provider's issuer.
        case wrongIssuer
        /// `aud` is another client.
        case wrongAudience
        /// `exp` passed an hour ago.
        case expired
        /// The signature does not verify.
        case badSignature
        /// `alg: none`, no signature.
        case unsigned
        /// No `state` claim.
        case missingState
        /// Five parts, as an encrypted JWT (JWE) has.
        case encrypted
    }

    /// How long a JARM response JWT lives, in seconds (JARM §4.1 recommends short: ten minutes at most).
    static let authorizationResponseLifetime: Int64 = 600

    /// Makes the next JARM response defective.
    public func spoilNextAuthorizationResponse(_ defect: AuthorizationResponseDefect) {
        state.withLock { $0.responseDefect = defect }
    }

    /// The response modes the provider supports (`response_modes_supported`), JARM's included.
    static let responseModes: [String] = ["query", "fragment", "form_post", "jwt", "query.jwt", "fragment.jwt", "form_post.jwt"]

    /// The authorization response `parameters` as JARM's `response` JWT (JARM §4.1): `iss`, `aud` (the
    /// client), `exp`, then the parameters (`code`, `state`, or `error`, …), signed with the ID-token key.
    func responseJWT(_ parameters: [FormParameter], clientID: String) -> String {
        let now = clock.now().secondsSince1970
        return state.withLock { state in
            let defect = state.responseDefect
            state.responseDefect = nil
            var claims = JSONObject()
            if !misbehaves(.jarmWithoutIssuer) {
                try? claims.append("iss", .string(defect == .wrongIssuer ? configuration.issuer + "/impostor" : configuration.issuer))
            }
            if !misbehaves(.jarmWithoutAudience) { try? claims.append("aud", .string(defect == .wrongAudience ? "another-app" : clientID)) }
            let issuedAt = now + state.skew
            if !misbehaves(.jarmWithoutExpiry) {
                try? claims.append(
                    "exp", .number(JSONNumber(defect == .expired ? issuedAt - 3600 : issuedAt + Self.authorizationResponseLifetime)))
            }
            for parameter in parameters where parameter.name != "iss" && !(defect == .missingState && parameter.name == "state") {
                try? claims.append(parameter.name, .string(parameter.value))
            }
            let payload = Base64URL.encode(JSONValue.object(claims).serialized())
            switch defect {
            case .unsigned:
                return Base64URL.encode(Array(#"{"alg":"none"}"#.utf8)) + "." + payload + "."
            case .encrypted:
                return Base64URL.encode(Array(#"{"alg":"RSA-OAEP","enc":"A256GCM"}"#.utf8)) + ".a2V5.aXY." + payload + ".dGFn"
            default:
                var token = state.signingKey.sign(claims: claims, using: &state.generator)
                if defect == .badSignature {
                    let last = token.removeLast()
                    token.append(last == "A" ? "Q" : "A")
                }
                return token
            }
        }
    }

    /// Where the authorization response goes: the redirect URI with the parameters in the query (or the
    /// fragment), or the redirect URI and a form body; with a JWT response mode, as one `response` JWT.
    func deliver(_ parameters: [FormParameter], to redirectURI: String, mode: String?, clientID: String) -> (String, [UInt8]?) {
        let mode = mode.map(ResponseMode.init(rawValue:))
        var parameters = parameters
        if let mode, mode.isJWT { parameters = [FormParameter(name: "response", value: responseJWT(parameters, clientID: clientID))] }
        let encoded = FormParameter.encode(parameters)
        switch mode {
        case .formPost?, .formPostJWT?: return (redirectURI, Array(encoded.utf8))
        case .fragment?, .fragmentJWT?: return (redirectURI + "#" + encoded, nil)
        default: return (redirectURI + (redirectURI.contains("?") ? "&" : "?") + encoded, nil)
        }
    }
}
