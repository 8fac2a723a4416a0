// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthBase64URL
public import AuthJSON

/// An error from decoding, verifying or validating a JWT, each case naming what failed.
///
/// Every case has a stable numeric ``code`` that never changes across releases. Validation errors name
/// the claim and carry the expected and actual values, except where the value is a secret (a nonce, the
/// token hashes) or could be one. Descriptions never contain the token, a signature or a key.
public enum AuthJWTError: Error, Sendable {
    // Decoding (RFC 7515 §7.1, RFC 7519 §7.2)
    /// The token is longer than the limit and was not parsed.
    case tokenTooLarge(size: Int, limit: Int)
    /// Five segments: a JWE (RFC 7516), which AuthFlow does not decrypt.
    case encryptedTokenNotSupported
    /// A compact JWS has exactly three segments separated by two dots.
    case invalidSegmentCount(Int)
    /// A segment ("header", "payload" or "signature") is not strict base64url.
    case invalidBase64URL(segment: String, AuthBase64URLError)
    /// The header or payload is not JSON (duplicate member names included, RFC 7515 §5.2).
    case invalidJSON(segment: String, AuthJSONError)
    /// The header or payload is JSON but not an object.
    case notAnObject(segment: String)
    /// A required header parameter is missing (RFC 7515 §4.1.1: `alg`).
    case missingHeaderParameter(String)
    /// A header parameter has the wrong type or form.
    case invalidHeaderParameter(String, expected: String)
    /// `crit` names an extension this implementation does not understand, so the token must be rejected
    /// (RFC 7515 §4.1.11).
    case unsupportedCriticalParameter(String)

    // Claims (RFC 7519 §4, OIDC Core §2)
    /// A claim is present but has the wrong type or form.
    case invalidClaim(String, expected: String)
    /// A claim that is required here is absent.
    case missingClaim(String)

    // Keys (RFC 7517, RFC 7518 §6)
    /// A JWK is malformed; `reason` says how.
    case invalidKey(keyID: String?, reason: String)
    /// A JWK meant for verification contains private key material.
    case privateKeyMaterial(keyID: String?)

    // Signatures (RFC 7515 §5.2, RFC 7518 §3)
    /// The token's `alg` is not in the validator's allowed list.
    case algorithmNotAllowed(String)
    /// `alg` is `none`: an unsecured JWS is never accepted (RFC 7518 §3.6, OIDC Core §3.1.3.7 step 6).
    case unsecuredTokenRejected
    /// No key in the set fits the token's `kid` and `alg`.
    case noMatchingKey(keyID: String?, algorithm: String)
    /// The key's type cannot make this algorithm's signatures (an RSA key for HS256, say).
    case keyAlgorithmMismatch(algorithm: String, keyType: String)
    /// The key is shorter than the algorithm requires (RFC 7518 §3.2: 256 bits for HS256).
    case keyTooShort(bits: Int, minimum: Int)
    /// No verifier for this algorithm was given.
    case unsupportedAlgorithm(String)
    /// The signature does not verify with any matching key.
    case invalidSignature

    // ID token validation (OIDC Core §3.1.3.7, §3.2.2.9, §3.3.2.11)
    /// `iss` is not the expected issuer (step 2).
    case issuerMismatch(expected: String, actual: String)
    /// `aud` does not contain the client id (step 3).
    case audienceMismatch(expected: String, actual: [String])
    /// `aud` contains an audience the client does not trust (step 3).
    case untrustedAudience(String)
    /// Several audiences and no `azp` (step 4).
    case missingAuthorizedParty
    /// `azp` is not the client id (step 5).
    case authorizedPartyMismatch(expected: String, actual: String)
    /// `exp` has passed (step 9).
    case expired(expiration: NumericDate, now: NumericDate, leewaySeconds: Int64)
    /// `nbf` has not yet come (RFC 7519 §4.1.5).
    case notYetValid(notBefore: NumericDate, now: NumericDate, leewaySeconds: Int64)
    /// `iat` is in the future (step 10).
    case issuedInFuture(issuedAt: NumericDate, now: NumericDate, leewaySeconds: Int64)
    /// `iat` is older than the allowed age (step 10).
    case issuedTooLongAgo(issuedAt: NumericDate, now: NumericDate, maximumAgeSeconds: Int64)
    /// `nonce` is not the one sent (step 11). The values are not shown: they are secrets.
    case nonceMismatch
    /// `auth_time` is older than `max_age` allows (step 13).
    case authenticationTooOld(authTime: NumericDate, now: NumericDate, maximumAgeSeconds: Int64)
    /// `at_hash` does not match the access token (§3.2.2.9).
    case accessTokenHashMismatch
    /// `c_hash` does not match the authorization code (§3.3.2.11).
    case codeHashMismatch

    // Choosing keys (RFC 7517 §4.2–4.4, §5; RFC 7518 §6.3.1.2)
    /// Keys fit the token's `kid` (or it has none), but none of them can verify its `alg`; `rejected` says
    /// why each was passed over (a key type, use, size or point that does not fit). No key material.
    case noUsableKey(keyID: String?, algorithm: String, rejected: [JWKRejection])
    /// The signature did not verify with the first `tried` of `candidates` usable keys, and trying more
    /// would exceed the validator's limit (a token without `kid` against a large JWK Set).
    case candidateKeyLimitReached(keyID: String?, algorithm: String, tried: Int, candidates: Int)
    /// The RSA public exponent has more bits than allowed (at most 33, as BoringSSL): verification time
    /// grows with the exponent, and real keys use 65537.
    case rsaExponentTooLarge(keyID: String?, bits: Int, maximum: Int)
    /// The key's `use` is not `sig` (RFC 7517 §4.2): it is not for signatures.
    case keyNotForSignatures(keyID: String?, use: String)
    /// The key's `key_ops` do not include `verify` (RFC 7517 §4.3).
    case keyOperationsExcludeVerify(keyID: String?, operations: [String])
    /// The key's `alg` restricts it to another algorithm than the token's (RFC 7517 §4.4).
    case keyRestrictedToAlgorithm(keyID: String?, keyAlgorithm: String, tokenAlgorithm: String)
    /// The key's `kty` is not one AuthJWT reads; such keys are ignored in a set (RFC 7517 §5).
    case unsupportedKeyType(keyID: String?, keyType: String)

    // Signing (RFC 7518 §3.4, RFC 6979)
    /// A private key could not be read or used; `reason` says why, never showing the key.
    case invalidPrivateKey(reason: String)

    /// A stable number for the case: 5001 and up.
    public var code: Int {
        switch self {
        case .tokenTooLarge: 5001
        case .encryptedTokenNotSupported: 5002
        case .invalidSegmentCount: 5003
        case .invalidBase64URL: 5004
        case .invalidJSON: 5005
        case .notAnObject: 5006
        case .missingHeaderParameter: 5007
        case .invalidHeaderParameter: 5008
        case .unsupportedCriticalParameter: 5009
        case .invalidClaim: 5010
        case .missingClaim: 5011
        case .invalidKey: 5012
        case .privateKeyMaterial: 5013
        case .algorithmNotAllowed: 5014
        case .unsecuredTokenRejected: 5015
        case .noMatchingKey: 5016
        case .keyAlgorithmMismatch: 5017
        case .keyTooShort: 5018
        case .unsupportedAlgorithm: 5019
        case .invalidSignature: 5020
        case .issuerMismatch: 5021
        case .audienceMismatch: 5022
        case .untrustedAudience: 5023
        case .missingAuthorizedParty: 5024
        case .authorizedPartyMismatch: 5025
        case .expired: 5026
        case .notYetValid: 5027
        case .issuedInFuture: 5028
        case .issuedTooLongAgo: 5029
        case .nonceMismatch: 5030
        case .authenticationTooOld: 5031
        case .accessTokenHashMismatch: 5032
        case .codeHashMismatch: 5033
        case .noUsableKey: 5034
        case .candidateKeyLimitReached: 5035
        case .rsaExponentTooLarge: 5036
        case .keyNotForSignatures: 5037
        case .keyOperationsExcludeVerify: 5038
        case .keyRestrictedToAlgorithm: 5039
        case .unsupportedKeyType: 5040
        case .invalidPrivateKey: 5351
        }
    }
}

#if !hasFeature(Embedded)
    // Comparing errors is for tests and callers with the full runtime; Embedded Swift lacks the Unicode
    // tables that String's synthesized equality needs.
    extension AuthJWTError: Hashable {}
#endif

extension AuthJWTError: CustomStringConvertible {
    public var description: String {
        "AuthJWTError \(code): \(reason)"
    }

    /// The message without the code prefix, for nesting in another error's message.
    var reason: String {
        switch self {
        case .tokenTooLarge(let size, let limit): "the token is \(size) bytes, over the limit of \(limit); it was not parsed"
        case .encryptedTokenNotSupported: "the token has five segments: it is an encrypted JWE (RFC 7516), which is not supported"
        case .invalidSegmentCount(let count): "a compact JWS has 3 segments separated by dots (RFC 7515 §7.1), this has \(count)"
        case .invalidBase64URL(let segment, let error): "the \(segment) segment is not base64url: \(error)"
        case .invalidJSON(let segment, let error): "the \(segment) is not valid JSON: \(error)"
        case .notAnObject(let segment): "the \(segment) is not a JSON object"
        case .missingHeaderParameter(let name): "the header has no '\(name)' (RFC 7515 §4.1)"
        case .invalidHeaderParameter(let name, let expected): "header parameter '\(name)' must be \(expected)"
        case .unsupportedCriticalParameter(let name): "critical header parameter '\(name)' is not understood (RFC 7515 §4.1.11)"
        case .invalidClaim(let name, let expected): "claim '\(name)' must be \(expected)"
        case .missingClaim(let name): "claim '\(name)' is required but missing"
        case .invalidKey(let keyID, let reason): "key\(Self.keyLabel(keyID)) is invalid: \(reason)"
        case .privateKeyMaterial(let keyID): "key\(Self.keyLabel(keyID)) contains private key material; verification takes public keys only"
        case .algorithmNotAllowed(let algorithm): "algorithm '\(algorithm)' is not allowed"
        case .unsecuredTokenRejected: "alg 'none' (an unsecured JWS) is never accepted"
        case .noMatchingKey(let keyID, let algorithm): "no key\(Self.keyLabel(keyID)) fits algorithm '\(algorithm)'"
        case .keyAlgorithmMismatch(let algorithm, let keyType): "a '\(keyType)' key cannot verify '\(algorithm)' signatures"
        case .keyTooShort(let bits, let minimum): "the key has \(bits) bits; at least \(minimum) are required (RFC 7518 §3.2)"
        case .unsupportedAlgorithm(let algorithm): "no verifier for algorithm '\(algorithm)'"
        case .invalidSignature: "the signature does not verify"
        case .issuerMismatch(let expected, let actual): "claim 'iss' is '\(actual)', expected '\(expected)'"
        case .audienceMismatch(let expected, let actual): "claim 'aud' is \(actual), which does not contain '\(expected)'"
        case .untrustedAudience(let audience): "claim 'aud' contains '\(audience)', which is not trusted"
        case .missingAuthorizedParty: "claim 'aud' has several audiences, so claim 'azp' is required"
        case .authorizedPartyMismatch(let expected, let actual): "claim 'azp' is '\(actual)', expected '\(expected)'"
        case .expired(let expiration, let now, let leeway):
            "claim 'exp' is \(Self.moment(expiration)): the token expired \(Self.span(expiration.seconds(until: now))) before the current time, "
                + "\(now.iso8601), beyond the leeway of \(leeway) s; if the token was just issued, check the device clock"
        case .notYetValid(let notBefore, let now, let leeway):
            "claim 'nbf' is \(Self.moment(notBefore)): the token becomes valid \(Self.span(now.seconds(until: notBefore))) "
                + "after the current time, \(now.iso8601), beyond the leeway of \(leeway) s; check the device clock, it may be behind"
        case .issuedInFuture(let issuedAt, let now, let leeway):
            "claim 'iat' is \(Self.moment(issuedAt)), \(Self.span(now.seconds(until: issuedAt))) after the current time, \(now.iso8601), "
                + "beyond the leeway of \(leeway) s; check the device clock, it may be behind"
        case .issuedTooLongAgo(let issuedAt, let now, let age):
            "claim 'iat' is \(Self.moment(issuedAt)), \(Self.span(issuedAt.seconds(until: now))) before the current time, \(now.iso8601), "
                + "older than the maximum age of \(age) s; if the token was just issued, check the device clock"
        case .nonceMismatch: "claim 'nonce' does not match the nonce sent in the request"
        case .authenticationTooOld(let authTime, let now, let age):
            "claim 'auth_time' is \(Self.moment(authTime)), \(Self.span(authTime.seconds(until: now))) before the current time, \(now.iso8601), "
                + "older than max_age \(age) s: the user must sign in again; if they just did, check the device clock"
        case .accessTokenHashMismatch: "claim 'at_hash' does not match the access token (OIDC Core §3.2.2.9)"
        case .codeHashMismatch: "claim 'c_hash' does not match the authorization code (OIDC Core §3.3.2.11)"
        case .noUsableKey(let keyID, let algorithm, let rejected): Self.noUsableKey(keyID, algorithm, rejected)
        case .candidateKeyLimitReached(let keyID, let algorithm, let tried, let candidates):
            "the '\(algorithm)' signature did not verify with the first \(tried) of \(candidates) keys\(Self.keyLabel(keyID)); "
                + "no more are tried, to bound the work one token can cause (maximumCandidateKeys)"
        case .rsaExponentTooLarge(let keyID, let bits, let maximum):
            "key\(Self.keyLabel(keyID)) has a \(bits)-bit RSA public exponent; at most \(maximum) bits are accepted"
        case .keyNotForSignatures(let keyID, let use): "key\(Self.keyLabel(keyID)) has use '\(use)', not 'sig' (RFC 7517 §4.2)"
        case .keyOperationsExcludeVerify(let keyID, let operations):
            "key\(Self.keyLabel(keyID)) has key_ops [\(operations.joined(separator: ", "))], without 'verify' (RFC 7517 §4.3)"
        case .keyRestrictedToAlgorithm(let keyID, let keyAlgorithm, let tokenAlgorithm):
            "key\(Self.keyLabel(keyID)) is for alg '\(keyAlgorithm)', not the token's '\(tokenAlgorithm)' (RFC 7517 §4.4)"
        case .unsupportedKeyType(let keyID, let keyType): "key\(Self.keyLabel(keyID)) has kty '\(keyType)', which is not supported"
        case .invalidPrivateKey(let reason): "the private key cannot be used: \(reason)"
        }
    }

    private static func noUsableKey(_ keyID: String?, _ algorithm: String, _ rejected: [JWKRejection]) -> String {
        let shown = rejected.prefix(5).map { $0.description }.joined(separator: "; ")
        let more = rejected.count > 5 ? "; and \(rejected.count - 5) more" : ""
        return "no usable key\(keyLabel(keyID)) for algorithm '\(algorithm)': \(rejected.count) rejected (\(shown)\(more))"
    }

    /// A time for a message: ISO 8601 in UTC, then the claim's NumericDate as sent.
    private static func moment(_ date: NumericDate) -> String {
        "\(date.iso8601) (\(date))"
    }

    /// A number of seconds for a message, with a rounder figure when it is long: `90 s`, `600 s (10 min)`.
    private static func span(_ seconds: Int64) -> String {
        let text = "\(seconds) s"
        guard seconds >= 120 else { return text }
        if seconds < 7_200 { return text + " (\(seconds / 60) min)" }
        if seconds < 172_800 { return text + " (\(seconds / 3_600) h)" }
        return text + " (\(seconds / 86_400) days)"
    }

    private static func keyLabel(_ keyID: String?) -> String {
        keyID.map { " '\($0)'" } ?? ""
    }
}
