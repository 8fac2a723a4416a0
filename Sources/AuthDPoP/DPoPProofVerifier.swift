// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthBase64URL
import AuthDigest
import AuthJSON
import AuthJWT

/// Verifies DPoP proofs (RFC 9449) at a token endpoint or a protected resource: every check of §4.3 and
/// the `ath` of §7, with a replay cache for `jti` and, optionally, server-provided nonces (§8, §9).
///
/// ```swift
/// let verifier = DPoPProofVerifier(now: { currentUnixSeconds() })
/// let proof = try await verifier.verify(
///     proof: dpopHeaderValue, method: "GET", url: "https://api.example.com/orders?page=2", accessToken: token)
/// guard proof.thumbprint == accessTokenJKT else { /* not the key the token is bound to */ }
/// ```
///
/// Checked, in this order (RFC 9449 §4.3 step numbers in brackets), each refusal a distinct
/// ``AuthDPoPError``:
/// - the value is at most ``Configuration/maximumProofSize`` bytes and holds only base64url characters and
///   dots, so a comma-joined or whitespace-padded value is refused [1, 2]; it is a compact JWS of three
///   segments whose header and payload are JSON objects (no duplicate member), with no `crit` extension [2];
/// - `typ` is exactly `dpop+jwt` [4];
/// - `alg` is in ``Configuration/allowedAlgorithms`` and asymmetric: `none` and HS256/384/512 are refused
///   whatever the configuration says [5];
/// - `jwk` is present and public: any of `d`, `p`, `q`, `dp`, `dq`, `qi`, `oth`, `k` is refused [7]; its
///   own `use`, `key_ops` and `alg` allow verifying `alg` (RFC 7517 §4.2–4.4); its type fits `alg`, a
///   P-256 point is on the curve, an RSA modulus has 2048–4096 bits [5, 6];
/// - the signature verifies with `jwk` (AuthJWT's verifiers) [6];
/// - `jti`, `htm`, `htu`, `iat` are present, strings (an integer NumericDate for `iat`), within the length
///   limits [3];
/// - `htm` equals `method`, byte for byte (methods are case-sensitive, RFC 9110 §9.1) [8];
/// - `htu` equals `url`, both normalized (RFC 3986 §6.2.2–6.2.3: scheme and host case, default port,
///   percent-encoding case and unreserved characters, dot-segments, an empty path as `/`), user
///   information, query and fragment left out [9];
/// - the nonce, when demanded (``Configuration/requiresNonce``) or present with a ``DPoPNonceSource``: the
///   current or previous one, else ``AuthDPoPError/useDPoPNonce(nonce:)`` carrying a fresh one [10];
/// - `iat` ≥ now − ``Configuration/maxAge`` and ≤ now + ``Configuration/maxClockSkew`` [11];
/// - with an `accessToken`, `ath` is base64url(SHA-256(token)), compared in constant time [12];
/// - last, once everything else passed, (`jti`, key thumbprint) is new to the ``DPoPReplayCache``, which
///   remembers it until `iat` + `maxAge` (§11.1).
///
/// Not checked here: that exactly one `DPoP` header field came (the caller passes the one value, and
/// refuses requests with several, step 1); that the access token's `cnf.jkt` equals
/// ``VerifiedDPoPProof/thumbprint`` (step 12, second half: the resource server's job, it reads the token);
/// that the request URL is the one the client used (behind a proxy, rebuild it from the public origin).
/// Proof size and cost: one signature verification and one SHA-256 per proof, after the cheap checks.
public struct DPoPProofVerifier: Sendable {
    /// What the verifier accepts.
    public struct Configuration: Sendable {
        /// The JWS algorithms a proof may use. Default ES256, EdDSA, PS256, RS256. Only asymmetric ones
        /// AuthJWT verifies count (ES256, EdDSA, RS256–RS512, PS256–PS512): `none` and HS* never pass.
        public var allowedAlgorithms: [String]
        /// Seconds an `iat` may lie in the past. Default 300.
        public var maxAge: Int
        /// Seconds an `iat` may lie in the future (clients' clocks run fast). Default 5.
        public var maxClockSkew: Int
        /// Whether every proof must carry a valid server nonce (RFC 9449 §8). Default false.
        public var requiresNonce: Bool
        /// The longest proof parsed, in bytes. Default 8 KiB (an RS256 proof with a 4096-bit key is about 1.5 KiB).
        public var maximumProofSize: Int
        /// The longest `jti` accepted, in bytes. Default 256.
        public var maximumJTILength: Int
        /// The longest `htm`, `htu`, `nonce` or `ath` accepted, in bytes. Default 2048.
        public var maximumClaimLength: Int

        /// The default proof algorithms.
        public static let defaultAlgorithms = ["ES256", "EdDSA", "PS256", "RS256"]

        /// A configuration; every parameter has the default documented on its property.
        public init(
            allowedAlgorithms: [String] = Configuration.defaultAlgorithms, maxAge: Int = 300, maxClockSkew: Int = 5,
            requiresNonce: Bool = false, maximumProofSize: Int = 8 * 1024, maximumJTILength: Int = 256,
            maximumClaimLength: Int = 2048
        ) {
            self.allowedAlgorithms = allowedAlgorithms
            self.maxAge = maxAge
            self.maxClockSkew = maxClockSkew
            self.requiresNonce = requiresNonce
            self.maximumProofSize = maximumProofSize
            self.maximumJTILength = maximumJTILength
            self.maximumClaimLength = maximumClaimLength
        }
    }

    /// The configuration it verifies with.
    public let configuration: Configuration
    /// Where accepted `jti` values are remembered.
    public let replayCache: any DPoPReplayCache
    /// The server's nonces, if it hands any out.
    public let nonces: DPoPNonceSource?
    private let now: @Sendable () -> Int64
    /// The verifiers of the allowed algorithms, in the configuration's order.
    private let verifiers: [JWSVerifier]

    /// A verifier with the given replay cache. `now` gives the time in seconds since 1970. With
    /// `requiresNonce` and no `nonces`, a ``DPoPNonceSource`` with a random secret is made.
    public init(
        configuration: Configuration = .init(), replayCache: some DPoPReplayCache, nonces: DPoPNonceSource? = nil,
        now: @escaping @Sendable () -> Int64
    ) {
        self.configuration = configuration
        self.replayCache = replayCache
        self.nonces = nonces ?? (configuration.requiresNonce ? DPoPNonceSource(now: now) : nil)
        self.now = now
        verifiers = configuration.allowedAlgorithms.compactMap { name in Self.verifier(for: name) }
    }

    /// A verifier with an ``InMemoryDPoPReplayCache`` of the default capacity, on the same clock.
    public init(configuration: Configuration = .init(), nonces: DPoPNonceSource? = nil, now: @escaping @Sendable () -> Int64) {
        self.init(configuration: configuration, replayCache: InMemoryDPoPReplayCache(now: now), nonces: nonces, now: now)
    }

    /// The asymmetric verifiers a proof may use.
    private static let asymmetric: [JWSVerifier] = [.es256, .edDSA, .rs256, .rs384, .rs512, .ps256, .ps384, .ps512]

    private static func verifier(for name: String) -> JWSVerifier? {
        asymmetric.first { $0.algorithm.rawValue.hasSameBytes(as: name) }
    }

    /// Verifies `proof`, the value of the request's one `DPoP` header field, for a request with `method`
    /// (`GET`, `POST`…, as received) to `url` (the absolute target URI, query included or not), and when
    /// `accessToken` is given (at a protected resource; nil at a token endpoint) its `ath`.
    ///
    /// See the type's documentation for the checks, in order. A proof that passes them all has its `jti`
    /// remembered: verifying it again throws ``AuthDPoPError/replayed``.
    public func verify(proof: String, method: String, url: String, accessToken: String?) async throws(AuthDPoPError)
        -> VerifiedDPoPProof
    {
        let proof = try verifyWithoutReplayCheck(proof: proof, method: method, url: url, accessToken: accessToken, now: now())
        try await remember(proof)
        return proof
    }

    /// The verifier's clock, for a caller that checks more before ``remember(_:)``.
    package var currentTime: Int64 { now() }

    /// Puts a verified proof's `jti` in the replay cache, or throws ``AuthDPoPError/replayed`` when it is
    /// there. A resource server calls it only once the proof key is the token's (`cnf.jkt`): a proof by
    /// another key, which is refused anyway, must not take a place in the cache (an attacker with a stolen
    /// token could fill it). The entry outlives the last moment the proof could be accepted (`iat` +
    /// `maxAge`) by the clock skew and 5 s, so a cache whose clock runs a little ahead of the verifier's (a
    /// shared store) does not forget it early.
    package func remember(_ proof: VerifiedDPoPProof) async throws(AuthDPoPError) {
        let margin = Int64(configuration.maxAge).saturatingAdd(Int64(configuration.maxClockSkew)).saturatingAdd(5)
        guard await replayCache.insert(proof.jti, thumbprint: proof.thumbprint, expiresAt: proof.issuedAt.saturatingAdd(margin))
        else { throw .replayed }
    }

    /// Every check but the replay cache's, at `time`: for AuthTesting's fake provider, whose handlers are
    /// synchronous and which keeps the `jti`s it saw (and its own nonce) under its lock.
    package func verifyWithoutReplayCheck(proof text: String, method: String, url: String, accessToken: String?, now time: Int64)
        throws(AuthDPoPError)
        -> VerifiedDPoPProof
    {
        let size = text.utf8.count
        guard size <= configuration.maximumProofSize else { throw .proofTooLarge(size: size, limit: configuration.maximumProofSize) }
        guard text.utf8.allSatisfy(Self.isCompactJWSByte) else { throw .malformedHeaderValue }
        let jws: JWS
        do {
            jws = try JWS(compact: text, maximumSize: configuration.maximumProofSize)
        } catch {
            if case .unsupportedCriticalParameter(let name) = error { throw .unsupportedCriticalParameter(name) }
            throw .malformedProof(error)
        }
        let header = jws.header
        let claims = try Self.claims(jws.payload)
        guard let type = header.type, type.hasSameBytes(as: "dpop+jwt") else { throw .invalidType(header.type) }
        guard let verifier = verifiers.first(where: { $0.algorithm == header.algorithm }) else {
            throw .algorithmNotAllowed(header.algorithm.rawValue)
        }
        let key = try Self.publicKey(header.parameters["jwk"])
        // The key's own `use`, `key_ops` and `alg` (RFC 7517 §4.2–4.4) must allow verifying this `alg`.
        if let refusal = key.verificationRefusal(for: header.algorithm) { throw .unusableKey(refusal) }
        do {
            try verifier.checkKey(key)
        } catch {
            if case .keyAlgorithmMismatch(let algorithm, let keyType) = error {
                throw .keyAlgorithmMismatch(algorithm: algorithm, keyType: keyType)
            }
            throw .unusableKey(error)
        }
        let valid: Bool
        do {
            valid = try verifier.isValidSignature(jws.signature, signingInput: jws.signingInput, key: key)
        } catch {
            throw .unusableKey(error)
        }
        guard valid else { throw .invalidSignature }

        let jti = try string("jti", claims, limit: configuration.maximumJTILength)
        let htm = try string("htm", claims, limit: configuration.maximumClaimLength)
        let htu = try string("htu", claims, limit: configuration.maximumClaimLength)
        let issuedAt = try Self.numericDate("iat", claims)
        let nonce = try optionalString("nonce", claims, limit: configuration.maximumClaimLength)
        guard !jti.isEmpty else { throw .invalidClaim("jti", expected: "a non-empty string") }

        guard htm.hasSameBytes(as: method) else { throw .methodMismatch(expected: method, actual: htm) }
        guard let target = TargetURI.normalized(url) else { throw .invalidRequestURL }
        guard let proofTarget = TargetURI.normalized(htu) else { throw .invalidClaim("htu", expected: "an absolute URI") }
        guard proofTarget.hasSameBytes(as: target) else { throw .urlMismatch(expected: target, actual: proofTarget) }

        if let nonces, configuration.requiresNonce || nonce != nil {
            guard let nonce, nonces.isValid(nonce) else { throw .useDPoPNonce(nonce: nonces.current()) }
        }

        guard issuedAt <= time.saturatingAdd(Int64(configuration.maxClockSkew)) else {
            throw .issuedInFuture(issuedAt: issuedAt, now: time, maxClockSkew: configuration.maxClockSkew)
        }
        guard issuedAt >= time.saturatingAdd(-Int64(configuration.maxAge)) else {
            throw .issuedTooLongAgo(issuedAt: issuedAt, now: time, maxAge: configuration.maxAge)
        }

        if let accessToken {
            let ath = try string("ath", claims, limit: configuration.maximumClaimLength)
            guard ConstantTime.isEqual(ath.utf8, DPoPAccessTokenHash.hash(accessToken).utf8) else { throw .accessTokenHashMismatch }
        }

        let thumbprint: String
        do {
            thumbprint = try key.thumbprint()
        } catch {
            throw .invalidKey(error)
        }
        return VerifiedDPoPProof(
            thumbprint: thumbprint, jti: jti, issuedAt: issuedAt, method: htm, url: proofTarget,
            algorithm: header.algorithm.rawValue, nonce: nonce)
    }

    /// Base64url's alphabet and the dot: all a compact JWS holds.
    private static func isCompactJWSByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
            true
        default: false
        }
    }

    /// The members a public JWK never has: private RSA, EC and OKP parameters (RFC 7518 §6.2.2, §6.3.2,
    /// RFC 8037 §2) and a symmetric key (RFC 7518 §6.4.1).
    private static let privateMembers = ["d", "p", "q", "dp", "dq", "qi", "oth", "k"]

    /// The header's `jwk`, refused if absent, not an object, private, or unreadable.
    private static func publicKey(_ value: JSONValue?) throws(AuthDPoPError) -> JWK {
        guard let object = value?.objectValue else { throw .missingKey }
        for member in privateMembers where object[member] != nil { throw .privateKey(member: member) }
        do {
            return try JWK(object)
        } catch {
            throw .invalidKey(error)
        }
    }

    private static func claims(_ payload: [UInt8]) throws(AuthDPoPError) -> JSONObject {
        let value: JSONValue
        do {
            value = try JSONValue(parsing: payload)
        } catch {
            throw .malformedProof(.invalidJSON(segment: "payload", error))
        }
        guard let object = value.objectValue else { throw .malformedProof(.notAnObject(segment: "payload")) }
        return object
    }

    private func string(_ name: String, _ claims: JSONObject, limit: Int) throws(AuthDPoPError) -> String {
        guard let text = try optionalString(name, claims, limit: limit) else { throw .missingClaim(name) }
        return text
    }

    private func optionalString(_ name: String, _ claims: JSONObject, limit: Int) throws(AuthDPoPError) -> String? {
        guard let value = claims[name] else { return nil }
        guard let text = value.stringValue else { throw .invalidClaim(name, expected: "a string") }
        let length = text.utf8.count
        guard length <= limit else { throw .claimTooLong(name, length: length, limit: limit) }
        return text
    }

    /// A NumericDate (RFC 7519 §2): an integer, or a number with a fraction, which is dropped.
    private static func numericDate(_ name: String, _ claims: JSONObject) throws(AuthDPoPError) -> Int64 {
        guard let value = claims[name] else { throw .missingClaim(name) }
        guard let number = value.numberValue else { throw .invalidClaim(name, expected: "a NumericDate") }
        if let seconds = number.int64Value {
            // Before 1970 no proof was made; a hugely negative value would only reach the arithmetic.
            guard seconds >= 0 else { throw .invalidClaim(name, expected: "a NumericDate without exponent, 0 or more") }
            return seconds
        }
        let parts = number.decimalParts
        guard parts.exponent == nil, !parts.negative, parts.integerDigits.utf8.count <= 18, let seconds = Int64(parts.integerDigits) else {
            throw .invalidClaim(name, expected: "a NumericDate without exponent, 0 or more")
        }
        return seconds
    }
}
