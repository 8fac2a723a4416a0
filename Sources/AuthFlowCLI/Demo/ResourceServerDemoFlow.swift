// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthBase64URL
import AuthClient
import AuthDPoP
import AuthJSON
import AuthJWT
import AuthResourceServer
import AuthTesting

/// `authflow demo --resource-server`: the other side of the bearer, offline. A resource server protected
/// by AuthResourceServer answers a request without a token with its challenge, serves its RFC 9728
/// metadata, then checks a DPoP-bound RFC 9068 access token and its proof, refuses the proof replayed,
/// the token without its proof and a request for a scope the token lacks. `--fail` breaks one thing about
/// the protected request to show the check that catches it.
struct ResourceServerDemoFlow: Sendable {
    /// What `--fail` breaks in the protected request (step 5).
    enum Failure: String, CaseIterable, Sendable {
        /// The token was minted for another resource (RFC 9068 §4: `aud`).
        case wrongAudience = "wrong-audience"
        /// The token's `exp` has passed (RFC 9068 §4, RFC 7519 §4.1.4).
        case expired
        /// The proof is signed by another key than the token's `cnf.jkt`: a stolen token (RFC 9449 §7.1).
        case stolenToken = "stolen-token"
        /// The proof was made for another URL (RFC 9449 §4.3 `htu`).
        case wrongURL = "wrong-url"
    }

    static let resource = "https://mcp.example.com/mcp"
    static let issuer = "https://as.example.com"
    static let jwksURL = "https://as.example.com/jwks"
    static let now: Int64 = 1_800_000_000

    var failure: Failure?

    func run() async -> (text: String, asExpected: Bool) {
        var out = Narration()
        out.line("AuthFlow demo: a resource server (an MCP server, say) protected by AuthResourceServer, offline. An")
        out.line("authorization server's key signs the access token; the client's key signs DPoP proofs. Time is fixed.")
        if let failure { out.line("Failure injected: --fail \(failure.rawValue)") }
        do {
            let caught = try await flow(out: &out)
            switch (failure, caught) {
            case (nil, nil):
                out.line("\nDone. See Docs/ResourceServer.md and Docs/DPoPVerification.md.")
                return (out.text, true)
            case (.some, .some(let error)):
                out.line("\n✗ Caught at step 5: \(error). The request is refused with the challenge above; see Docs/ResourceServer.md.")
                return (out.text, true)
            case (.some, nil):
                out.line("\n✗ The injected failure was not caught")
                return (out.text, false)
            case (nil, .some(let error)):
                out.line("\n✗ Unexpected refusal: \(error)")
                return (out.text, false)
            }
        } catch {
            out.line("\n✗ Unexpected error: \(error)")
            return (out.text, false)
        }
    }

    /// The steps; returns the refusal of step 5 when `--fail` made one.
    private func flow(out: inout Narration) async throws -> ResourceServerError? {
        var generator = SeededRandomNumberGenerator(seed: 9068)
        let authorizationServerKey = P256PrivateKey.generate(keyID: "as-key-1", using: &generator)
        let clientKey = P256PrivateKey.generate(keyID: nil, using: &generator)
        let thiefKey = P256PrivateKey.generate(keyID: nil, using: &generator)
        let jwks = (["keys": .array([.object(authorizationServerKey.publicJWK)])] as JSONValue).serialized()
        let wire = DemoTransport(KeySetServer(url: Self.jwksURL, body: jwks))
        var configuration = ResourceServerConfiguration(
            resource: Self.resource, authorizationServers: [Self.issuer], scopesSupported: ["mcp:tools", "mcp:admin"],
            keys: .jwksURL(Self.jwksURL))
        configuration.resourceName = "Demo MCP server"
        let server = ResourceServer(configuration: configuration, transport: wire, now: { Self.now })

        out.step(
            1, "The protected resource and its metadata", "RFC 9728 §2, §3",
            "ResourceServer.metadataDocument — Sources/AuthResourceServer/ResourceServer+Metadata.swift")
        out.value("resource", Self.resource, "the audience every access token must name")
        out.value("metadata URL", server.metadataURL, "the well-known path inserted before the resource's path")
        out.line("    ← 200 \(String(decoding: server.metadataDocument(), as: UTF8.self))")
        out.check("a client learns from it which authorization server to log in at, and which scopes exist")

        out.step(
            2, "A request without a token", "RFC 6750 §3, RFC 9449 §7.1, RFC 9728 §5.1",
            "ResourceServer.challenge(for:) — Sources/AuthResourceServer/ResourceServer+Challenge.swift")
        do {
            _ = try await server.authenticate(ProtectedRequest(method: "POST", url: Self.resource, headerFields: []))
            throw DemoFlow.CaughtFailure(step: 2, message: "a request without a token was let in")
        } catch let error as ResourceServerError {
            show(server.challenge(for: error), of: error, out: &out)
        }
        out.check("no error code with no credentials (RFC 6750 §3.1); resource_metadata tells the client where to start")

        out.step(
            3, "The access token the authorization server issued", "RFC 9068 §2, RFC 9449 §6",
            "AccessTokenValidator — Sources/AuthResourceServer/AccessTokenValidator.swift")
        var claims = JSONObject()
        try claims.append("iss", .string(Self.issuer))
        try claims.append("aud", .string(failure == .wrongAudience ? "https://other.example.com/api" : Self.resource))
        try claims.append("sub", "user-42")
        try claims.append("client_id", "demo-mcp-client")
        try claims.append("scope", "mcp:tools")
        try claims.append("iat", .number(JSONNumber(Self.now - 60)))
        try claims.append("exp", .number(JSONNumber(failure == .expired ? Self.now - 120 : Self.now + 240)))
        try claims.append("jti", "at-7f3a")
        try claims.append("cnf", .object(try Self.object([("jkt", .string(clientKey.thumbprint))])))
        let token = authorizationServerKey.signedJWT(claims: claims, header: try Self.object([("typ", "at+jwt")]))
        let header = String(decoding: try Base64URL.decode(token.prefix { $0 != "." }), as: UTF8.self)
        out.value("header", header, "typ at+jwt: an access token, not an ID token")
        out.value("claims", Narration.shortenedJSONStrings(String(decoding: JSONValue.object(claims).serialized(), as: UTF8.self)), "")
        out.check("cnf.jkt is the thumbprint of the client's DPoP key: the token is bound to it")

        out.step(
            4, "The client's DPoP proof for this request", "RFC 9449 §4.2",
            "DPoPProofBuilder — Sources/AuthDPoP/DPoPProofBuilder.swift")
        let proof = DPoPProofBuilder.proof(
            signedWith: failure == .stolenToken ? thiefKey : clientKey, jti: "proof-1", method: "POST",
            url: failure == .wrongURL ? "https://mcp.example.com/admin" : Self.resource, issuedAt: Self.now,
            accessToken: token)
        out.value("DPoP", Narration.shortened(proof, limit: 60), "typ dpop+jwt, the public key as jwk, signed by its private key")
        out.value("htm, htu", "POST \(failure == .wrongURL ? "https://mcp.example.com/admin" : Self.resource)", "the request it is for")
        out.value("ath", DPoPAccessTokenHash.hash(token), "base64url(SHA-256(access token)): the token it goes with")

        out.step(
            5, "The protected request", "RFC 9068 §4, RFC 9449 §4.3, §7",
            "ResourceServer.authenticate — Sources/AuthResourceServer/ResourceServer.swift, DPoPProofVerifier — Sources/AuthDPoP")
        let request = ProtectedRequest(
            method: "POST", url: Self.resource,
            headerFields: [.init(name: "Authorization", value: "DPoP " + token), .init(name: "DPoP", value: proof)])
        let principal: AccessPrincipal
        do {
            principal = try await server.authenticate(request, requiring: ["mcp:tools"])
        } catch {
            out.exchanges(wire.takeExchanges())
            show(server.challenge(for: error), of: error, out: &out)
            return error
        }
        out.exchanges(wire.takeExchanges())
        out.check("the JWK Set was fetched once (and is kept, refetched after 10 minutes or for an unknown kid)")
        out.check(
            "token: typ at+jwt, alg ES256 allowed, signature by as-key-1, iss trusted, aud is this resource, exp/iat within 60 s leeway")
        out.check("proof: typ dpop+jwt, a public jwk only, its signature, htm POST, htu \(Self.resource), iat now, ath of this token")
        out.check("the proof's key thumbprint equals the token's cnf.jkt; jti proof-1 remembered against replay")
        out.value("sub", principal.subject ?? "none", "")
        out.value("client_id", principal.clientID ?? "none", "")
        out.value("scopes", principal.scopes.joined(separator: " "), "mcp:tools was required")
        out.value("DPoP key", principal.dpop?.thumbprint ?? "none", "")

        out.step(6, "The same proof again", "RFC 9449 §11.1", "InMemoryDPoPReplayCache — Sources/AuthDPoP")
        try await expectRefusal(of: request, by: server, out: &out)
        out.check("a proof is good once: a captured request cannot be replayed")

        out.step(7, "The token alone, as a Bearer token", "RFC 9449 §7.1", "ResourceServer.authenticate")
        try await expectRefusal(
            of: ProtectedRequest(
                method: "POST", url: Self.resource, headerFields: [.init(name: "Authorization", value: "Bearer " + token)]),
            by: server, out: &out)
        out.check("a DPoP-bound token is useless without a proof signed by its key")

        out.step(8, "A tool that needs a scope the token lacks", "RFC 6750 §3.1, RFC 9470", "ResourceServer.authenticate(_:requiring:)")
        let second = DPoPProofBuilder.proof(
            signedWith: clientKey, jti: "proof-2", method: "POST", url: Self.resource, issuedAt: Self.now, accessToken: token)
        try await expectRefusal(
            of: ProtectedRequest(
                method: "POST", url: Self.resource,
                headerFields: [.init(name: "Authorization", value: "DPoP " + token), .init(name: "DPoP", value: second)]),
            requiring: ["mcp:admin"], by: server, out: &out)
        out.check("403 insufficient_scope names the scope: the client can ask the user for it (step-up) and retry")
        return nil
    }

    /// Shows the refusal of `request`; throws when it is let in.
    private func expectRefusal(
        of request: ProtectedRequest, requiring scopes: [String] = [], by server: ResourceServer, out: inout Narration
    ) async throws {
        do {
            _ = try await server.authenticate(request, requiring: scopes)
            throw DemoFlow.CaughtFailure(step: 0, message: "a request that must be refused was let in")
        } catch let error as ResourceServerError {
            show(server.challenge(for: error), of: error, out: &out)
        }
    }

    private func show(_ challenge: ResourceChallenge, of error: ResourceServerError, out: inout Narration) {
        out.value("refused", "\(error)", "code \(error.code)")
        out.line("    ← \(challenge.status)")
        for field in challenge.headerFields { out.line("        \(field.name): \(field.value)") }
    }

    private static func object(_ members: [(String, JSONValue)]) throws -> JSONObject {
        var object = JSONObject()
        for (name, value) in members { try object.append(name, value) }
        return object
    }
}

/// The authorization server's `jwks_uri`, in process: the set at its URL, 404 elsewhere.
private struct KeySetServer: HTTPTransport {
    let url: String
    let body: [UInt8]

    func send(_ request: TransportRequest) async throws(AuthHTTPError) -> TransportResponse {
        guard request.url == url else { return TransportResponse(status: 404) }
        return TransportResponse(
            status: 200, headerFields: [HeaderField(name: "Content-Type", value: "application/jwk-set+json")], body: body)
    }
}
