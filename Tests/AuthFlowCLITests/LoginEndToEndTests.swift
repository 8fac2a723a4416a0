// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthClient
import AuthCredentials
import AuthHTTP
import AuthJWT
import AuthSession
import AuthTesting
import Foundation
import Testing

@testable import AuthFlowCLI

/// The login commands end to end over real HTTP: `authflow provider`'s fake provider on 127.0.0.1, the
/// CLI's loopback listener, and a browser that signs in as the user would (see `LoginHarness`).
/// Serialized: each test runs a provider server and a loopback listener; one at a time keeps the load they
/// add to a parallel run small.
@Suite("authflow login, token, userinfo, logout, status: end to end over HTTP", .serialized)
struct LoginEndToEndTests {
    @Test("login through the browser saves a 0600 profile and prints who logged in, never a token")
    func loopbackLogin() async throws {
        let harness = try LoginHarness()
        let environment = harness.environment
        let options = harness.options()
        let login = await command { terminal throws(CLIError) in try LoginFlow.run(options, environment: environment, terminal: &terminal) }
        #expect(login.error == nil, "\(login.errors)")
        #expect(login.output.hasPrefix("Logged in as alice <alice@example.com>\n"))
        #expect(login.output.contains("  expires:  2030-03-17T18:46:40Z (in 1 h)"), "1_900_003_600, as Python's datetime says")
        #expect(login.output.contains("  scopes:   openid profile email"))
        #expect(login.errors.contains("opened the browser") && login.errors.contains(harness.issuer + "/authorize?"))
        let opened = try #require(harness.opened.withLock { $0 }.first)
        #expect(opened.contains("code_challenge_method=S256") && opened.contains("state=") && opened.contains("nonce="))

        let tokens = try #require(try await harness.storedTokens())
        for secret in [tokens.accessToken, tokens.refreshToken ?? "-", tokens.idToken ?? "-"] {
            #expect(!login.output.contains(secret) && !login.errors.contains(secret), "no token is printed")
        }
        let settings = try String(contentsOfFile: harness.path("default", "profile.json"), encoding: .utf8)
        #expect(!settings.contains(tokens.accessToken) && settings.contains("\"subject\": \"alice\""))
        #expect(PrivateFile.mode(harness.path("default", "tokens.json")) == 0o600)
        #expect(PrivateFile.mode(harness.path("default", "profile.json")) == 0o600)
        #expect(PrivateFile.mode(harness.directory + "/config/authflow") == 0o700)
        #expect(PrivateFile.mode(harness.directory + "/config/authflow/profiles/default") == 0o700)
    }

    @Test("token prints the stored access token bare, as a header, as JSON and as a kubectl ExecCredential")
    func tokenFormats() async throws {
        let harness = try LoginHarness()
        let environment = harness.environment
        _ = await command { terminal throws(CLIError) in try LoginFlow.run(harness.options(), environment: environment, terminal: &terminal)
        }
        let tokens = try #require(try await harness.storedTokens())
        func token(_ format: TokenFormat, _ kind: TokenCommands.Kind = .access) async -> String {
            await command { terminal throws(CLIError) in
                try TokenCommands.run(kind, TokenOptions(format: format), environment: environment, terminal: &terminal)
            }.output
        }
        #expect(await token(.bare) == tokens.accessToken + "\n")
        #expect(await token(.header) == "Authorization: Bearer \(tokens.accessToken)\n")
        let json = try #require(try JSONSerialization.jsonObject(with: Data((await token(.json)).utf8)) as? [String: Any])
        #expect(json["access_token"] as? String == tokens.accessToken)
        #expect(json["token_type"] as? String == "Bearer")
        #expect(json["expires_at"] as? String == "2030-03-17T18:46:40Z")
        #expect(json["scope"] as? String == "openid profile email")
        let exec = try #require(try JSONSerialization.jsonObject(with: Data((await token(.execCredential)).utf8)) as? [String: Any])
        #expect(exec["apiVersion"] as? String == "client.authentication.k8s.io/v1")
        #expect(exec["kind"] as? String == "ExecCredential")
        let status = try #require(exec["status"] as? [String: Any])
        #expect(status["token"] as? String == tokens.accessToken)
        #expect(status["expirationTimestamp"] as? String == "2030-03-17T18:46:40Z")
        #expect(await token(.bare, .id) == (tokens.idToken ?? "none") + "\n")
        #expect(harness.provider.requestCount(.token) == 1, "a valid token is printed without asking the provider")
    }

    @Test("an expired access token is refreshed first, and the rotated tokens are stored")
    func refreshOnExpiry() async throws {
        let harness = try LoginHarness()
        let environment = harness.environment
        _ = await command { terminal throws(CLIError) in try LoginFlow.run(harness.options(), environment: environment, terminal: &terminal)
        }
        let before = try #require(try await harness.storedTokens())
        harness.time.advance(by: 3600 - 30)  // within the 60 s refresh window
        let printed = await command { terminal throws(CLIError) in
            try TokenCommands.run(.access, TokenOptions(), environment: environment, terminal: &terminal)
        }
        #expect(printed.error == nil, "\(printed.errors)")
        let after = try #require(try await harness.storedTokens())
        #expect(printed.output == after.accessToken + "\n")
        #expect(after.accessToken != before.accessToken && after.refreshToken != before.refreshToken, "rotated and saved")
        #expect(after.expiresAt == NumericDate(secondsSince1970: 1_900_000_000 + 3570 + 3600))
        #expect(harness.provider.requestCount(.token) == 2)

        // The ID token (600 s) has expired by now too: id-token refreshes again and prints the new one.
        harness.time.advance(by: 700)
        let id = await command { terminal throws(CLIError) in
            try TokenCommands.run(.id, TokenOptions(), environment: environment, terminal: &terminal)
        }
        let latest = try #require(try await harness.storedTokens())
        #expect(id.output == (latest.idToken ?? "none") + "\n" && latest.idToken != after.idToken)
    }

    @Test("a refresh token the provider revoked ends the session: exit 1, log in again")
    func refreshRefused() async throws {
        let harness = try LoginHarness()
        let environment = harness.environment
        _ = await command { terminal throws(CLIError) in try LoginFlow.run(harness.options(), environment: environment, terminal: &terminal)
        }
        harness.provider.revokeRefreshTokens()
        harness.time.advance(by: 7200)
        let printed = await command { terminal throws(CLIError) in
            try TokenCommands.run(.access, TokenOptions(), environment: environment, terminal: &terminal)
        }
        #expect(printed.status == 1 && printed.output.isEmpty)
        #expect(printed.error?.message.contains("log in again with 'authflow login'") == true)
        #expect(try await harness.storedTokens() == nil, "the refused tokens were removed")
    }

    @Test("a denial on the sign-in page ends the login with the OAuth error and the denied status; nothing is stored")
    func denied() async throws {
        let harness = try LoginHarness(decision: "deny")
        let environment = harness.environment
        let login = await command { terminal throws(CLIError) in
            try LoginFlow.run(harness.options(), environment: environment, terminal: &terminal)
        }
        #expect(login.error == CLIError.loginDenied("the provider refused the login: access_denied: the user denied the request [10007]"))
        #expect(login.output.isEmpty)
        #expect(try await harness.storedTokens() == nil)
    }

    @Test("an error redirect without state sent to the listener does not end the login: the user still signs in")
    func strayStatelessError() async throws {
        let harness = try LoginHarness(sendsStrayError: true)
        let environment = harness.environment
        let options = harness.options()
        let login = await command { terminal throws(CLIError) in try LoginFlow.run(options, environment: environment, terminal: &terminal) }
        #expect(login.error == nil, "\(login.errors)")
        #expect(login.output.hasPrefix("Logged in as alice <alice@example.com>\n"))
        #expect(try await harness.storedTokens() != nil)
    }

    @Test("an error redirect without state and nothing else ends the login at the timeout as unverified: exit 1, not 3")
    func strayStatelessErrorAtTimeout() async throws {
        let harness = try LoginHarness(onlyStray: true)
        let environment = harness.environment
        let options = {
            var options = harness.options()
            options.timeout = .seconds(3)
            return options
        }()
        let login = await command { terminal throws(CLIError) in try LoginFlow.run(options, environment: environment, terminal: &terminal) }
        #expect(login.status == 1, "a failure to sign in, not a denial: anyone could have sent the error")
        let message = try #require(login.error?.message)
        #expect(message.contains("unverified") && message.contains("access_denied: sent by someone else"), "\(message)")
        #expect(message.contains("[10008, 9008]"), "\(message)")
        #expect(!message.contains("the provider refused the login"))
        #expect(try await harness.storedTokens() == nil)
    }

    @Test("the device grant prints the code, opens the verification page, polls and signs in")
    func deviceLogin() async throws {
        let harness = try LoginHarness()
        let environment = harness.environment
        let login = await command { terminal throws(CLIError) in
            try LoginFlow.run(harness.options(device: true), environment: environment, terminal: &terminal)
        }
        #expect(login.error == nil, "\(login.errors)")
        #expect(login.errors.contains("open \(harness.issuer)/device and enter the code"))
        #expect(login.output.hasPrefix("Logged in as alice <alice@example.com>\n"))
        #expect(harness.opened.withLock { $0 }.first?.hasPrefix(harness.issuer + "/device?user_code=") == true)
        #expect(try await harness.storedTokens() != nil)
    }

    @Test("a denial on the device page ends the login with the denied status")
    func deviceDenied() async throws {
        let harness = try LoginHarness(decision: "deny")
        let environment = harness.environment
        let login = await command { terminal throws(CLIError) in
            try LoginFlow.run(harness.options(device: true), environment: environment, terminal: &terminal)
        }
        #expect(login.error == CLIError.loginDenied("the login was denied on the verification page (access_denied, RFC 8628 §3.5)"))
    }

    @Test("a browser that cannot be started never fails the login: the URL is printed, with a hint at --device")
    func noBrowser() async throws {
        let harness = try LoginHarness(browserFails: true)
        let environment = harness.environment
        let login = await command { terminal throws(CLIError) in
            try LoginFlow.run(harness.options(), environment: environment, terminal: &terminal)
        }
        #expect(login.error == nil, "\(login.errors)")
        #expect(login.errors.contains("could not start a browser") && login.errors.contains("\n  \(harness.issuer)/authorize?"))
        #expect(login.errors.contains("'authflow login --device' signs in from another device"))
        #expect(harness.opened.withLock { $0 }.count == 2, "AUTHFLOW_BROWSER, then xdg-open (or open)")
    }

    @Test("userinfo --token-in-body: the token goes in a form POST body; a signed answer's verification goes to standard error")
    func userinfoSignedInBody() async throws {
        let harness = try LoginHarness(configure: { $0.signedUserInfoClients = [$0.clientID] })
        let environment = harness.environment
        _ = await command { terminal throws(CLIError) in try LoginFlow.run(harness.options(), environment: environment, terminal: &terminal)
        }
        let info = await command { terminal throws(CLIError) in
            try AccountCommands.userinfo(.init(), tokenInBody: true, environment: environment, terminal: &terminal)
        }
        #expect(info.error == nil, "\(info.errors)")
        let claims = try #require(try JSONSerialization.jsonObject(with: Data(info.output.utf8)) as? [String: Any])
        #expect(claims["sub"] as? String == "alice")
        #expect(info.errors.contains("Signed userinfo (application/jwt): ") && info.errors.contains("signature verified"))
        #expect(harness.provider.lastUserInfoTokenPlacement == "body")
    }

    @Test("userinfo, status and logout: the user's claims, the profiles without tokens, revocation and forgetting")
    func accountCommands() async throws {
        let harness = try LoginHarness()
        let environment = harness.environment
        _ = await command { terminal throws(CLIError) in try LoginFlow.run(harness.options(), environment: environment, terminal: &terminal)
        }
        let tokens = try #require(try await harness.storedTokens())

        let info = await command { terminal throws(CLIError) in
            try AccountCommands.userinfo(.init(), environment: environment, terminal: &terminal)
        }
        let claims = try #require(try JSONSerialization.jsonObject(with: Data(info.output.utf8)) as? [String: Any])
        #expect(claims["sub"] as? String == "alice" && claims["email"] as? String == "alice@example.com")

        let status = await command { terminal throws(CLIError) in
            try AccountCommands.status(.init(), environment: environment, terminal: &terminal)
        }
        #expect(
            status.output.hasPrefix(
                "default\n  issuer:   \(harness.issuer)\n  client:   authflow-cli (public)\n  user:     alice <alice@example.com>\n"))
        #expect(!status.output.contains(tokens.accessToken) && !status.output.contains(tokens.refreshToken ?? "-"))

        let logout = await command { terminal throws(CLIError) in
            try AccountCommands.logout(.init(), environment: environment, terminal: &terminal)
        }
        #expect(logout.output.hasPrefix("Logged out of profile 'default': tokens forgotten, refresh token revoked\n"))
        #expect(logout.output.contains("\(harness.issuer)/logout?client_id=authflow-cli") && !logout.output.contains("id_token_hint"))
        #expect(harness.provider.requestCount(.revocation) == 1)
        #expect(try await harness.storedTokens() == nil)

        let after = await command { terminal throws(CLIError) in
            try TokenCommands.run(.access, TokenOptions(), environment: environment, terminal: &terminal)
        }
        #expect(after.error == .failure("profile 'default' is logged out: log in with 'authflow login'"))
        let listed = await command { terminal throws(CLIError) in
            try AccountCommands.status(.init(), environment: environment, terminal: &terminal)
        }
        #expect(listed.output.contains("  user:     logged out\n"))
    }

    @Test("a confidential client reads its secret from a file, never prints it, and a later token needs only --profile")
    func confidentialClient() async throws {
        let harness = try LoginHarness()
        let environment = harness.environment
        var confidential = harness.options(profile: "ci")
        confidential.clientID = LocalProvider.confidentialClientID
        confidential.clientSecret = .file("/secret")
        let options = confidential
        var terminal = MemoryTerminal()
        terminal.files["/secret"] = Array((LocalProvider.confidentialClientSecret + "\n").utf8)
        let login = await command(terminal) { terminal throws(CLIError) in
            try LoginFlow.run(options, environment: environment, terminal: &terminal)
        }
        #expect(login.error == nil, "\(login.errors)")
        #expect(
            !login.output.contains(LocalProvider.confidentialClientSecret)
                && !login.errors.contains(LocalProvider.confidentialClientSecret))
        let settings = try String(contentsOfFile: harness.path("ci", "profile.json"), encoding: .utf8)
        #expect(settings.contains("\"file\": \"/secret\"") && !settings.contains(LocalProvider.confidentialClientSecret))

        harness.time.advance(by: 7200)
        var fresh = MemoryTerminal()
        fresh.files = login.terminal.files  // the secret file, read again for the refresh
        let token = await command(fresh) { terminal throws(CLIError) in
            try TokenCommands.run(.access, TokenOptions(profile: "ci"), environment: environment, terminal: &terminal)
        }
        #expect(token.error == nil, "the refresh authenticated with the secret read again: \(token.errors)")
        let stored = try #require(try await harness.storedTokens("ci", clientID: LocalProvider.confidentialClientID))
        #expect(token.output == stored.accessToken + "\n")
    }

    @Test(
        "login --ciba asks the provider to have the --login-hint user approve on their device, polls and signs in; a denial is the denied status",
        arguments: [FakeOpenIDProvider.BackchannelOutcome.approve, .deny])
    func backchannelLogin(outcome: FakeOpenIDProvider.BackchannelOutcome) async throws {
        let harness = try LoginHarness()
        harness.provider.scriptBackchannelUser(pendingPolls: 1, then: outcome)
        let environment = harness.environment
        var backchannel = harness.options(profile: "till")
        backchannel.clientID = LocalProvider.confidentialClientID
        backchannel.clientSecret = .file("/secret")
        backchannel.ciba = true
        backchannel.loginHint = "alice"
        backchannel.bindingMessage = "W4SCT"
        let options = backchannel
        var terminal = MemoryTerminal()
        terminal.files["/secret"] = Array((LocalProvider.confidentialClientSecret + "\n").utf8)
        let login = await command(terminal) { terminal throws(CLIError) in
            try LoginFlow.run(options, environment: environment, terminal: &terminal)
        }
        #expect(login.errors.contains("asked alice to approve") && login.errors.contains("    W4SCT\n"))
        let sent = harness.recorded.withLock { $0 }.filter { $0.url.hasSuffix("/bc-authorize") }
        #expect(sent.count == 1)
        #expect(harness.opened.withLock { $0 }.isEmpty)
        if outcome == .approve {
            #expect(login.error == nil, "\(login.errors)")
            #expect(login.output.hasPrefix("Logged in as alice <alice@example.com>\n"))
            #expect(try await harness.storedTokens("till", clientID: LocalProvider.confidentialClientID) != nil)
        } else {
            #expect(login.error == CLIError.loginDenied("the user denied the login on their device (access_denied, CIBA §11)"))
        }
    }

    @Test("a wrong secret is refused by the provider, with the library's error")
    func wrongSecret() async throws {
        let harness = try LoginHarness()
        let environment = harness.environment
        var wrong = harness.options()
        wrong.clientID = LocalProvider.confidentialClientID
        wrong.clientSecret = .standardInput
        let options = wrong
        var terminal = MemoryTerminal()
        terminal.standardInput = Array("not-the-secret".utf8)
        let login = await command(terminal) { terminal throws(CLIError) in
            try LoginFlow.run(options, environment: environment, terminal: &terminal)
        }
        #expect(login.status == 1 && login.error?.message.contains("invalid_client") == true)
        #expect(login.error?.message.contains("not-the-secret") == false)
    }

    @Test("login --oauth2 at a plain OAuth 2.0 server: RFC 8414 metadata, no openid, no ID token; token, refresh, status")
    func plainOAuthLogin() async throws {
        let harness = try LoginHarness(oauth2Only: true)
        let environment = harness.environment
        let login = await command { terminal throws(CLIError) in
            try LoginFlow.run(harness.options(oauth2: true), environment: environment, terminal: &terminal)
        }
        #expect(login.error == nil, "\(login.errors)")
        #expect(login.output.hasPrefix("Logged in as client authflow-cli (no subject: OAuth 2.0)\n"), "\(login.output)")
        #expect(login.output.contains("  scopes:   (none)\n"))
        let opened = try #require(harness.opened.withLock { $0 }.first)
        #expect(!opened.contains("scope=") && !opened.contains("nonce="), "no openid, no scope parameter: \(opened)")
        let tokens = try #require(try await harness.storedTokens())
        #expect(tokens.idToken == nil)
        for secret in [tokens.accessToken, tokens.refreshToken ?? "-"] {
            #expect(!login.output.contains(secret) && !login.errors.contains(secret), "no token is printed")
        }
        let settings = try String(contentsOfFile: harness.path("default", "profile.json"), encoding: .utf8)
        #expect(settings.contains("\"openid_connect\": false"))

        let token = await command { terminal throws(CLIError) in
            try TokenCommands.run(.access, TokenOptions(), environment: environment, terminal: &terminal)
        }
        #expect(token.output == tokens.accessToken + "\n", "\(token.errors)")

        harness.time.advance(by: 3600 - 30)
        let refreshed = await command { terminal throws(CLIError) in
            try TokenCommands.run(.access, TokenOptions(), environment: environment, terminal: &terminal)
        }
        #expect(refreshed.error == nil, "\(refreshed.error?.message ?? "")")
        let after = try #require(try await harness.storedTokens())
        #expect(refreshed.output == after.accessToken + "\n" && after.accessToken != tokens.accessToken)
        #expect(harness.provider.requestCount(.token) == 2)

        let status = await command { terminal throws(CLIError) in
            try AccountCommands.status(.init(), environment: environment, terminal: &terminal)
        }
        #expect(
            status.output.hasPrefix(
                "default\n  issuer:   \(harness.issuer)\n  client:   authflow-cli (public)\n  user:     (no subject: OAuth 2.0)\n"),
            "\(status.output)")

        let id = await command { terminal throws(CLIError) in
            try TokenCommands.run(.id, TokenOptions(), environment: environment, terminal: &terminal)
        }
        #expect(id.status == 1 && id.output.isEmpty)
        #expect(id.error?.message.contains("has no ID token: it is a plain OAuth 2.0 profile") == true, "\(id.error?.message ?? "")")

        // A later login with only the profile stays plain OAuth 2.0.
        let again = await command { terminal throws(CLIError) in
            var options = LoginOptions()
            options.profile = "default"
            options.force = true
            try LoginFlow.run(options, environment: environment, terminal: &terminal)
        }
        #expect(again.error == nil, "\(again.errors)")
    }

    @Test("login --oauth2 --device at a plain OAuth 2.0 server (whose RFC 8414 metadata does not advertise the endpoint)")
    func plainOAuthDeviceLogin() async throws {
        let harness = try LoginHarness(oauth2Only: true)
        let environment = harness.environment
        var options = harness.options(device: true, oauth2: true)
        options.deviceAuthorizationEndpoint = harness.issuer + "/device_authorization"
        let login = await command { [options] terminal throws(CLIError) in
            try LoginFlow.run(options, environment: environment, terminal: &terminal)
        }
        #expect(login.error == nil, "\(login.errors)")
        #expect(login.output.hasPrefix("Logged in as client authflow-cli (no subject: OAuth 2.0)\n"))
        #expect(try await harness.storedTokens()?.idToken == nil)
    }

    @Test("an OpenID Connect login at a plain OAuth 2.0 server fails with invalid_scope and a hint at --oauth2")
    func openIDAtPlainOAuthServer() async throws {
        let harness = try LoginHarness(oauth2Only: true)
        let environment = harness.environment
        let login = await command { terminal throws(CLIError) in
            try LoginFlow.run(harness.options(), environment: environment, terminal: &terminal)
        }
        #expect(login.status != 0 && login.output.isEmpty)
        let message = login.error?.message ?? ""
        #expect(message.contains("invalid_scope") && message.contains("log in with --oauth2"), "\(message)")
        #expect(try await harness.storedTokens() == nil)
    }

    @Test("--oauth2 with --scope openid is a usage error")
    func plainOAuthWithOpenID() throws {
        var options = LoginOptions()
        options.issuer = "https://auth.example.com"
        options.clientID = "cli"
        options.oauth2 = true
        options.scopes = ["openid"]
        #expect(throws: CLIError.self) { try LoginFlow.profile(options, previous: nil) }
        options.scopes = ["api:read", "api:read"]
        let profile = try LoginFlow.profile(options, previous: nil)
        #expect(profile.scopes == ["api:read"] && !profile.openIDConnect)
        #expect(try Profile(json: profile.json, name: "default") == profile)
    }
}

extension LoginEndToEndTests {
    @Test(
        "token --json prints the granted authorization_details; --authorization-details prints a narrowed token and stores nothing but a rotated refresh token"
    )
    func authorizationDetails() async throws {
        let harness = try LoginHarness()
        let environment = harness.environment
        var options = harness.options()
        let both = #"[{"type":"account_information","actions":["list_accounts"]},{"type":"payment_initiation","actions":["initiate"]}]"#
        options.authorizationDetails = try AuthorizationDetail.array(json: both)
        let loginOptions = options
        let login = await command { terminal throws(CLIError) in
            try LoginFlow.run(loginOptions, environment: environment, terminal: &terminal)
        }
        #expect(login.error == nil, "\(login.errors)")
        let stored = try #require(try await harness.storedTokens())
        #expect(AuthorizationDetail.serialized(stored.authorizationDetails) == both, "kept in the profile's token file")

        let plain = await command { terminal throws(CLIError) in
            try TokenCommands.run(.access, TokenOptions(format: .json), environment: environment, terminal: &terminal)
        }
        let json = try #require(try JSONSerialization.jsonObject(with: Data(plain.output.utf8)) as? [String: Any])
        #expect(
            (json["authorization_details"] as? [[String: Any]])?.compactMap { $0["type"] as? String } == [
                "account_information", "payment_initiation",
            ])

        var terminal = MemoryTerminal()
        terminal.files["narrow.json"] = Array(#"[{"type":"payment_initiation","actions":["initiate"]}]"#.utf8)
        let narrowing = try TokenCommand.authorizationDetails("@narrow.json", terminal: terminal)
        let narrowed = await command { terminal throws(CLIError) in
            try TokenCommands.run(
                .access, TokenOptions(format: .json, authorizationDetails: narrowing), environment: environment, terminal: &terminal)
        }
        #expect(narrowed.error == nil, "\(narrowed.errors)")
        let narrowedJSON = try #require(try JSONSerialization.jsonObject(with: Data(narrowed.output.utf8)) as? [String: Any])
        #expect((narrowedJSON["authorization_details"] as? [[String: Any]])?.compactMap { $0["type"] as? String } == ["payment_initiation"])
        #expect(narrowedJSON["access_token"] as? String != stored.accessToken)
        let after = try #require(try await harness.storedTokens())
        #expect(after.accessToken == stored.accessToken, "the narrowed token is printed, not stored")
        #expect(AuthorizationDetail.serialized(after.authorizationDetails) == both)
        #expect(harness.provider.requestCount(.token) == 2)

        #expect(throws: CLIError.self) { try TokenCommand.authorizationDetails("[]", terminal: MemoryTerminal()) }
        #expect(throws: CLIError.self) { try TokenCommand.authorizationDetails(#"[{"actions":[]}]"#, terminal: MemoryTerminal()) }
        #expect(throws: CLIError.self) { try TokenCommand.authorizationDetails("@missing.json", terminal: MemoryTerminal()) }
    }
}
