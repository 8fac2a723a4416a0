// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthBase64URL
import AuthJWT
import Crypto
import Foundation
import _CryptoExtras

/// The verifiers the RS256 and ES256 rows leave out (issue 32 item 4): PS256 (RSA-2048, PSS with a 32-byte
/// salt), EdDSA (Ed25519), and ES256 with a key seen once — a DPoP proof's `jwk`, a key just after rotation —
/// where each call reads the key anew (AuthFlow: the JWK's JSON; swift-crypto: the raw x ‖ y), so no per-key
/// state carries over from one call to the next.
enum VerifierBenchmark {
    static let signingInput = Array("eyJhbGciOiJQUzI1NiJ9.eyJpc3MiOiJqb2UiLCJleHAiOjEzMDA4MTkzODB9".utf8)

    static func run(settings: Settings) -> [Comparison] {
        var rows: [Comparison] = []
        if let row = ps256(settings: settings) { rows.append(row) }
        if let row = edDSA(settings: settings) { rows.append(row) }
        if let row = es256FreshKey(settings: settings) { rows.append(row) }
        return rows
    }

    static func ps256(settings: Settings) -> Comparison? {
        guard let privateKey = try? _RSA.Signing.PrivateKey(keySize: .bits2048),
            let signature = try? privateKey.signature(for: signingInput, padding: .PSS),
            let components = try? privateKey.publicKey.getKeyPrimitives(),
            let jwk = try? JWK(
                json: Array(
                    #"{"kty":"RSA","n":"\#(Base64URL.encode(components.modulus))","e":"\#(Base64URL.encode(components.publicExponent))"}"#
                        .utf8))
        else { return nil }
        let publicKey = privateKey.publicKey
        let signatureBytes = Array(signature.rawRepresentation)
        precondition((try? JWSVerifier.ps256.isValidSignature(signatureBytes, signingInput: signingInput, key: jwk)) == true)
        return compare("PS256 verify, 2048-bit", bytes: signingInput.count, peer: "swift-crypto _RSA.Signing (.PSS)", settings: settings) {
            blackHole(try? JWSVerifier.ps256.isValidSignature(signatureBytes, signingInput: signingInput, key: jwk))
        } theirs: {
            blackHole(publicKey.isValidSignature(signature, for: signingInput, padding: .PSS))
        }
    }

    static func edDSA(settings: Settings) -> Comparison? {
        // A fixed key: Ed25519 signatures are deterministic, so the counted work is the same in every run.
        guard let privateKey = try? Curve25519.Signing.PrivateKey(rawRepresentation: [UInt8](repeating: 7, count: 32)) else {
            return nil
        }
        let publicKey = privateKey.publicKey
        guard let signature = try? privateKey.signature(for: signingInput),
            let jwk = try? JWK(
                json: Array(#"{"kty":"OKP","crv":"Ed25519","x":"\#(Base64URL.encode(publicKey.rawRepresentation))"}"#.utf8))
        else { return nil }
        let signatureBytes = Array(signature)
        precondition((try? JWSVerifier.edDSA.isValidSignature(signatureBytes, signingInput: signingInput, key: jwk)) == true)
        return compare("EdDSA verify, Ed25519", bytes: signingInput.count, peer: "swift-crypto Curve25519.Signing", settings: settings) {
            blackHole(try? JWSVerifier.edDSA.isValidSignature(signatureBytes, signingInput: signingInput, key: jwk))
        } theirs: {
            blackHole(publicKey.isValidSignature(signature, for: signingInput))
        }
    }

    static func es256FreshKey(settings: Settings) -> Comparison? {
        let privateKey = P256.Signing.PrivateKey()
        guard let signature = try? privateKey.signature(for: signingInput) else { return nil }
        let raw = Array(privateKey.publicKey.rawRepresentation)  // x ‖ y
        let json = Array(#"{"kty":"EC","crv":"P-256","x":"\#(Base64URL.encode(raw[..<32]))","y":"\#(Base64URL.encode(raw[32...]))"}"#.utf8)
        let signatureBytes = Array(signature.rawRepresentation)
        precondition((try? JWSVerifier.es256.isValidSignature(signatureBytes, signingInput: signingInput, key: JWK(json: json))) == true)
        return compare(
            "ES256 verify, P-256, fresh key", bytes: signingInput.count, peer: "swift-crypto P256.Signing, key from x ‖ y each time",
            settings: settings
        ) {
            let key = try? JWK(json: json)
            blackHole(key.map { try? JWSVerifier.es256.isValidSignature(signatureBytes, signingInput: signingInput, key: $0) })
        } theirs: {
            blackHole(
                (try? P256.Signing.PublicKey(rawRepresentation: raw)).map { $0.isValidSignature(signature, for: signingInput) })
        }
    }
}
