// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthJSON
import AuthJWT
import AuthTesting
import AuthURLSession
import Testing

@testable import AuthFlowCLI

/// `jwt verify --jwks URL` against `authflow provider`'s JWK Set over HTTP on 127.0.0.1.
@Suite("authflow jwt verify --jwks URL: fetches the provider's JWK Set (https, or http on loopback only)", .serialized)
struct JWTVerifyJWKSURLTests {
    /// `authflow`'s own stack, as its executable installs it (the test process has none).
    init() {
        HTTPStack.install(HTTPStack(name: "URLSession") { _ in URLSessionTransport(timeout: 30) })
    }

    static let now: Int64 = 1_900_000_000

    static func token(_ key: TestSigningKey, issuer: String) -> String {
        var claims = JSONObject()
        try? claims.append("iss", .string(issuer))
        try? claims.append("sub", "alice")
        try? claims.append("aud", "authflow-cli")
        try? claims.append("iat", .number(JSONNumber(now)))
        try? claims.append("exp", .number(JSONNumber(now + 600)))
        var generator = SeededRandomNumberGenerator(seed: 1)
        return key.sign(claims: claims, using: &generator)
    }

    @Test("a token signed with the provider's key verifies against its jwks_uri; one signed with another key does not")
    func verifies() async throws {
        let server = try FakeProviderServer()
        let provider = try LocalProvider.provider(ProviderOptions(), issuer: server.baseURL)
        server.start(serving: provider)
        defer { server.stop() }
        let url = provider.url(of: .jwks)
        let issuer = server.baseURL
        var terminal = MemoryTerminal()
        let good = Self.token(provider.configuration.signingKey, issuer: issuer)
        let status = await terminal.runOnOwnThread(
            "jwt", "verify", good, "--jwks", url, "--issuer", issuer, "--audience", "authflow-cli", "--now", String(Self.now))
        #expect(status == 0, "\(terminal.errors)")
        #expect(terminal.output.contains("valid"))

        var other = MemoryTerminal()
        let forged = Self.token(.es256, issuer: issuer)
        #expect(await other.runOnOwnThread("jwt", "verify", forged, "--jwks", url, "--now", String(Self.now)) == 1)
    }

    @Test("http to another host is refused before any request; an unreachable URL fails with the URL")
    func refusals() async {
        var terminal = MemoryTerminal()
        #expect(terminal.run("jwt", "verify", "a.b.c", "--jwks", "http://id.example.com/jwks") == 2)
        #expect(terminal.errors.contains("https"))
        var unreachable = MemoryTerminal()
        #expect(await unreachable.runOnOwnThread("jwt", "verify", "a.b.c", "--jwks", "http://127.0.0.1:1/jwks") == 1)
    }
}
