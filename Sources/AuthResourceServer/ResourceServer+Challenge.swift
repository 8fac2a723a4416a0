// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthDPoP
import AuthHTTP
import AuthJSON

extension ResourceServer {
    /// The answer to a refused request: status, `WWW-Authenticate` challenges, and a small JSON body.
    ///
    /// ```swift
    /// let challenge = server.challenge(for: .insufficientScope(required: ["mcp:tools"], granted: []))
    /// challenge.status   // 403
    /// // WWW-Authenticate: Bearer error="insufficient_scope", error_description="…", scope="mcp:tools",
    /// //                   resource_metadata="https://mcp.example.com/.well-known/oauth-protected-resource/mcp"
    /// ```
    ///
    /// One `WWW-Authenticate` field per scheme the server takes — `Bearer` (RFC 6750 §3), `DPoP` (RFC 9449
    /// §7.1, with `algs`), or both under ``ResourceServerConfiguration/DPoPPolicy/allowed`` — each with
    /// `realm` when configured and `resource_metadata` (RFC 9728 §5.1). The error goes in every challenge,
    /// except a DPoP proof's (`invalid_dpop_proof`, `use_dpop_nonce`), which goes in the `DPoP` one only:
    /// - no token, or another scheme: 401 and no error code (RFC 6750 §3.1);
    /// - ``ResourceServerError/invalidRequest(_:)``: 400 `invalid_request`;
    /// - a token that is not valid here: 401 `invalid_token`;
    /// - a DPoP proof that is not: 401 `invalid_dpop_proof`, or `use_dpop_nonce` with a `DPoP-Nonce`
    ///   field carrying the nonce to use (RFC 9449 §9);
    /// - ``ResourceServerError/insufficientScope(required:granted:)``: 403 `insufficient_scope` with
    ///   `scope` listing what the request needs;
    /// - ``ResourceServerError/insufficientUserAuthentication(acrValues:maxAge:)``: 401
    ///   `insufficient_user_authentication` with `acr_values` and `max_age` (RFC 9470 §3);
    /// - keys, metadata or introspection out of reach: 503 `temporarily_unavailable`, no challenge (the
    ///   client is not at fault); a configuration that cannot work: 500 `server_error`.
    ///
    /// `error_description` is one fixed sentence per error: never the token, a claim's value or a proof.
    /// Values are written as quoted strings with `"` and `\` escaped, so the fields parse back as sent.
    public func challenge(for error: ResourceServerError) -> ResourceChallenge {
        let answer = Self.answer(for: error)
        var fields: [HeaderField] = []
        if let code = answer.code, answer.status >= 500 {
            return ResourceChallenge(
                status: answer.status,
                headerFields: [
                    HeaderField(name: "Content-Type", value: "application/json"), HeaderField(name: "Cache-Control", value: "no-store"),
                ],
                body: Self.body(code: code, description: answer.description))
        }
        for scheme in offeredSchemes {
            let carriesError = !answer.dpopOnly || scheme == "DPoP"
            var writer = ChallengeWriter(scheme: scheme)
            if let realm = configuration.realm { writer.quoted("realm", realm) }
            if carriesError, let code = answer.code {
                writer.quoted("error", code)
                if let description = answer.description { writer.quoted("error_description", description) }
                if !answer.scope.isEmpty { writer.quoted("scope", answer.scope.joined(separator: " ")) }
                if !answer.acrValues.isEmpty { writer.quoted("acr_values", answer.acrValues.joined(separator: " ")) }
                if let maxAge = answer.maxAge { writer.token("max_age", String(maxAge)) }
            }
            writer.quoted("resource_metadata", metadataURL)
            if scheme == "DPoP" { writer.quoted("algs", configuration.dpopVerification.allowedAlgorithms.joined(separator: " ")) }
            fields.append(HeaderField(name: "WWW-Authenticate", value: writer.text))
        }
        if let nonce = answer.nonce { fields.append(HeaderField(name: "DPoP-Nonce", value: nonce)) }
        guard let code = answer.code else { return ResourceChallenge(status: answer.status, headerFields: fields) }
        fields += [HeaderField(name: "Content-Type", value: "application/json"), HeaderField(name: "Cache-Control", value: "no-store")]
        return ResourceChallenge(status: answer.status, headerFields: fields, body: Self.body(code: code, description: answer.description))
    }

    /// The schemes of the challenges, by the DPoP policy.
    var offeredSchemes: [String] {
        switch configuration.dpop {
        case .disabled: ["Bearer"]
        case .allowed: ["Bearer", "DPoP"]
        case .required: ["DPoP"]
        }
    }

    private struct Answer {
        var status: Int
        var code: String?
        var description: String?
        var dpopOnly = false
        var scope: [String] = []
        var acrValues: [String] = []
        var maxAge: Int64? = nil
        var nonce: String? = nil
    }

    private static func answer(for error: ResourceServerError) -> Answer {
        func invalidToken(_ description: String) -> Answer { Answer(status: 401, code: "invalid_token", description: description) }
        switch error {
        case .missingToken, .unsupportedScheme: return Answer(status: 401)
        case .invalidRequest(let reason): return Answer(status: 400, code: "invalid_request", description: reason)
        case .malformedToken: return invalidToken("the access token is malformed")
        case .invalidTokenType: return invalidToken("the access token is not a JWT access token (typ at+jwt)")
        case .algorithmNotAllowed: return invalidToken("the access token's signing algorithm is not accepted")
        case .untrustedIssuer: return invalidToken("the access token is not from a trusted authorization server")
        case .audienceMismatch: return invalidToken("the access token is not for this resource")
        case .invalidSignature: return invalidToken("the access token's signature is invalid")
        case .expired: return invalidToken("the access token expired")
        case .notYetValid: return invalidToken("the access token is not valid yet")
        case .issuedInFuture: return invalidToken("the access token was issued in the future")
        case .issuedTooLongAgo: return invalidToken("the access token is too old")
        case .missingClaim(let name): return invalidToken("the access token has no \(name) claim")
        case .invalidClaim(let name, _): return invalidToken("the access token's \(name) claim is invalid")
        case .tokenInactive: return invalidToken("the access token is not active")
        case .dpopBindingRequired: return invalidToken("the access token is DPoP-bound: use the DPoP scheme with a proof")
        case .dpopKeyMismatch: return invalidToken("the DPoP proof's key is not the key the access token is bound to")
        case .unboundTokenWithDPoP: return invalidToken("the access token is not DPoP-bound: use the Bearer scheme")
        case .dpopRequired: return invalidToken("this resource accepts DPoP-bound access tokens only")
        case .missingDPoPProof:
            return Answer(status: 401, code: "invalid_dpop_proof", description: "the DPoP proof is missing", dpopOnly: true)
        case .multipleDPoPProofs:
            return Answer(status: 401, code: "invalid_dpop_proof", description: "more than one DPoP proof", dpopOnly: true)
        case .dpopProof(.useDPoPNonce(let nonce)):
            return Answer(
                status: 401, code: "use_dpop_nonce", description: "use the DPoP-Nonce value as the proof's nonce", dpopOnly: true,
                nonce: nonce)
        case .dpopProof:
            return Answer(status: 401, code: "invalid_dpop_proof", description: "the DPoP proof is invalid", dpopOnly: true)
        case .insufficientScope(let required, _):
            return Answer(status: 403, code: "insufficient_scope", description: "the access token lacks a required scope", scope: required)
        case .insufficientUserAuthentication(let acrValues, let maxAge):
            return Answer(
                status: 401, code: "insufficient_user_authentication", description: "a stronger or more recent authentication is required",
                acrValues: acrValues, maxAge: maxAge)
        case .keysUnavailable, .discoveryFailed, .introspectionFailed:
            return Answer(status: 503, code: "temporarily_unavailable", description: "the authorization server cannot be reached")
        case .invalidConfiguration:
            return Answer(status: 500, code: "server_error", description: "the resource server is misconfigured")
        }
    }

    private static func body(code: String, description: String?) -> [UInt8] {
        var object = JSONObject()
        try? object.append("error", .string(code))
        if let description { try? object.append("error_description", .string(description)) }
        return JSONValue.object(object).serialized()
    }
}
