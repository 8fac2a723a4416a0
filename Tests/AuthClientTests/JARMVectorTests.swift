// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthHTTP
import AuthJSON
import AuthJWT
import AuthSession
import AuthTesting
import Foundation
import TestVectors
import Testing

/// `Python/jarm-responses.json`: JARM response JWTs signed by joserfc (made by `Python/generate_jarm.py`).
struct JARMResponseVectors: Decodable {
    struct Case: Decodable {
        let name: String
        let token: String
        let verdict: String
        let code: String?
    }
    let issuer: String
    let clientID: String
    let state: String
    let now: Int64
    let cases: [Case]
}

@Suite("JARM responses made by joserfc: AuthFlow accepts exactly the valid ones, refusing each for the check that fails")
struct JARMVectorTests {
    static let vectors: JARMResponseVectors = {
        do { return try Vectors.json("Python/jarm-responses.json") } catch { fatalError("\(error)") }
    }()

    /// A client of the vectors' issuer, at their time, whose transport serves their JWK Set; and a pending
    /// request with their state that asked for `response_mode=jwt`.
    static func client() throws -> (AuthClient, AuthorizationRequest) {
        let vectors = Self.vectors
        let document = try #require(try JSONSerialization.jsonObject(with: Vectors.data("Python/jarm-responses.json")) as? [String: Any])
        let jwks = try JSONSerialization.data(withJSONObject: try #require(document["jwks"]))
        let metadata = ProviderMetadata(
            issuer: vectors.issuer, authorizationEndpoint: vectors.issuer + "/authorize", tokenEndpoint: vectors.issuer + "/token",
            jwksURI: vectors.issuer + "/jwks")
        let configuration = try ClientConfiguration(
            issuer: vectors.issuer, clientID: vectors.clientID, redirectURI: "com.example.app:/oauth/callback")
        let transport = ScriptedTransport([TransportResponse(status: 200, body: Array(jwks))], repeatsLast: true)
        let client = try AuthClient(
            configuration: configuration, metadata: metadata, transport: transport,
            clock: .manual(ManualWallClock(NumericDate(secondsSince1970: vectors.now))))
        let pending: [String: Any] = [
            "url": vectors.issuer + "/authorize?client_id=" + vectors.clientID, "code_verifier": String(repeating: "v", count: 43),
            "state": vectors.state, "nonce": "n-0", "options": ["response_mode": "jwt"], "redirect_uri": "com.example.app:/oauth/callback",
            "issuer": vectors.issuer, "requires_iss": false,
        ]
        let request = try JSONDecoder().decode(AuthorizationRequest.self, from: JSONSerialization.data(withJSONObject: pending))
        return (client, request)
    }

    @Test("each vector gets its verdict", arguments: vectors.cases.map(\.name))
    func verdict(name: String) async throws {
        let vector = try #require(Self.vectors.cases.first { $0.name == name })
        let (client, request) = try Self.client()
        let redirect = Redirect(
            callbackURL: try URI(
                parsing: "com.example.app:/oauth/callback?" + FormParameter.encode([.init(name: "response", value: vector.token)])))
        let result: Result<AuthorizationResponse, AuthClientError>
        do {
            result = .success(try await client.authorizationResponse(for: request, redirect: redirect))
        } catch {
            result = .failure(error)
        }
        switch (vector.verdict, result) {
        case ("valid", .success(let response)):
            #expect(response.code == vector.code)
        case (let verdict, .failure(.callback(.errorResponse(let error)))) where verdict.hasPrefix("error:"):
            #expect(error.error.rawValue == String(verdict.dropFirst(6)))
        case ("state", .failure(.callback(.stateMismatch))), ("encrypted", .failure(.encryptedAuthorizationResponse)):
            break
        case (let verdict, .failure(.invalidAuthorizationResponseJWT(_, let cause?))):
            let expected: Bool =
                switch (verdict, cause) {
                case ("iss", .issuerMismatch), ("aud", .audienceMismatch), ("exp", .expired), ("exp", .missingClaim("exp")),
                    ("signature", .invalidSignature), ("alg", .unsecuredTokenRejected), ("alg", .algorithmNotAllowed):
                    true
                default: false
                }
            #expect(expected, "\(name): \(verdict), got \(cause)")
        default:
            Issue.record("\(name): expected \(vector.verdict), got \(result)")
        }
    }
}
