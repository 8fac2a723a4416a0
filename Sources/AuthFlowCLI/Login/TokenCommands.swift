// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthClient
import AuthCredentials
import AuthJSON
import AuthJWT

/// How `authflow token` prints the token.
enum TokenFormat: String, Sendable, CaseIterable {
    /// The token alone, on one line.
    case bare
    /// `Authorization: Bearer …` (RFC 6750 §2.1).
    case header
    /// `{"access_token": …, "token_type": "Bearer", "expires_at": ISO 8601, "scope": …}`, and
    /// `authorization_details` when the provider granted some (RFC 9396 §7).
    case json
    /// A Kubernetes `client.authentication.k8s.io/v1` ExecCredential, for kubectl's exec plugin.
    case execCredential = "exec-credential"
}

/// The options of `authflow token` and `authflow id-token`.
struct TokenOptions: Sendable {
    var profile = "default"
    var format = TokenFormat.bare
    /// `--client-credentials`: a token for the client itself (RFC 6749 §4.4).
    var clientCredentials = false
    /// With ``clientCredentials`` or ``assertionFile``: the client options given, which set the profile up (nil: the profile's).
    var setup: LoginOptions?
    /// `--assertion-file`: the JWT bearer grant (RFC 7523 §2.1) with the assertion in this file (`-`: standard input).
    var assertionFile: String?
    /// `--resource` alone: the profile whose grant is for this resource (``ProfileStore/profile(forResource:named:)``).
    var resource: String?
    /// Whether `--profile` was given (with ``resource``, that profile must hold the resource's grant).
    var profileGiven = false
    /// `--authorization-details`: a token narrowed to these (RFC 9396 §6.1), printed and not stored.
    var authorizationDetails: [AuthorizationDetail]?
}

/// `authflow token` and `authflow id-token`: a valid token of a profile, from the token file when it is
/// good for at least the refresh window (60 s), else refreshed first through `User` (single-flight, the
/// rotated refresh token saved before use, `invalid_grant` ends the session), and printed as asked.
enum TokenCommands {
    /// Which token.
    enum Kind: Sendable {
        case access, id
    }

    static func run(_ kind: Kind, _ options: TokenOptions, environment: LoginEnvironment, terminal: inout some Terminal) throws(CLIError) {
        if options.clientCredentials { return try clientCredentials(options, environment: environment, terminal: &terminal) }
        if options.assertionFile != nil { return try jwtBearer(options, environment: environment, terminal: &terminal) }
        let profiles = ProfileStore(directory: try environment.configDirectory())
        let profile: Profile
        if let resource = options.resource {
            profile = try profiles.profile(forResource: resource, named: options.profileGiven ? options.profile : nil)
        } else {
            profile = try profiles.require(options.profile)
        }
        try environment.trustCAFile(option: nil, profile: profile)
        if kind == .id, profile.clientCredentials {
            throw .failure(
                "profile '\(profile.name)' has no ID token: its tokens come from the client credentials grant, which has no user")
        }
        if profile.clientCredentials {
            // The profile chosen (by --resource, it may not be the one --profile named): its client, its tokens.
            var chosen = options
            chosen.profile = profile.name
            return try clientCredentials(chosen, environment: environment, terminal: &terminal)
        }
        if kind == .id, !profile.openIDConnect {
            throw .failure(
                "profile '\(profile.name)' has no ID token: it is a plain OAuth 2.0 profile (logged in with --oauth2, no OpenID Connect); "
                    + "'authflow token' prints its access token")
        }
        let store = profiles.credentials(profile.name)
        let now = environment.clock.now()
        let window: Int64 = 60  // ClientConfiguration's default refreshWindowSeconds
        var tokens = try stored(profile, store: store)
        if kind == .access, let details = options.authorizationDetails {
            return try narrowed(details, profile: profile, tokens: tokens, options: options, environment: environment, terminal: &terminal)
        }
        let fresh: Bool =
            switch kind {
            case .access: !tokens.needsRefresh(at: now, window: window)
            case .id: tokens.idToken.flatMap(TokenSummary.idTokenExpiry).map { now.adding(seconds: window) < $0 } ?? false
            }
        if !fresh {
            guard tokens.refreshToken != nil else {
                throw .failure(
                    "the \(kind == .id ? "ID" : "access") token of profile '\(profile.name)' has expired and there is no refresh "
                        + "token: log in again with '\(again(profile))'")
            }
            let (prepared, adapts) = try refreshClient(profile, store: store, terminal: terminal, environment: environment)
            let refreshed = runBlocking { () async -> Result<TokenSet, AuthClientError> in
                await Result { () async throws(AuthClientError) in
                    let client = try await ProfileClient.connect(
                        prepared, store: store, environment: environment, adaptsAuthentication: adapts)
                    guard let user = try await client.resumeLastUser() else { throw .loggedOut }
                    return kind == .access ? try await user.validTokens() : try await user.refreshTokens()
                }
            }
            tokens = try refreshed.get(profile: profile.name)
        }
        switch kind {
        case .access:
            terminal.write(try format(tokens, as: options.format, now: now), to: .standardOutput)
        case .id:
            guard let idToken = tokens.idToken else { throw .failure("profile '\(profile.name)' has no ID token") }
            if let expiry = TokenSummary.idTokenExpiry(idToken), expiry <= now {
                throw .failure("the provider did not issue a new ID token on refresh; log in again with '\(again(profile))'")
            }
            let forID = TokenSet(accessToken: idToken, expiresAt: TokenSummary.idTokenExpiry(idToken), scopes: tokens.scopes)
            terminal.write(try format(forID, as: options.format, now: now, name: "id_token"), to: .standardOutput)
        }
    }

    /// The client a profile refreshes with, and whether it may adapt its authentication to the provider's: a
    /// client that `login --mcp-server` registered keeps its credentials with the registration in the token
    /// file, and uses them as registered.
    static func refreshClient(_ profile: Profile, store: FileCredentialStore, terminal: some Terminal, environment: LoginEnvironment)
        throws(CLIError) -> (ClientConfiguration, adapts: Bool)
    {
        var configuration = try ProfileClient.configuration(
            profile, terminal: terminal, environment: environment, redirectURI: profile.redirectURI ?? "http://127.0.0.1:1/unused")
        if profile.registeredClient { configuration.clientAuthentication = try registeredAuthentication(profile, store: store) }
        return (configuration, profile.clientAuthentication == nil && !profile.registeredClient)
    }

    /// `token --authorization-details`: an access token narrowed with the refresh token (RFC 9396 §6.1,
    /// `User.tokens(authorizationDetails:)`), printed and not stored; a rotated refresh token is saved first.
    static func narrowed(
        _ details: [AuthorizationDetail], profile: Profile, tokens: TokenSet, options: TokenOptions, environment: LoginEnvironment,
        terminal: inout some Terminal
    ) throws(CLIError) {
        guard tokens.refreshToken != nil else {
            throw .failure(
                "profile '\(profile.name)' has no refresh token to ask for a narrowed token with: log in again with '\(again(profile))'")
        }
        let store = ProfileStore(directory: try environment.configDirectory()).credentials(profile.name)
        let (configuration, adapts) = try refreshClient(profile, store: store, terminal: terminal, environment: environment)
        let result = runBlocking { () async -> Result<TokenSet, AuthClientError> in
            await Result { () async throws(AuthClientError) in
                let client = try await ProfileClient.connect(
                    configuration, store: store, environment: environment, adaptsAuthentication: adapts)
                guard let user = try await client.resumeLastUser() else { throw .loggedOut }
                return try await user.tokens(authorizationDetails: details)
            }
        }
        let narrowed = try result.get(profile: profile.name)
        terminal.write(try format(narrowed, as: options.format, now: environment.clock.now()), to: .standardOutput)
    }

    /// `token --client-credentials`, and `token` for a profile set up by it: the cached token when it is good
    /// for at least the refresh window, else a new one from the client credentials grant (RFC 6749 §4.4),
    /// saved in the profile's token file (with its DPoP key, which later requests prove again) before it is
    /// printed. The options given set the profile up; a profile that changes forgets its cached token.
    static func clientCredentials(_ options: TokenOptions, environment: LoginEnvironment, terminal: inout some Terminal) throws(CLIError) {
        try ProfileStore.check(name: options.profile)
        let profiles = ProfileStore(directory: try environment.configDirectory())
        let previous = try profiles.load(options.profile)
        var profile: Profile
        if let setup = options.setup {
            profile = try LoginFlow.profile(setup, previous: previous?.clientCredentials == true ? previous : nil)
            profile.clientCredentials = true
            profile.subject = nil
        } else {
            guard let previous, previous.clientCredentials else {
                throw .usage(
                    "token --client-credentials needs --issuer URL --client-id ID and the client's secret or key the first time "
                        + "(profile '\(options.profile)' is \(previous == nil ? "not set up" : "a user's login"))")
            }
            profile = previous
        }
        guard profile.clientSecret != nil || profile.privateKeyFile != nil else {
            throw .usage(
                "the client credentials grant is for confidential clients (RFC 6749 §4.4): give --client-secret-file FILE, "
                    + "--client-secret-env NAME or --client-auth private_key_jwt --private-key-file FILE")
        }
        try profiles.prepare(profile.name)
        let store = profiles.credentials(profile.name)
        let now = environment.clock.now()
        let unchanged = previous == profile
        let cached = unchanged ? try cachedToken(profile, store: store) : nil
        if let cached, !cached.needsRefresh(at: now, window: 60) {
            terminal.write(try format(cached, as: options.format, now: now), to: .standardOutput)
            return
        }
        let configuration = try ProfileClient.configuration(
            profile, terminal: terminal, environment: environment, redirectURI: "http://127.0.0.1:1/unused")
        let adapts = profile.clientAuthentication == nil
        let scopes = profile.scopes.map(Scope.init(rawValue:))
        let dpopKey = cached?.dpopKey
        let grant = profile.grant
        let result = runBlocking { () async -> Result<TokenSet, AuthClientError> in
            await Result { () async throws(AuthClientError) in
                let client = try await ProfileClient.connect(
                    configuration, store: store, environment: environment, adaptsAuthentication: adapts)
                let tokens = try await client.requestClientCredentialsToken(scopes: scopes, dpopKey: dpopKey)
                do throws(AuthCredentialsError) {
                    try await ProfileStore.forgetTokens(in: store, except: nil)
                    try await store.save(StoredCredential(user: "", grant: grant, tokens: tokens))
                } catch {
                    throw .store(error)
                }
                return tokens
            }
        }
        let tokens = try result.get(profile: profile.name)
        try profiles.save(profile)
        terminal.write(try format(tokens, as: options.format, now: now), to: .standardOutput)
    }

    /// The client authentication of a profile whose client was registered dynamically: from its registration.
    static func registeredAuthentication(_ profile: Profile, store: FileCredentialStore) throws(CLIError) -> ClientAuthentication {
        let result = runBlocking { () async -> Result<StoredClientRegistration?, AuthCredentialsError> in
            do throws(AuthCredentialsError) {
                return .success(try await store.clientRegistration(forIssuer: profile.issuer))
            } catch {
                return .failure(error)
            }
        }
        switch result {
        case .success(let registration?) where registration.clientID == profile.clientID:
            return try MCPLoginFlow.authentication(of: registration)
        case .success:
            throw .failure("profile '\(profile.name)' has lost its client registration: log in again with '\(again(profile))'")
        case .failure(let error):
            throw .failure("\(error)")
        }
    }

    /// The cached client credentials token of `profile`, if any.
    private static func cachedToken(_ profile: Profile, store: FileCredentialStore) throws(CLIError) -> TokenSet? {
        let result = runBlocking { () async -> Result<StoredCredential?, AuthCredentialsError> in
            do throws(AuthCredentialsError) {
                return .success(try await store.lastCredential(for: profile.grant))
            } catch {
                return .failure(error)
            }
        }
        switch result {
        case .success(let credential): return credential?.tokens
        case .failure(let error): throw .failure("\(error)")
        }
    }

    /// The profile's stored tokens, or a failure saying to log in.
    static func stored(_ profile: Profile, store: FileCredentialStore) throws(CLIError) -> TokenSet {
        let result = runBlocking { () async -> Result<StoredCredential?, AuthCredentialsError> in
            do throws(AuthCredentialsError) {
                return .success(try await ProfileStore.session(of: profile, in: store))
            } catch {
                return .failure(error)
            }
        }
        let credential: StoredCredential?
        switch result {
        case .success(let value): credential = value
        case .failure(.corruptStore(let path, let reason)):
            throw .failure(ProfileStore.corruptionMessage(path: path, profile: profile.name, reason: reason))
        case .failure(let error): throw .failure("\(error)")
        }
        guard let tokens = credential?.tokens else {
            throw .failure("profile '\(profile.name)' is logged out: log in with '\(again(profile))'")
        }
        return tokens
    }

    /// The token as `format` prints it, with a final line break.
    /// (`name` is the JSON member of the token: `access_token`, or `id_token` for `authflow id-token`.)
    static func format(_ tokens: TokenSet, as format: TokenFormat, now: NumericDate, name: String = "access_token") throws(CLIError)
        -> String
    {
        switch format {
        case .bare:
            return tokens.accessToken + "\n"
        case .header:
            // A DPoP-bound token goes with the DPoP scheme (RFC 9449 §7.1), and a proof the caller makes.
            return "Authorization: \(tokens.isDPoPBound ? "DPoP" : "Bearer") \(tokens.accessToken)\n"
        case .json:
            var object = JSONObject()
            try? object.append(name, .string(tokens.accessToken))
            if name == "access_token" { try? object.append("token_type", .string(tokens.isDPoPBound ? "DPoP" : "Bearer")) }
            try? object.append("expires_at", tokens.expiresAt.map { .string(ISO8601.string($0)) } ?? .null)
            try? object.append("scope", tokens.scopes.map { .string($0.joined(separator: " ")) } ?? .null)
            // RFC 9396 §7: what the provider granted with the token, when it named any.
            if name == "access_token", let granted = tokens.grantedAuthorizationDetails {
                try? object.append("authorization_details", .array(granted.map(JSONValue.object)))
            }
            return ServerText.json(String(decoding: JSONValue.object(object).serialized(pretty: true), as: UTF8.self)) + "\n"
        case .execCredential:
            // https://kubernetes.io/docs/reference/access-authn-authz/authentication/#input-and-output-formats
            var status = JSONObject()
            try? status.append("token", .string(tokens.accessToken))
            if let expiry = tokens.expiresAt { try? status.append("expirationTimestamp", .string(ISO8601.string(expiry))) }
            var object = JSONObject()
            try? object.append("apiVersion", "client.authentication.k8s.io/v1")
            try? object.append("kind", "ExecCredential")
            try? object.append("status", .object(status))
            return ServerText.json(String(decoding: JSONValue.object(object).serialized(), as: UTF8.self)) + "\n"
        }
    }

    static func again(_ profile: Profile) -> String {
        if let server = profile.mcpServer {
            let named = profile.name == MCPLoginFlow.profileName(for: server) ? "" : " --profile \(profile.name)"
            return "authflow login --mcp-server \(server)\(named)"
        }
        return profile.name == "default" ? "authflow login" : "authflow login --profile \(profile.name)"
    }
}
