// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCredentials
import AuthJSON
import AuthJWT
import Testing

@testable import AuthFlowCLI

/// The login commands' pieces that need no provider: dates, profile names, options, the browser order.
@Suite("authflow login: dates, profiles, options")
struct LoginUnitTests {
    /// Expected values from Python: `datetime.datetime.fromtimestamp(t, datetime.timezone.utc)`.
    @Test("ISO 8601 dates match Python's datetime, leap days and negative times included")
    func dates() {
        let vectors: [(Int64, String)] = [
            (0, "1970-01-01T00:00:00Z"), (951_782_400, "2000-02-29T00:00:00Z"), (1_700_000_000, "2023-11-14T22:13:20Z"),
            (4_102_444_800, "2100-01-01T00:00:00Z"), (-1, "1969-12-31T23:59:59Z"), (1_795_413_136, "2026-11-23T05:52:16Z"),
            (253_402_300_799, "9999-12-31T23:59:59Z"),
        ]
        for (seconds, text) in vectors { #expect(ISO8601.string(NumericDate(secondsSince1970: seconds)) == text) }
        let now = NumericDate(secondsSince1970: 1000)
        #expect(ISO8601.relative(NumericDate(secondsSince1970: 1000 + 3600), now: now) == "in 1 h")
        #expect(ISO8601.relative(NumericDate(secondsSince1970: 1000 + 7500), now: now) == "in 2 h 5 min")
        #expect(ISO8601.relative(NumericDate(secondsSince1970: 1000 - 180), now: now) == "expired 3 min ago")
    }

    @Test("a profile name is one safe path component")
    func profileNames() {
        for good in ["default", "work-2", "a.b_c", String(repeating: "x", count: 64)] {
            #expect(throws: Never.self) { try ProfileStore.check(name: good) }
        }
        for bad in ["", ".hidden", "..", "a/b", "x y", "é", String(repeating: "x", count: 65)] {
            #expect(throws: CLIError.self) { try ProfileStore.check(name: bad) }
        }
    }

    @Test("login fills in from the profile's last login for the same client, and always asks for openid")
    func profileFromOptions() throws {
        var options = AuthFlowCLI.LoginOptions()
        #expect(throws: CLIError.self) { try LoginFlow.profile(options, previous: nil) }
        options.issuer = "https://login.example.com"
        options.clientID = "cli"
        options.scopes = ["email", "offline_access", "email"]
        let first = try LoginFlow.profile(options, previous: nil)
        #expect(first.scopes == ["openid", "email", "offline_access"])
        let again = try LoginFlow.profile(AuthFlowCLI.LoginOptions(), previous: first)
        #expect(again.issuer == "https://login.example.com" && again.scopes == first.scopes)
        var other = AuthFlowCLI.LoginOptions()
        other.clientID = "another"
        #expect(try LoginFlow.profile(other, previous: first).scopes == LoginFlow.defaultScopes, "another client starts afresh")
    }

    @Test("the browser is AUTHFLOW_BROWSER, then each entry of BROWSER, then the platform's opener")
    func browserOrder() {
        let variables = ["AUTHFLOW_BROWSER": "/ci/browser", "BROWSER": "firefox:chromium"]
        var environment = LoginEnvironment.system()
        environment.variable = { variables[$0] }
        #expect(environment.browserCommands().prefix(3) == ["/ci/browser", "firefox", "chromium"])
        #expect(environment.browserCommands().count == 4)
    }

    @Test("the configuration directory is under XDG_CONFIG_HOME when absolute, else under HOME")
    func configDirectory() throws {
        var environment = LoginEnvironment.system()
        environment.variable = { ["XDG_CONFIG_HOME": "/x/config", "HOME": "/home/me"][$0] }
        #if canImport(Darwin)
            #expect(try environment.configDirectory() == "/home/me/Library/Application Support/authflow")
        #else
            #expect(try environment.configDirectory() == "/x/config/authflow")
            environment.variable = { ["XDG_CONFIG_HOME": "relative", "HOME": "/home/me"][$0] }
            #expect(try environment.configDirectory() == "/home/me/.config/authflow")
        #endif
        environment.variable = { _ in nil }
        #expect(throws: CLIError.self) { try environment.configDirectory() }
    }

    @Test("secrets are never accepted on the command line, and both sources at once are refused")
    func secretOptions() {
        var terminal = MemoryTerminal()
        #expect(terminal.run("login", "--issuer", "https://a.example", "--client-id", "c", "--client-secret", "s") == 2)
        #expect(terminal.errors.contains("--client-secret"))
        #expect(
            terminal.run(
                "login", "--issuer", "https://a.example", "--client-id", "c", "--client-secret-file", "f", "--client-secret-env", "E")
                == 2)
        #expect(terminal.run("token", "--json", "--header") == 2)
    }

    @Test("profile.json keeps the client authentication, the key's path, DPoP, resources, PAR and the grant; older files read as before")
    func profileSettings() throws {
        var profile = Profile(
            name: "svc", issuer: "https://login.example.com", clientID: "svc", scopes: ["openid"], clientSecret: nil,
            insecureLoopbackIssuer: false)
        profile.clientAuthentication = .privateKeyJWT
        profile.privateKeyFile = "/keys/svc.pem"
        profile.dpop = true
        profile.resources = ["https://api.example.com/"]
        profile.pushedAuthorization = true
        profile.clientCredentials = true
        let json = try JSONValue(parsing: profile.json.serialized())
        #expect(try Profile(json: json, name: "svc") == profile)
        #expect(
            json["client_authentication"]?.stringValue == "private_key_jwt" && json["private_key"]?["file"]?.stringValue == "/keys/svc.pem")
        #expect(profile.grant.resources == ["https://api.example.com/"])
        let older = try Profile(json: try JSONValue(parsing: Array(#"{"issuer": "https://a.example", "client_id": "c"}"#.utf8)), name: "o")
        #expect(older.clientAuthentication == nil && !older.dpop && older.resources.isEmpty && !older.clientCredentials)
        let unknown = #"{"issuer": "https://a.example", "client_id": "c", "client_authentication": "tls_client_auth"}"#
        #expect(throws: CLIError.self) { try Profile(json: try JSONValue(parsing: Array(unknown.utf8)), name: "u") }
    }

    @Test("the client authentication is the options', else the profile's; a key file alone means private_key_jwt")
    func clientAuthenticationChoice() throws {
        var options = AuthFlowCLI.LoginOptions()
        options.issuer = "https://login.example.com"
        options.clientID = "app"
        options.privateKeyFile = "/k.pem"
        let keyed = try LoginFlow.profile(options, previous: nil)
        #expect(keyed.clientAuthentication == .privateKeyJWT && keyed.privateKeyFile == "/k.pem" && keyed.clientSecret == nil)
        // Later logins keep it; a secret instead switches back to the default method and forgets the key.
        #expect(try LoginFlow.profile(AuthFlowCLI.LoginOptions(), previous: keyed).clientAuthentication == .privateKeyJWT)
        var secret = AuthFlowCLI.LoginOptions()
        secret.clientSecret = .environment("APP_SECRET")
        let switched = try LoginFlow.profile(secret, previous: keyed)
        #expect(switched.clientAuthentication == nil && switched.privateKeyFile == nil)
        // Contradictions are usage errors.
        var both = options
        both.clientSecret = .environment("APP_SECRET")
        #expect(throws: CLIError.self) { try LoginFlow.profile(both, previous: nil) }
        var postWithoutSecret = AuthFlowCLI.LoginOptions()
        postWithoutSecret.issuer = "https://login.example.com"
        postWithoutSecret.clientID = "app"
        postWithoutSecret.clientAuthentication = .clientSecretPost
        #expect(throws: CLIError.self) { try LoginFlow.profile(postWithoutSecret, previous: nil) }
        var postWithKey = postWithoutSecret
        postWithKey.clientSecret = .environment("APP_SECRET")
        postWithKey.privateKeyFile = "/k.pem"
        #expect(throws: CLIError.self) { try LoginFlow.profile(postWithKey, previous: nil) }
    }
}
