// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthJWT
import AuthTesting
import Foundation
import Testing

@testable import AuthFlowCLI

/// `authflow token --assertion-file` against `authflow provider` over HTTP.
@Suite("authflow token --assertion-file: the JWT bearer grant (RFC 7523 §2.1) from the command line", .serialized)
struct JWTBearerCommandTests {
    @Test("the assertion in the file is exchanged for a token, which is printed and not stored; the same assertion again is invalid_grant")
    func exchange() async throws {
        var generator = SeededRandomNumberGenerator(seed: 41)
        let key = P256PrivateKey.generate(keyID: "w1", using: &generator)
        let harness = try LoginHarness { $0.jwtBearerIssuers = ["https://workload.example": key.publicJWK] }
        var setup = harness.options(profile: "workload")
        setup.oauth2 = true
        setup.scopes = ["reports:read"]
        let assertion = try await JWTBearerAssertion(
            issuer: "https://workload.example", subject: "alice", audience: harness.provider.url(of: .token),
            issuedAt: harness.time.now, using: &generator
        ).signed(by: key)
        let files = ["/assertion.jwt": Array((assertion + "\n").utf8)]
        let options = TokenOptions(profile: "workload", setup: setup, assertionFile: "/assertion.jwt")
        let first = await LoginClientAuthenticationTests.token(harness, options, files: files)
        #expect(first.error == nil, "\(first.errors)")
        let form = try #require(harness.forms(to: .token).last)
        #expect(form.first { $0.name == "grant_type" }?.value == "urn:ietf:params:oauth:grant-type:jwt-bearer")
        #expect(form.first { $0.name == "assertion" }?.value == assertion)
        #expect(form.first { $0.name == "scope" }?.value == "reports:read")
        #expect(harness.provider.jwtBearerGrantCount == 1)
        #expect(try await harness.storedTokens("workload") == nil)

        let replay = await LoginClientAuthenticationTests.token(
            harness, TokenOptions(profile: "workload", assertionFile: "/assertion.jwt"), files: files)
        #expect(replay.status == 1 && replay.error?.message.contains("invalid_grant") == true, "\(replay.errors)")
        #expect(!replay.errors.contains(assertion))
    }

    @Test("--assertion-file and --client-credentials exclude each other; without a profile or --issuer it is a usage error")
    func usage() async throws {
        var terminal = MemoryTerminal()
        #expect(terminal.run("token", "--assertion-file", "/a", "--client-credentials") == 2)
        let harness = try LoginHarness()
        let outcome = await LoginClientAuthenticationTests.token(harness, TokenOptions(profile: "nobody", assertionFile: "/a"))
        #expect(outcome.status == 2 && outcome.error?.message.contains("--issuer") == true)
    }
}
