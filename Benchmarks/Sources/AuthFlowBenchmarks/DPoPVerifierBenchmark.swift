// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthBase64URL
import AuthDPoP
import Crypto
import Foundation

/// DPoP proof verification (RFC 9449 §4.3, issue 30) as a server sees real traffic: every proof made by a
/// key of its own (512 ES256 proofs by 512 P-256 keys, signed by swift-crypto beforehand, taken in turn), so
/// no per-key state helps. AuthDPoP's `DPoPProofVerifier` against a careful peer: swift-crypto's
/// `P256.Signing` verification plus the JSON work around it — split, base64url, header and claims decoded by
/// one reused `JSONDecoder`, the key built from the JWK's x and y, `typ`, `alg`, `htm`, `htu`, `iat` and
/// `jti` checked, and the key's RFC 7638 thumbprint (SHA-256 of the canonical JWK, swift-crypto) computed.
/// No `ath` (a token endpoint's proof). The replay cache is left out of both: ours is given one that accepts
/// every `jti` (the proofs repeat), the peer has none.
enum DPoPVerifierBenchmark {
    static let now: Int64 = 1_767_225_600
    static let method = "POST"
    static let url = "https://api.example.com/v1/orders"
    static let count = 512

    /// Accepts every `jti`: the benchmark replays its proofs.
    struct AcceptingReplayCache: DPoPReplayCache {
        func insert(_ jti: String, thumbprint: String, expiresAt: Int64) async -> Bool { true }
    }

    struct PeerJWK: Decodable {
        let kty: String
        let crv: String
        let x: String
        let y: String
    }

    struct PeerHeader: Decodable {
        let typ: String
        let alg: String
        let jwk: PeerJWK
    }

    struct PeerClaims: Decodable {
        let jti: String
        let htm: String
        let htu: String
        let iat: Int64
    }

    /// One decoder for every proof, as a careful server keeps it.
    static let decoder = JSONDecoder()

    /// `count` proofs, each by a new key, with a random `jti`.
    static func proofs() -> [String] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in
            let key = P256.Signing.PrivateKey()
            let raw = Array(key.publicKey.rawRepresentation)
            let jwk = #"{"kty":"EC","crv":"P-256","x":"\#(Base64URL.encode(raw[..<32]))","y":"\#(Base64URL.encode(raw[32...]))"}"#
            let header = #"{"typ":"dpop+jwt","alg":"ES256","jwk":\#(jwk)}"#
            let jti = Base64URL.encode((0..<2).flatMap { _ in withUnsafeBytes(of: generator.next()) { Array($0) } })
            let claims = #"{"jti":"\#(jti)","htm":"\#(method)","htu":"\#(url)","iat":\#(now)}"#
            let input = Base64URL.encode(header.utf8) + "." + Base64URL.encode(claims.utf8)
            guard let signature = try? key.signature(for: Array(input.utf8)) else { fatalError("swift-crypto cannot sign") }
            return input + "." + Base64URL.encode(signature.rawRepresentation)
        }
    }

    /// The peer's verification; returns the key's thumbprint, or nil for a refused proof.
    static func peerVerify(_ proof: String) -> String? {
        let parts = proof.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 3, let headerData = foundationBase64URLDecode(Substring(parts[0])),
            let claimsData = foundationBase64URLDecode(Substring(parts[1])),
            let signatureData = foundationBase64URLDecode(Substring(parts[2])),
            let header = try? decoder.decode(PeerHeader.self, from: headerData), header.typ == "dpop+jwt", header.alg == "ES256",
            header.jwk.kty == "EC", header.jwk.crv == "P-256",
            let x = foundationBase64URLDecode(header.jwk.x), let y = foundationBase64URLDecode(header.jwk.y), x.count == 32, y.count == 32,
            let key = try? P256.Signing.PublicKey(rawRepresentation: x + y),
            let signature = try? P256.Signing.ECDSASignature(rawRepresentation: signatureData),
            proof.utf8.withContiguousStorageIfAvailable({ buffer in
                let length = proof.utf8.distance(from: proof.utf8.startIndex, to: parts[2].startIndex) - 1
                return key.isValidSignature(signature, for: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: buffer[..<length])))
            }) == true,
            let claims = try? decoder.decode(PeerClaims.self, from: claimsData),
            !claims.jti.isEmpty, claims.htm == method, claims.htu == url, claims.iat <= now + 5, claims.iat >= now - 300
        else { return nil }
        let canonical = #"{"crv":"P-256","kty":"EC","x":"\#(header.jwk.x)","y":"\#(header.jwk.y)"}"#
        return foundationBase64URLEncode(Data(Crypto.SHA256.hash(data: Data(canonical.utf8))))
    }

    static func run(settings: Settings) async -> [Comparison] {
        let proofs = proofs()
        let verifier = DPoPProofVerifier(replayCache: AcceptingReplayCache(), now: { now })
        // Both sides accept every proof and agree on every thumbprint; both refuse a proof for another URL.
        for proof in proofs {
            let ours = try? await verifier.verify(proof: proof, method: method, url: url, accessToken: nil)
            precondition(ours != nil && ours?.thumbprint == peerVerify(proof), "the two sides disagree on a proof")
        }
        let elsewhere = try? await verifier.verify(proof: proofs[0], method: method, url: url + "/1", accessToken: nil)
        precondition(elsewhere == nil)
        var oursIndex = 0
        var peerIndex = 0
        return [
            await compareBothAsync(
                "DPoP proof verify (ES256, fresh key)", bytes: proofs[0].utf8.count,
                peer: "swift-crypto P256.Signing + JSONDecoder (reused) + SHA256 thumbprint", settings: settings
            ) {
                oursIndex = oursIndex == count - 1 ? 0 : oursIndex + 1
                blackHole(try? await verifier.verify(proof: proofs[oursIndex], method: method, url: url, accessToken: nil))
            } theirs: {
                peerIndex = peerIndex == count - 1 ? 0 : peerIndex + 1
                blackHole(peerVerify(proofs[peerIndex]))
            }
        ]
    }
}
