// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthJSON
import AuthJWT
import Foundation
import Testing

@testable import AuthFlowCLI

@Suite("authflow key generate and jwt sign")
struct SigningCommandTests {
    @Test("key generate prints a private P-256 JWK and warns on standard error that it is a secret")
    func generate() throws {
        var terminal = MemoryTerminal()
        #expect(CLI.run(arguments: ["key", "generate", "--kty", "EC", "--kid", "k1"], terminal: &terminal) == 0)
        let key = try P256PrivateKey(jwk: Array(terminal.standardOutput))
        #expect(key.keyID == "k1")
        #expect(terminal.errors.contains("secret"))
    }

    @Test("jwt sign --alg ES256 makes a token that the ES256 verifier accepts with the public key; the same claims sign the same")
    func signES256() throws {
        var generator = SystemRandomNumberGenerator()
        let key = P256PrivateKey.generate(keyID: "k2", using: &generator)
        var terminal = MemoryTerminal()
        terminal.files["key.jwk"] = JSONValue.object(key.privateJWK).serialized()
        terminal.standardInput = Array(#"{"sub":"alice"}"#.utf8)
        #expect(CLI.run(arguments: ["jwt", "sign", "--alg", "ES256", "--key", "key.jwk"], terminal: &terminal) == 0)
        let token = String(terminal.output.dropLast())
        let jws = try JWS(compact: token)
        #expect(jws.header.algorithm == .es256 && jws.header.keyID == "k2" && jws.header.type == "JWT")
        #expect(try JWSVerifier.es256.isValidSignature(jws.signature, signingInput: jws.signingInput, key: JWK(key.publicJWK)))
    }

    @Test("jwt sign refuses claims that are not an object, a short HS256 key, and an EC key without d")
    func refusals() throws {
        var terminal = MemoryTerminal()
        terminal.files["short.jwk"] = Array(#"{"kty":"oct","k":"c2hvcnQ"}"#.utf8)
        terminal.files["public.jwk"] = Array(#"{"kty":"EC","crv":"P-256","x":"AA","y":"AA"}"#.utf8)
        terminal.standardInput = Array("[1]".utf8)
        #expect(CLI.run(arguments: ["jwt", "sign", "--alg", "HS256", "--key", "short.jwk"], terminal: &terminal) == 1)
        terminal.standardInput = Array("{}".utf8)
        #expect(CLI.run(arguments: ["jwt", "sign", "--alg", "HS256", "--key", "short.jwk"], terminal: &terminal) == 1)
        #expect(terminal.errors.contains("256"))
        #expect(CLI.run(arguments: ["jwt", "sign", "--alg", "ES256", "--key", "public.jwk"], terminal: &terminal) == 1)
        #expect(CLI.run(arguments: ["jwt", "sign", "--alg", "RS256", "--key", "public.jwk"], terminal: &terminal) == 2)
    }
}

@Suite("authflow demo --dpop")
struct DPoPDemoTests {
    @Test("narrates a DPoP-bound login and a resource request, each with its one use_dpop_nonce retry, and exits 0")
    func demo() {
        var terminal = MemoryTerminal()
        #expect(CLI.run(arguments: ["demo", "--dpop"], terminal: &terminal) == 0)
        #expect(terminal.output.components(separatedBy: "use_dpop_nonce").count >= 4)
        #expect(terminal.output.contains("token_type = DPoP") && terminal.output.contains("sub = alice"))
        #expect(CLI.run(arguments: ["demo", "--dpop", "--device"], terminal: &terminal) == 2)
    }
}
