// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthBase64URL
import AuthJWT
import Crypto
import Foundation
import _CryptoExtras

/// RS256 verification of one JWS: AuthJWT's verifier (JWK to key, Montgomery exponentiation, full
/// EMSA-PKCS1-v1_5 comparison) against swift-crypto's `_RSA.Signing.PublicKey` (BoringSSL).
enum SignatureBenchmark {
    static func run(settings: Settings) -> [Comparison] {
        var rows: [Comparison] = []
        for bits in [2048, 3072, 4096] {
            guard let privateKey = try? _RSA.Signing.PrivateKey(keySize: .init(bitCount: bits)) else { continue }
            let publicKey = privateKey.publicKey
            let signingInput = Array("eyJhbGciOiJSUzI1NiJ9.eyJpc3MiOiJqb2UiLCJleHAiOjEzMDA4MTkzODB9".utf8)
            guard let signature = try? privateKey.signature(for: signingInput, padding: .insecurePKCS1v1_5),
                let components = try? publicKey.getKeyPrimitives(),
                let jwk = try? JWK(
                    json: Array(
                        #"{"kty":"RSA","n":"\#(Base64URL.encode(components.modulus))","e":"\#(Base64URL.encode(components.publicExponent))"}"#
                            .utf8))
            else { continue }
            let signatureBytes = Array(signature.rawRepresentation)
            precondition((try? JWSVerifier.rs256.isValidSignature(signatureBytes, signingInput: signingInput, key: jwk)) == true)
            rows.append(
                compare("RS256 verify, \(bits)-bit", bytes: signingInput.count, peer: "swift-crypto _RSA.Signing", settings: settings) {
                    blackHole(try? JWSVerifier.rs256.isValidSignature(signatureBytes, signingInput: signingInput, key: jwk))
                } theirs: {
                    blackHole(publicKey.isValidSignature(signature, for: signingInput, padding: .insecurePKCS1v1_5))
                }
            )
        }
        return rows
    }
}

/// ES256 verification of one JWS: AuthJWT's P-256 (pure Swift) against swift-crypto's `P256.Signing`.
enum ECDSABenchmark {
    static func run(settings: Settings) -> [Comparison] {
        let privateKey = P256.Signing.PrivateKey()
        let publicKey = privateKey.publicKey
        let signingInput = Array("eyJhbGciOiJFUzI1NiJ9.eyJpc3MiOiJqb2UiLCJleHAiOjEzMDA4MTkzODB9".utf8)
        guard let signature = try? privateKey.signature(for: signingInput) else { return [] }
        let raw = Array(publicKey.rawRepresentation)  // x ‖ y
        guard
            let jwk = try? JWK(
                json: Array(
                    #"{"kty":"EC","crv":"P-256","x":"\#(Base64URL.encode(raw[..<32]))","y":"\#(Base64URL.encode(raw[32...]))"}"#.utf8))
        else { return [] }
        let signatureBytes = Array(signature.rawRepresentation)
        precondition((try? JWSVerifier.es256.isValidSignature(signatureBytes, signingInput: signingInput, key: jwk)) == true)
        return [
            compare("ES256 verify, P-256", bytes: signingInput.count, peer: "swift-crypto P256.Signing", settings: settings) {
                blackHole(try? JWSVerifier.es256.isValidSignature(signatureBytes, signingInput: signingInput, key: jwk))
            } theirs: {
                blackHole(publicKey.isValidSignature(signature, for: signingInput))
            }
        ]
    }
}
