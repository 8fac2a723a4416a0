// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthBase64URL
import AuthDPoP
import TestVectors
import Testing

/// `Python/dpop-proofs.json` (made by `Python/generate_dpop.py`): proofs made by joserfc and pyca/cryptography,
/// one broken variant per failure mode of RFC 9449 §4.3, and RFC 9449's own examples.
struct DPoPProofVectors: Decodable {
    struct Case: Decodable, CustomTestStringConvertible {
        /// "valid" or an AuthDPoPError code.
        enum Expectation: Decodable {
            case valid
            case refused(Int)

            init(from decoder: any Decoder) throws {
                let container = try decoder.singleValueContainer()
                if let code = try? container.decode(Int.self) {
                    self = .refused(code)
                } else {
                    let text = try container.decode(String.self)
                    guard text == "valid" else {
                        throw DecodingError.dataCorruptedError(in: container, debugDescription: "expect is \(text)")
                    }
                    self = .valid
                }
            }
        }

        let name: String
        let proof: String
        let method: String
        let url: String
        let accessToken: String?
        let expect: Expectation
        let thumbprint: String?
        let allowedAlgorithms: [String]?
        let requiresNonce: Bool?
        let verifyTwice: Bool?
        let now: Int64?

        var testDescription: String { name }
    }

    let source: String
    let now: Int64
    let nonceSecret: String
    let rotationInterval: Int64
    let cases: [Case]

    static func load() throws -> DPoPProofVectors { try Vectors.json("Python/dpop-proofs.json") }
}

@Suite("DPoP proofs by joserfc and pyca/cryptography: the valid ones verify, each §4.3 failure mode is refused with its code")
struct DPoPVectorTests {
    static let vectors = try! DPoPProofVectors.load()

    func verifier(for vector: DPoPProofVectors.Case) throws -> DPoPProofVerifier {
        let vectors = Self.vectors
        let time = vector.now ?? vectors.now
        var configuration = DPoPProofVerifier.Configuration(requiresNonce: vector.requiresNonce ?? false)
        if let algorithms = vector.allowedAlgorithms { configuration.allowedAlgorithms = algorithms }
        let nonces = DPoPNonceSource(
            secret: try Base64URL.decode(vectors.nonceSecret), rotationInterval: vectors.rotationInterval, now: { time })
        return DPoPProofVerifier(configuration: configuration, nonces: nonces, now: { time })
    }

    @Test("the file has valid proofs of every algorithm and a refusal for every error case of a proof")
    func coverage() {
        let cases = Self.vectors.cases
        #expect(cases.count >= 70)
        for algorithm in ["ES256", "EdDSA", "RS256", "PS256", "RS384", "PS512"] {
            #expect(cases.contains { $0.name == "valid \(algorithm) (joserfc)" }, "\(algorithm)")
        }
        let codes = Set(cases.compactMap { if case .refused(let code) = $0.expect { code } else { nil } })
        // Every refusal a client's proof can cause (13018, a bad request URL, is the server's own mistake;
        // 13021 comes from the cases verified twice).
        #expect(codes.union([13018, 13021]) == Set(13001...13023))
    }

    @Test("each case gets its verdict", arguments: Self.vectors.cases)
    func verdict(_ vector: DPoPProofVectors.Case) async throws {
        let verifier = try verifier(for: vector)
        switch vector.expect {
        case .valid:
            let proof = try await verifier.verify(
                proof: vector.proof, method: vector.method, url: vector.url, accessToken: vector.accessToken)
            #expect(proof.thumbprint == vector.thumbprint)
            if vector.verifyTwice == true {
                await #expect(throws: AuthDPoPError.replayed) {
                    try await verifier.verify(proof: vector.proof, method: vector.method, url: vector.url, accessToken: vector.accessToken)
                }
            }
        case .refused(let code):
            do {
                let proof = try await verifier.verify(
                    proof: vector.proof, method: vector.method, url: vector.url, accessToken: vector.accessToken)
                Issue.record("accepted, with thumbprint \(proof.thumbprint); expected \(code)")
            } catch {
                #expect(error.code == code, "\(error)")
            }
        }
    }
}
