// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCredentials
import AuthSession
import AuthTesting
import Foundation
import Testing

@testable import AuthFlowCLI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Mistakes end quickly and say what to do (issue 29): a corrupt token file, a broken profile, a provider
/// that is down or refuses the client, a wait without a redirect, a port in use, a signed-in profile, and
/// an HS256 token with a `kid`.
@Suite("LoginHints: a login's mistakes end quickly and say what to do", .serialized)
struct LoginHintsTests {
    /// Signs in to `profile` with the harness's browser.
    private func signIn(_ harness: LoginHarness, _ options: AuthFlowCLI.LoginOptions? = nil) async -> CommandOutcome {
        let environment = harness.environment
        let options = options ?? harness.options()
        return await command { terminal throws(CLIError) in try LoginFlow.run(options, environment: environment, terminal: &terminal) }
    }

    @Test("a corrupt tokens.json: token and status name the file and what to do; login moves it aside before the browser and replaces it")
    func corruptTokens() async throws {
        let harness = try LoginHarness()
        _ = await signIn(harness)
        let path = harness.path("default", "tokens.json")
        try Data("{\"not\": \"a store\"".utf8).write(to: URL(fileURLWithPath: path))
        let environment = harness.environment

        let token = await command { terminal throws(CLIError) in
            try TokenCommands.run(.access, TokenOptions(), environment: environment, terminal: &terminal)
        }
        #expect(token.status == 1)
        #expect(token.error?.message.contains("the token file \(path) is not a credential store") == true)
        #expect(token.error?.message.contains("'authflow login' signs in again") == true)

        let status = await command { terminal throws(CLIError) in
            try AccountCommands.status(ProfileOptions(profile: nil), environment: environment, terminal: &terminal)
        }
        #expect(status.output.contains("tokens:   corrupt") && status.output.contains(path) && !status.output.contains("logged out"))

        let again = await signIn(harness)
        #expect(again.error == nil, "\(again.errors)")
        let moved = try #require(again.errors.range(of: "moved aside to "))
        let opened = try #require(again.errors.range(of: "opened the browser"))
        #expect(moved.lowerBound < opened.lowerBound, "checked before the browser step")
        let aside = try FileManager.default.contentsOfDirectory(atPath: harness.path("default", "")).filter {
            $0.hasPrefix("tokens.json.corrupt-")
        }
        #expect(aside.count == 1)
        let kept = try String(contentsOfFile: harness.path("default", aside.first ?? ""), encoding: .utf8)
        #expect(kept == "{\"not\": \"a store\"", "nothing is lost")
        #expect(try await harness.storedTokens() != nil)
    }

    @Test("logout of a profile whose token file is corrupt moves the file aside and says nothing was revoked")
    func corruptTokensLogout() async throws {
        let harness = try LoginHarness()
        _ = await signIn(harness)
        try Data("garbage".utf8).write(to: URL(fileURLWithPath: harness.path("default", "tokens.json")))
        let environment = harness.environment
        let logout = await command { terminal throws(CLIError) in
            try AccountCommands.logout(ProfileOptions(profile: nil), environment: environment, terminal: &terminal)
        }
        #expect(logout.error == nil)
        #expect(logout.output.contains("moved aside to ") && logout.output.contains("nothing revoked"))
        #expect(!FileManager.default.fileExists(atPath: harness.path("default", "tokens.json")))
    }

    @Test("one broken profile.json is reported with its path and reason, and the other profiles are still listed; exit 1")
    func brokenProfile() async throws {
        let harness = try LoginHarness()
        _ = await signIn(harness)
        _ = await signIn(harness, harness.options(profile: "work"))
        let broken = harness.path("work", "profile.json")
        try Data("{".utf8).write(to: URL(fileURLWithPath: broken))
        let environment = harness.environment
        let status = await command { terminal throws(CLIError) in
            try AccountCommands.status(ProfileOptions(profile: nil), environment: environment, terminal: &terminal)
        }
        #expect(status.status == 1)
        #expect(status.output.contains("default\n  issuer:   \(harness.issuer)"))
        #expect(status.output.contains("work\n  broken:   the profile file \(broken) is not valid"))

        // A login that names the issuer and the client replaces it.
        let again = await signIn(harness, harness.options(profile: "work"))
        #expect(again.error == nil && again.errors.contains("this login replaces it"))
    }

    @Test("a signed-in profile is not signed in again without --force; with --force it is")
    func alreadySignedIn() async throws {
        let harness = try LoginHarness()
        _ = await signIn(harness)
        let second = await signIn(harness)
        #expect(second.error == nil)
        #expect(second.output.hasPrefix("Already signed in as alice <alice@example.com>\n"))
        #expect(second.output.contains("'authflow login --force' signs in again"))
        #expect(harness.opened.withLock { $0.count } == 1, "no browser")
        var options = harness.options()
        options.force = true
        let forced = await signIn(harness, options)
        #expect(forced.error == nil && forced.output.hasPrefix("Logged in as alice"))
        #expect(harness.opened.withLock { $0.count } == 2)
    }

    @Test("a provider that is down fails a re-login at once, before any browser, even with a cached discovery document")
    func providerDown() async throws {
        let harness = try LoginHarness()
        _ = await signIn(harness)
        harness.server.stop()
        var options = harness.options()
        options.force = true
        let clock = ContinuousClock()
        let started = clock.now
        let again = await signIn(harness, options)
        #expect(clock.now - started < .seconds(20), "not the 30-s wait of the harness")
        #expect(again.status == 1)
        // The discovery document comes from the profile's provider cache; the authorization endpoint is checked before the browser.
        #expect(
            again.error?.message.contains("cannot reach the provider's authorization endpoint") == true, "\(again.error?.message ?? "")")
        #expect(harness.opened.withLock { $0.count } == 1, "no browser")
    }

    @Test("an unknown client id is refused before the browser step, with what to check and the --port hint")
    func unknownClient() async throws {
        let harness = try LoginHarness()
        var options = harness.options()
        options.clientID = "no-such-client"
        let login = await signIn(harness, options)
        #expect(login.status == 1)
        let message = login.error?.message ?? ""
        #expect(message.contains("refused the authorization request before any sign-in (HTTP 400"))
        #expect(message.contains("check the client id 'no-such-client'") && message.contains("--port PORT"))
        #expect(harness.opened.withLock { $0.isEmpty })
    }

    @Test("a wait that ends without a redirect says what to check, with the --port and --timeout hints")
    func timeout() async throws {
        let harness = try LoginHarness()
        var options = harness.options()
        options.noBrowser = true
        options.timeout = .milliseconds(300)
        let login = await signIn(harness, options)
        #expect(login.status == 1)
        let message = login.error?.message ?? ""
        #expect(message.contains("no redirect of this login arrived within"))
        #expect(message.contains("check the client id 'authflow-cli'") && message.contains("--port PORT") && message.contains("--timeout"))
    }

    @Test("a port in use and a missing browser launcher are said in words, with what to do")
    func errnoInWords() async throws {
        let inUse = LoginHints.listenFailure(.socketFailure(operation: "bind", errno: EADDRINUSE), port: 8080)
        #expect(inUse.contains("in use by another program") && inUse.contains("--port"))
        let holder = try LoopbackListener(path: "/callback", port: 0)
        let port = try #require(UInt16(holder.redirectURI.split(separator: ":").last?.split(separator: "/").first ?? ""))
        let harness = try LoginHarness()
        var options = harness.options()
        options.port = port
        let login = await signIn(harness, options)
        #expect(login.error?.message.contains("port \(port)") == true && login.error?.message.contains("in use by another program") == true)
        _ = holder
    }

    @Test("jwt verify --hs256-key-hex accepts an HS256 token whose header names a kid")
    func hs256WithKeyID() {
        // Made with Python's hmac and hashlib: {"alg":"HS256","kid":"key-2026","typ":"JWT"}.
        // {"sub":"alice","iat":1700000000,"exp":1700003600}, key 00 01 … 1f.
        let token =
            "eyJhbGciOiJIUzI1NiIsImtpZCI6ImtleS0yMDI2IiwidHlwIjoiSldUIn0."
            + "eyJzdWIiOiJhbGljZSIsImlhdCI6MTcwMDAwMDAwMCwiZXhwIjoxNzAwMDAzNjAwfQ.3qjkGyydSHeOeC0nAJjTEt7eeuImNFrzt1lF750oSD8"
        var terminal = MemoryTerminal()
        let key = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
        #expect(terminal.run("jwt", "verify", token, "--hs256-key-hex", key, "--now", "1700000100") == 0, "\(terminal.errors)")
        var wrong = MemoryTerminal()
        #expect(wrong.run("jwt", "verify", token, "--hs256-key-hex", "ff" + key.dropFirst(2), "--now", "1700000100") == 1)
    }
}
