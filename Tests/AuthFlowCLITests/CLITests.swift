// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import Foundation
import TestVectors
import Testing

@testable import AuthFlowCLI

@Suite("authflow command line")
struct CLITests {
    @Test("sha256 prints the digest of standard input or a file")
    func sha256() {
        var terminal = MemoryTerminal(standardInput: Array("abc".utf8), files: ["m.txt": Array(repeating: 0x61, count: 1_000_000)])
        #expect(terminal.run("sha256") == 0)
        #expect(terminal.run("sha256", "m.txt") == 0)
        #expect(terminal.run("sha256", "-") == 0)
        #expect(
            terminal.output == """
                ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad
                cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0
                ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad

                """
        )
    }

    @Test("sha256 of a missing file fails with status 1 and says which file")
    func missingFile() {
        var terminal = MemoryTerminal()
        #expect(terminal.run("sha256", "nope.bin") == 1)
        #expect(terminal.errors.contains("cannot open 'nope.bin'"))
        #expect(terminal.output.isEmpty)
    }

    @Test("hmac-sha256 prints the RFC 4231 test case 2 MAC")
    func hmac() throws {
        var terminal = MemoryTerminal(standardInput: Array("what do ya want for nothing?".utf8))
        #expect(terminal.run("hmac-sha256", "--key-hex", "4a656665") == 0)
        #expect(terminal.output == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843\n")
    }

    @Test("hmac-sha256 needs a key, and a key that is not hex fails with status 1")
    func hmacErrors() {
        var terminal = MemoryTerminal()
        #expect(terminal.run("hmac-sha256") == 2)
        #expect(terminal.run("hmac-sha256", "--key-hex") == 2)
        #expect(terminal.run("hmac-sha256", "--key-hex", "zz") == 1)
        #expect(terminal.errors.contains("not a hexadecimal digit"))
    }

    @Test("base64url encodes and decodes standard input, tolerating one trailing newline")
    func base64url() {
        var encode = MemoryTerminal(standardInput: [0xfb, 0xff, 0xbf, 0x66])
        #expect(encode.run("base64url", "encode") == 0)
        #expect(encode.output == "-_-_Zg\n")
        var decode = MemoryTerminal(standardInput: Array("-_-_Zg\n".utf8))
        #expect(decode.run("base64url", "decode") == 0)
        #expect(decode.standardOutput == [0xfb, 0xff, 0xbf, 0x66])
    }

    @Test("base64url decode fails with status 1 and the typed error, and --lenient relaxes padding")
    func base64urlErrors() {
        var strict = MemoryTerminal(standardInput: Array("Zg==".utf8))
        #expect(strict.run("base64url", "decode") == 1)
        #expect(strict.errors.contains("AuthBase64URLError 2003"))
        var lenient = MemoryTerminal(standardInput: Array("Zg==".utf8))
        #expect(lenient.run("base64url", "decode", "--lenient") == 0)
        #expect(lenient.standardOutput == [0x66])
        var usage = MemoryTerminal()
        #expect(usage.run("base64url") == 2)
        #expect(usage.run("base64url", "scramble") == 2)
    }

    @Test("pkce generate prints a valid verifier and its S256 challenge")
    func pkceGenerate() throws {
        for arguments in [["pkce", "generate"], ["pkce", "generate", "--length", "128"]] {
            var terminal = MemoryTerminal()
            #expect(CLI.run(arguments: arguments, terminal: &terminal) == 0)
            let lines = terminal.output.split(separator: "\n")
            #expect(lines.count == 3)
            let verifier = String(lines[0].dropFirst("code_verifier=".count))
            #expect(verifier.count == (arguments.count == 2 ? 43 : 128))
            var check = MemoryTerminal()
            // `--`: a random verifier may start with '-', which would read as an option.
            #expect(check.run("pkce", "challenge", "--", verifier) == 0)
            #expect(lines[1] == "code_challenge=" + check.output.dropLast())
            #expect(lines[2] == "code_challenge_method=S256")
        }
    }

    @Test("pkce generate refuses a length outside 43...128 (status 1) and a non-number (status 2)")
    func pkceGenerateErrors() {
        var terminal = MemoryTerminal()
        #expect(terminal.run("pkce", "generate", "--length", "42") == 1)
        #expect(terminal.errors.contains("43 to 128"))
        #expect(terminal.run("pkce", "generate", "--length", "many") == 2)
    }

    @Test("pkce challenge gives the RFC 7636 Appendix B challenge, from an argument or standard input")
    func pkceChallenge() throws {
        let example = try RFC7636AppendixB.load()
        var terminal = MemoryTerminal(standardInput: Array((example.code_verifier + "\n").utf8))
        #expect(terminal.run("pkce", "challenge", example.code_verifier) == 0)
        #expect(terminal.run("pkce", "challenge", "-") == 0)
        #expect(terminal.output == example.code_challenge + "\n" + example.code_challenge + "\n")
    }

    @Test("pkce challenge takes a verifier that starts with '-' after --, and without it says to use --")
    func pkceChallengeDashVerifier() {
        // Expected from Python: base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").
        let verifier = "-dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjX"
        var terminal = MemoryTerminal()
        #expect(terminal.run("pkce", "challenge", "--", verifier) == 0)
        #expect(terminal.output == "4bn4L7V2AN0Mo3jQ6sVyYncF3oriPL4ZB-nbDHwK9is\n")
        var usage = MemoryTerminal()
        #expect(usage.run("pkce", "challenge", verifier) == 2)
        #expect(usage.errors.contains("goes after --: authflow pkce challenge -- VERIFIER"))
        #expect(usage.run("pkce", "challenge", "-" + verifier) == 2)
        #expect(usage.output.isEmpty)
    }

    @Test("pkce challenge of an invalid verifier fails with status 1 and says why")
    func pkceChallengeInvalid() {
        var terminal = MemoryTerminal()
        #expect(terminal.run("pkce", "challenge", "short") == 1)
        #expect(terminal.errors.contains("43 to 128 characters"))
        #expect(terminal.run("pkce", "challenge", String(repeating: "a", count: 42) + "+") == 1)
        #expect(terminal.errors.contains("byte offset 42"))
    }

    @Test("bad usage exits with status 2 and points at help")
    func usage() {
        for arguments in [[], ["frobnicate"], ["sha256", "a", "b"], ["sha256", "--fast"], ["pkce"], ["help", "me"]] {
            var terminal = MemoryTerminal()
            #expect(CLI.run(arguments: arguments, terminal: &terminal) == 2, "\(arguments)")
            #expect(terminal.errors.contains("authflow help"))
        }
        var help = MemoryTerminal()
        #expect(help.run("help") == 0)
        #expect(help.output.contains("usage: authflow"))
    }

    @Test("demo --rfc7636-example narrates the RFC's own values")
    func demo() async throws {
        let example = try RFC7636AppendixB.load()
        var terminal = MemoryTerminal()
        #expect(await terminal.runOnOwnThread("demo", "--rfc7636-example") == 0)
        #expect(terminal.output.contains("code_verifier = \(example.code_verifier)"))
        #expect(terminal.output.contains("code_challenge = \(example.code_challenge)"))
        #expect(terminal.output.contains("Done: every step passed"))
        var random = MemoryTerminal()
        #expect(await random.runOnOwnThread("demo") == 0)
        #expect(!random.output.contains(example.code_verifier))
        for step in 1...9 { #expect(random.output.contains("\n\(step). ")) }
    }

    @Test(
        "demo --fail STEP stops at the step that catches the failure, with the caller's error and code",
        arguments: [
            ("state", 3, "6012"), ("denied", 3, "access_denied"), ("cancel", 3, "9001"), ("pkce", 4, "invalid_grant"),
            ("replay", 4, "already used"), ("token-server", 4, "10006"), ("nonce", 5, "5030"), ("signature", 5, "5020"),
            ("audience", 5, "5022"), ("issuer", 5, "5021"), ("expired", 5, "5026"), ("at-hash", 5, "5032"),
            ("unknown-key", 5, "5016"), ("refresh", 8, "10014"),
        ])
    func demoFailures(step: String, caughtAt: Int, mentions: String) async {
        var terminal = MemoryTerminal()
        #expect(await terminal.runOnOwnThread("demo", "--fail", step) == 0)
        #expect(terminal.output.contains("✗ Caught at step \(caughtAt): "), "\(step)")
        #expect(terminal.output.contains(mentions), "\(step)")
        #expect(!terminal.output.contains("Done: every step passed"))
    }

    @Test("demo --device narrates the device grant: the user code, each poll and its answer, then the signed-in user")
    func deviceDemo() async {
        var terminal = MemoryTerminal()
        #expect(await terminal.runOnOwnThread("demo", "--device") == 0)
        for step in 1...5 { #expect(terminal.output.contains("\n\(step). ")) }
        #expect(terminal.output.contains("user_code = "))
        #expect(terminal.output.contains("\"error\":\"authorization_pending\""))
        #expect(terminal.output.contains("Done: the device is signed in"))
    }

    @Test(
        "demo --device --fail shows a denial and an expiry where they are caught, and slow_down still signing in",
        arguments: [("denied", "10020"), ("expired", "10021"), ("slow-down", "… waits 10 s")])
    func deviceDemoFailures(failure: String, mentions: String) async {
        var terminal = MemoryTerminal()
        #expect(await terminal.runOnOwnThread("demo", "--device", "--fail", failure) == 0)
        #expect(terminal.output.contains(mentions), "\(failure)")
        #expect(terminal.output.contains("Done: the device is signed in") == (failure == "slow-down"))
        var wrong = MemoryTerminal()
        #expect(wrong.run("demo", "--device", "--fail", "nonce") == 2)
    }

    @Test(
        "demo --ciba narrates CIBA's poll mode, and --fail shows a denial, an expiry, an unknown user, and slow_down still signing in",
        arguments: [
            (nil, "\"error\":\"authorization_pending\""), ("denied", "10505"), ("expired", "10506"), ("unknown-user", "unknown_user_id"),
            ("slow-down", "… waits 10 s"),
        ])
    func backchannelDemo(failure: String?, mentions: String) async {
        var terminal = MemoryTerminal()
        if let failure {
            #expect(await terminal.runOnOwnThread("demo", "--ciba", "--fail", failure) == 0)
        } else {
            #expect(await terminal.runOnOwnThread("demo", "--ciba") == 0)
        }
        #expect(terminal.output.contains("binding_message=W4SCT"))
        #expect(terminal.output.contains(mentions), "\(failure ?? "none")")
        #expect(terminal.output.contains("signed in as 'alice'") == (failure == nil || failure == "slow-down"))
        var wrong = MemoryTerminal()
        #expect(wrong.run("demo", "--ciba", "--fail", "nonce") == 2)
    }

    @Test("demo --fail with an unknown step is a usage error listing the steps")
    func demoUnknownFailure() {
        var terminal = MemoryTerminal()
        #expect(terminal.run("demo", "--fail", "bogus") == 2)
        #expect(terminal.errors.contains("unknown-key"))
    }
}
