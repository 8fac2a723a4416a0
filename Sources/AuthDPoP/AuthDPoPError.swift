// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthJWT

/// Why a DPoP proof was refused (RFC 9449 §4.3), one case per check.
///
/// Every case has a stable numeric ``code`` (13001 and up) that never changes across releases. Messages
/// name the check and the RFC section; they never contain the proof, the access token, a key or a nonce.
/// A server answers every case but ``useDPoPNonce(nonce:)`` with `error="invalid_dpop_proof"` (RFC 9449
/// §5, §7.1), and ``useDPoPNonce(nonce:)`` with `error="use_dpop_nonce"` and a `DPoP-Nonce` header
/// carrying the nonce (RFC 9449 §8, §9): ``oauthErrorCode`` gives the right one.
///
/// ```swift
/// do {
///     let proof = try await verifier.verify(proof: header, method: "POST", url: url, accessToken: nil)
/// } catch .useDPoPNonce(let nonce) {
///     // 400 (token endpoint) or 401 (resource) with `DPoP-Nonce: <nonce>`
/// } catch {
///     print(error.code, error.oauthErrorCode)   // 13011 invalid_dpop_proof
/// }
/// ```
public enum AuthDPoPError: Error, Sendable {
    // Form (RFC 9449 §4.3 steps 1–2)
    /// The proof is longer than ``DPoPProofVerifier/Configuration/maximumProofSize`` and was not parsed.
    case proofTooLarge(size: Int, limit: Int)
    /// The header value holds a character no compact JWS has (a comma, whitespace, `=`…): several values
    /// folded into one, or not a JWT at all (RFC 9449 §4.3 steps 1–2).
    case malformedHeaderValue
    /// The value is not a well-formed compact JWS with a JSON object header and payload; the cause says how.
    case malformedProof(AuthJWTError)
    /// The header lists a `crit` extension, which is not understood (RFC 7515 §4.1.11).
    case unsupportedCriticalParameter(String)
    // Header (RFC 9449 §4.2, §4.3 steps 4–7)
    /// `typ` is not `dpop+jwt` (nil when absent).
    case invalidType(String?)
    /// `alg` is `none`, symmetric (HS*), unsupported or not in ``DPoPProofVerifier/Configuration/allowedAlgorithms``.
    case algorithmNotAllowed(String)
    /// The header has no `jwk` object.
    case missingKey
    /// `jwk` carries a private member (`d`, `p`, `q`, `dp`, `dq`, `qi`, `oth`, or a symmetric `k`).
    case privateKey(member: String)
    /// `jwk` is not a key that can be read; the cause says why.
    case invalidKey(AuthJWTError)
    /// `jwk` is of a type that cannot make `alg` signatures (an RSA key for ES256, say).
    case keyAlgorithmMismatch(algorithm: String, keyType: String)
    /// `jwk` has the right type but cannot be used: a P-256 point off the curve, an RSA modulus too short…
    case unusableKey(AuthJWTError)
    /// The signature does not verify with `jwk`.
    case invalidSignature
    // Claims (RFC 9449 §4.2, §4.3 steps 3, 8–12)
    /// The payload lacks a claim the proof must have here (`jti`, `htm`, `htu`, `iat`, `ath`).
    case missingClaim(String)
    /// A claim has the wrong type or form.
    case invalidClaim(String, expected: String)
    /// A string claim is longer than its limit.
    case claimTooLong(String, length: Int, limit: Int)
    /// `htm` is not the request's method (compared case-sensitively, RFC 9110 §9.1).
    case methodMismatch(expected: String, actual: String)
    /// `htu` is not the request's URI once both are normalized (RFC 3986 §6.2.2–6.2.3), query and fragment ignored.
    case urlMismatch(expected: String, actual: String)
    /// The request URL given to the verifier is not an absolute URI: a mistake of the caller, not the client.
    case invalidRequestURL
    /// `iat` is further in the future than ``DPoPProofVerifier/Configuration/maxClockSkew`` allows.
    case issuedInFuture(issuedAt: Int64, now: Int64, maxClockSkew: Int)
    /// `iat` is further in the past than ``DPoPProofVerifier/Configuration/maxAge`` allows.
    case issuedTooLongAgo(issuedAt: Int64, now: Int64, maxAge: Int)
    /// `jti` was seen before with this key within the window, or the replay cache is full and cannot
    /// remember it (RFC 9449 §11.1).
    case replayed
    /// `ath` is not base64url(SHA-256(access token)) (RFC 9449 §4.3 step 12, §7).
    case accessTokenHashMismatch
    /// The server demands a nonce and the proof has none, or one no longer valid: answer
    /// `error="use_dpop_nonce"` with `DPoP-Nonce: nonce` (RFC 9449 §8, §9).
    case useDPoPNonce(nonce: String)

    /// A stable number for the case: 13001 and up.
    public var code: Int {
        switch self {
        case .proofTooLarge: 13001
        case .malformedHeaderValue: 13002
        case .malformedProof: 13003
        case .unsupportedCriticalParameter: 13004
        case .invalidType: 13005
        case .algorithmNotAllowed: 13006
        case .missingKey: 13007
        case .privateKey: 13008
        case .invalidKey: 13009
        case .keyAlgorithmMismatch: 13010
        case .unusableKey: 13011
        case .invalidSignature: 13012
        case .missingClaim: 13013
        case .invalidClaim: 13014
        case .claimTooLong: 13015
        case .methodMismatch: 13016
        case .urlMismatch: 13017
        case .invalidRequestURL: 13018
        case .issuedInFuture: 13019
        case .issuedTooLongAgo: 13020
        case .replayed: 13021
        case .accessTokenHashMismatch: 13022
        case .useDPoPNonce: 13023
        }
    }

    /// The OAuth error code a server answers with: `use_dpop_nonce` for ``useDPoPNonce(nonce:)``,
    /// `invalid_dpop_proof` for every other case (RFC 9449 §5, §7.1, §8, §12.2).
    public var oauthErrorCode: String {
        if case .useDPoPNonce = self { return "use_dpop_nonce" }
        return "invalid_dpop_proof"
    }
}

#if !hasFeature(Embedded)
    extension AuthDPoPError: Hashable {}
#endif

extension AuthDPoPError: CustomStringConvertible {
    /// `AuthDPoPError <code>: <what failed>`: no proof, token, key or nonce.
    public var description: String {
        "AuthDPoPError \(code): \(reason)"
    }

    private var reason: String {
        switch self {
        case .proofTooLarge(let size, let limit): "the DPoP proof is \(size) bytes, over the limit of \(limit); it was not parsed"
        case .malformedHeaderValue:
            "the DPoP header value holds a character no compact JWS has (a comma, whitespace…): one proof is expected (RFC 9449 §4.3)"
        case .malformedProof(let error): "the DPoP proof is not a well-formed JWT (RFC 9449 §4.3 step 2): \(error)"
        case .unsupportedCriticalParameter(let name):
            "the DPoP proof's critical header parameter '\(Self.shown(name))' is not understood (RFC 7515 §4.1.11)"
        case .invalidType(let type):
            "the DPoP proof's 'typ' is \(type.map { "'\(Self.shown($0))'" } ?? "absent"), not 'dpop+jwt' (RFC 9449 §4.2)"
        case .algorithmNotAllowed(let algorithm):
            "the DPoP proof's 'alg' '\(Self.shown(algorithm))' is not an allowed asymmetric algorithm (RFC 9449 §4.3 step 5)"
        case .missingKey: "the DPoP proof's header has no 'jwk' object (RFC 9449 §4.2)"
        case .privateKey(let member):
            "the DPoP proof's 'jwk' holds private member '\(member)'; a proof carries a public key only (RFC 9449 §4.3 step 7)"
        case .invalidKey(let error): "the DPoP proof's 'jwk' cannot be read: \(error)"
        case .keyAlgorithmMismatch(let algorithm, let keyType):
            "the DPoP proof's '\(Self.shown(keyType))' key cannot make '\(Self.shown(algorithm))' signatures"
        case .unusableKey(let error): "the DPoP proof's 'jwk' cannot be used: \(error)"
        case .invalidSignature: "the DPoP proof's signature does not verify with its 'jwk' (RFC 9449 §4.3 step 6)"
        case .missingClaim(let name): "the DPoP proof has no '\(name)' claim (RFC 9449 §4.2)"
        case .invalidClaim(let name, let expected): "the DPoP proof's claim '\(name)' must be \(expected)"
        case .claimTooLong(let name, let length, let limit):
            "the DPoP proof's claim '\(name)' is \(length) bytes, over the limit of \(limit)"
        case .methodMismatch(let expected, let actual):
            "the DPoP proof's 'htm' is '\(Self.shown(actual))', the request's method '\(Self.shown(expected))' (RFC 9449 §4.3 step 8)"
        case .urlMismatch(let expected, let actual):
            "the DPoP proof's 'htu' is '\(Self.shown(actual))', the request's URI '\(Self.shown(expected))' once normalized (RFC 9449 §4.3 step 9)"
        case .invalidRequestURL: "the request URL given to the DPoP verifier is not an absolute URI"
        case .issuedInFuture(let issuedAt, let now, let skew):
            "the DPoP proof's 'iat' \(issuedAt) is \(issuedAt - now) s after the server's time \(now), beyond the allowed skew of \(skew) s (RFC 9449 §4.3 step 11)"
        case .issuedTooLongAgo(let issuedAt, let now, let age):
            "the DPoP proof's 'iat' \(issuedAt) is \(now - issuedAt) s before the server's time \(now), older than the maximum age of \(age) s (RFC 9449 §4.3 step 11)"
        case .replayed: "the DPoP proof's 'jti' was used before with this key, or the replay cache is full (RFC 9449 §11.1)"
        case .accessTokenHashMismatch: "the DPoP proof's 'ath' is not the hash of the access token (RFC 9449 §4.3 step 12)"
        case .useDPoPNonce:
            "the server requires a DPoP nonce and the proof has none or a stale one: retry with the DPoP-Nonce given (RFC 9449 §8)"
        }
    }

    /// A value the client chose, as a message shows it: printable ASCII (others as `?`, so that no line
    /// break or escape sequence reaches a log), at most 100 characters.
    private static func shown(_ text: String) -> String {
        let characters = text.unicodeScalars.prefix(100).map { $0.value >= 0x20 && $0.value < 0x7F ? Character($0) : "?" }
        return String(characters) + (text.unicodeScalars.count > 100 ? "…" : "")
    }
}
