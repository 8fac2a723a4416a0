// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthBase64URL
import AuthDigest
import AuthJSON
import AuthJWT
import AuthTesting
import Crypto
import Foundation
import JWTKit
import _CryptoExtras

/// Decode + validate of a typical ~900-byte ID token, HS256, RS256 and ES256, doing the same checks on both
/// sides: signature, iss, aud, exp, iat, nonce.
///
/// Peers: vapor/jwt-kit (`JWTKeyCollection.verify` into a `JWTPayload` whose `verify(using:)` makes the
/// claim checks; swift-crypto underneath), and for HS256 also what an app writes with Foundation alone,
/// written as a careful user would: byte-level base64url fix-up, ONE reused `JSONDecoder`, swift-crypto's
/// HMAC over the token's own bytes (no copy into `Data`).
enum IDTokenBenchmark {
    static let secret = Array("benchmark-secret-of-32-bytes-min".utf8)
    static let now: Int64 = 1_767_225_600
    static let issuer = "https://accounts.example.com"
    static let audience = "1008719970978-hb24n2dstb40o45d4feuo2ukqmcc6381.apps.example.com"
    static let nonce = "n-0S6_WzA2Mj-benchmark-nonce-value"
    static let claims = """
        {"iss":"https://accounts.example.com","sub":"110169484474386276334","aud":"1008719970978-hb24n2dstb40o45d4feuo2ukqmcc6381.apps.example.com",\
        "azp":"1008719970978-hb24n2dstb40o45d4feuo2ukqmcc6381.apps.example.com","exp":1767229200,"iat":1767225590,\
        "auth_time":1767225580,"nonce":"n-0S6_WzA2Mj-benchmark-nonce-value","at_hash":"HK6E_P6Dh8Y93mRNtsDB1Q",\
        "email":"jane.doe@example.com","email_verified":true,"name":"Jane Doe","given_name":"Jane","family_name":"Doe",\
        "picture":"https://images.example.com/a/ACg8ocJ-some-long-picture-path-for-realism=s96-c","locale":"en-GB",\
        "hd":"example.com"}
        """

    /// A compact JWS of `claims` signed with `key` (AuthTesting's published test keys for RS256 / ES256).
    static func token(_ key: TestSigningKey) -> String {
        let header = #"{"alg":"\#(key.algorithm.rawValue)","kid":"\#(key.keyID ?? "bench")","typ":"JWT"}"#
        let input = Base64URL.encode(header.utf8) + "." + Base64URL.encode(claims.utf8)
        var generator = SystemRandomNumberGenerator()
        return input + "." + Base64URL.encode(key.signature(of: Array(input.utf8), using: &generator))
    }

    struct Header: Decodable {
        let alg: String
        let kid: String?
    }

    struct Claims: Decodable {
        let iss: String
        let sub: String
        let aud: String
        let exp: Int64
        let iat: Int64
        let nonce: String?
        let email: String?
    }

    /// The jwt-kit payload: the same claims, checked in `verify(using:)` as jwt-kit's docs show.
    struct KitClaims: JWTPayload {
        let iss: IssuerClaim
        let sub: SubjectClaim
        let aud: AudienceClaim
        let exp: ExpirationClaim
        let iat: IssuedAtClaim
        let nonce: String?
        let email: String?

        func verify(using algorithm: some JWTAlgorithm) async throws {
            let moment = Date(timeIntervalSince1970: TimeInterval(IDTokenBenchmark.now))
            guard iss.value == IDTokenBenchmark.issuer, nonce == IDTokenBenchmark.nonce,
                iat.value <= moment.addingTimeInterval(60)
            else { throw JWTError.claimVerificationFailure(failedClaim: iss, reason: "mismatch") }
            try aud.verifyIntendedAudience(includes: IDTokenBenchmark.audience)
            try exp.verifyNotExpired(currentDate: moment.addingTimeInterval(-60))
        }
    }

    /// One decoder for every token, as a careful app keeps it.
    static let decoder = JSONDecoder()

    static func foundationValidate(_ token: String, key: SymmetricKey) -> Bool {
        let parts = token.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 3, let headerData = decode(parts[0]), let payload = decode(parts[1]),
            let signature = decode(parts[2]),
            let header = try? decoder.decode(Header.self, from: headerData), header.alg == "HS256",
            token.utf8.withContiguousStorageIfAvailable({ buffer in
                let signingInput = UnsafeRawBufferPointer(
                    UnsafeBufferPointer(
                        rebasing: buffer[..<(token.utf8.distance(from: token.utf8.startIndex, to: parts[2].startIndex) - 1)]))
                return Crypto.HMAC<Crypto.SHA256>.isValidAuthenticationCode(signature, authenticating: signingInput, using: key)
            }) == true,
            let claims = try? decoder.decode(Claims.self, from: payload)
        else { return false }
        return claims.iss == issuer && claims.aud == audience && now < claims.exp + 60 && claims.iat <= now + 60
            && claims.nonce == nonce
    }

    static func decode(_ segment: Substring.UTF8View) -> Data? {
        foundationBase64URLDecode(Substring(segment))
    }

    static func run(settings: Settings) async -> [Comparison] {
        let moment = NumericDate(secondsSince1970: now)
        let cryptoKey = SymmetricKey(data: secret)
        let hs256Token: String = {
            let input = Base64URL.encode(#"{"alg":"HS256","kid":"bench","typ":"JWT"}"#.utf8) + "." + Base64URL.encode(claims.utf8)
            return input + "." + Base64URL.encode(HMACSHA256.authenticationCode(for: input.utf8, key: secret))
        }()
        precondition(foundationValidate(hs256Token, key: cryptoKey))
        var rows: [Comparison] = []

        for key in [TestSigningKey.hs256(secret: String(decoding: secret, as: UTF8.self), keyID: "bench"), .rs256, .es256] {
            let algorithm = key.algorithm
            let token = algorithm == .hs256 ? hs256Token : token(key)
            var validator = IDTokenValidator(issuer: issuer, clientID: audience)
            validator.allowedAlgorithms = [algorithm]
            let keys: JWKSet
            let kit = JWTKeyCollection()
            if algorithm == .hs256 {
                keys = JWKSet(keys: [JWK(symmetricKey: secret, keyID: "bench")])
                await kit.add(hmac: HMACKey(from: secret), digestAlgorithm: .sha256, kid: "bench")
            } else {
                let jwks = TestSigningKey.jwkSet([key]).serialized()
                guard let parsed = try? JWKSet(json: jwks), (try? await kit.add(jwksJSON: String(decoding: jwks, as: UTF8.self))) != nil
                else { fatalError("the \(algorithm.rawValue) JWK Set does not load") }
                keys = parsed
            }
            precondition((try? validator.validate(token, keys: keys, now: moment, nonce: nonce)) != nil)
            let kitAccepts = (try? await kit.verify(token, as: KitClaims.self)) != nil
            precondition(kitAccepts, "jwt-kit refuses the \(algorithm.rawValue) token")
            rows.append(
                await compareAsync(
                    "ID token validate, \(algorithm.rawValue)", bytes: token.utf8.count, peer: "vapor/jwt-kit verify + claim checks",
                    settings: settings
                ) {
                    blackHole(try? validator.validate(token, keys: keys, now: moment, nonce: nonce))
                } theirs: {
                    blackHole(try? await kit.verify(token, as: KitClaims.self))
                })
            if algorithm == .hs256 {
                rows.append(
                    compare(
                        "ID token validate, HS256, Foundation", bytes: token.utf8.count,
                        peer: "Foundation JSONDecoder (reused) + swift-crypto HMAC", settings: settings
                    ) {
                        blackHole(try? validator.validate(token, keys: keys, now: moment, nonce: nonce))
                    } theirs: {
                        blackHole(foundationValidate(token, key: cryptoKey))
                    })
                rows.append(
                    await compareAsync(
                        "ID token decode only", bytes: token.utf8.count, peer: "vapor/jwt-kit unverified", settings: settings
                    ) {
                        blackHole(try? JWT(compact: token))
                    } theirs: {
                        blackHole(try? await kit.unverified(token, as: KitClaims.self))
                    })
                rows.append(
                    compare(
                        "ID token decode only, Foundation", bytes: token.utf8.count,
                        peer: "Foundation split + base64 + JSONDecoder (reused)", settings: settings
                    ) {
                        blackHole(try? JWT(compact: token))
                    } theirs: {
                        let parts = token.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
                        blackHole(decode(parts[0]).flatMap { try? decoder.decode(Header.self, from: $0) })
                        blackHole(decode(parts[1]).flatMap { try? decoder.decode(Claims.self, from: $0) })
                    })
            }
        }
        rows += await otherAlgorithms(settings: settings)
        rows.append(await dpopProof(settings: settings))
        return rows
    }

    /// PS256 and EdDSA ID tokens (issue 32 item 4), signed by swift-crypto (AuthTesting's signer has RSA
    /// PKCS #1 v1.5, P-256 and HMAC keys only), validated with the same checks on both sides.
    static func otherAlgorithms(settings: Settings) async -> [Comparison] {
        let moment = NumericDate(secondsSince1970: now)
        var rows: [Comparison] = []
        let header = { (alg: String) in
            Base64URL.encode(#"{"alg":"\#(alg)","kid":"bench","typ":"JWT"}"#.utf8) + "." + Base64URL.encode(claims.utf8)
        }
        var cases: [(algorithm: JWSAlgorithm, token: String, jwk: String)] = []
        if let rsa = try? _RSA.Signing.PrivateKey(keySize: .bits2048), let primitives = try? rsa.publicKey.getKeyPrimitives() {
            let input = header("PS256")
            if let signature = try? rsa.signature(for: Array(input.utf8), padding: .PSS) {
                cases.append(
                    (
                        .ps256, input + "." + Base64URL.encode(signature.rawRepresentation),
                        #"{"kty":"RSA","kid":"bench","alg":"PS256","use":"sig","n":"\#(Base64URL.encode(primitives.modulus))","e":"\#(Base64URL.encode(primitives.publicExponent))"}"#
                    ))
            }
        }
        let edInput = header("EdDSA")
        if let ed = try? Curve25519.Signing.PrivateKey(rawRepresentation: [UInt8](repeating: 7, count: 32)),
            let signature = try? ed.signature(for: Array(edInput.utf8))
        {
            cases.append(
                (
                    .edDSA, edInput + "." + Base64URL.encode(signature),
                    #"{"kty":"OKP","crv":"Ed25519","kid":"bench","alg":"EdDSA","use":"sig","x":"\#(Base64URL.encode(ed.publicKey.rawRepresentation))"}"#
                ))
        }
        for (algorithm, token, jwk) in cases {
            var validator = IDTokenValidator(issuer: issuer, clientID: audience)
            validator.allowedAlgorithms = [algorithm]
            let jwks = #"{"keys":[\#(jwk)]}"#
            let kit = JWTKeyCollection()
            guard let keys = try? JWKSet(json: Array(jwks.utf8)), (try? await kit.add(jwksJSON: jwks)) != nil else {
                fatalError("the \(algorithm.rawValue) JWK Set does not load")
            }
            precondition((try? validator.validate(token, keys: keys, now: moment, nonce: nonce)) != nil)
            let kitAccepts = (try? await kit.verify(token, as: KitClaims.self)) != nil
            precondition(kitAccepts, "jwt-kit refuses the \(algorithm.rawValue) token")
            rows.append(
                await compareAsync(
                    "ID token validate, \(algorithm.rawValue)", bytes: token.utf8.count, peer: "vapor/jwt-kit verify + claim checks",
                    settings: settings
                ) {
                    blackHole(try? validator.validate(token, keys: keys, now: moment, nonce: nonce))
                } theirs: {
                    blackHole(try? await kit.verify(token, as: KitClaims.self))
                })
        }
        return rows
    }

    /// The DPoP proof's claims (RFC 9449 §4.2); jwt-kit signs them from this payload.
    struct ProofClaims: JWTPayload {
        let jti: String
        let htm: String
        let htu: String
        let iat: Int64
        func verify(using algorithm: some JWTAlgorithm) async throws {}
    }

    /// A DPoP proof (RFC 9449 §4.2) made as AuthClient makes one for each request: header typ `dpop+jwt`, alg
    /// ES256 and the public `jwk`; claims jti (16 random bytes, base64url), htm, htu and iat; signed with the
    /// client's P-256 key. The peer: jwt-kit's `sign` with the same header and claims (swift-crypto ECDSA).
    static func dpopProof(settings: Settings) async -> Comparison {
        var generator = SystemRandomNumberGenerator()
        let key = P256PrivateKey.generate(using: &generator)
        let kitKey = ES256PrivateKey()
        let kit = JWTKeyCollection()
        await kit.add(ecdsa: kitKey)
        guard let kitParameters = kitKey.parameters else { fatalError("jwt-kit's key has no parameters") }
        let kitHeader: JWTHeader = [
            "typ": .string("dpop+jwt"),
            "jwk": .object(["kty": .string("EC"), "crv": .string("P-256"), "x": .string(kitParameters.x), "y": .string(kitParameters.y)]),
        ]
        let url = "https://resource.example.com/api/v1/items"
        func jti() -> String {
            var bytes = [UInt8](repeating: 0, count: 16)
            for index in stride(from: 0, to: 16, by: 8) {
                withUnsafeBytes(of: generator.next()) { bytes.replaceSubrange(index..<index + 8, with: $0) }
            }
            return Base64URL.encode(bytes)
        }
        let proof = { () -> String in
            var header = JSONObject()
            try? header.append("typ", "dpop+jwt")
            try? header.append("jwk", .object(key.publicJWK))
            var claims = JSONObject()
            try? claims.append("jti", .string(jti()))
            try? claims.append("htm", "GET")
            try? claims.append("htu", .string(url))
            try? claims.append("iat", .number(JSONNumber(now)))
            return key.signedJWT(claims: claims, header: header)
        }
        precondition(proof().split(separator: ".").count == 3)
        return await compareAsync("DPoP proof (ES256)", bytes: 0, peer: "vapor/jwt-kit sign (swift-crypto ECDSA)", settings: settings) {
            blackHole(proof())
        } theirs: {
            blackHole(try? await kit.sign(ProofClaims(jti: jti(), htm: "GET", htu: url, iat: now), header: kitHeader))
        }
    }
}
