// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthCredentials
import AuthJSON
import AuthJWT

/// The options of `authflow userinfo`, `authflow logout` and `authflow status`.
struct ProfileOptions: Sendable {
    /// The profile; for `status`, nil lists every profile.
    var profile: String?
}

/// `authflow userinfo`, `authflow logout` and `authflow status`: a profile's user at the provider, the
/// end of its session, and what is stored — never a token.
enum AccountCommands {
    /// `userinfo`: the claims of the userinfo endpoint (OpenID Connect Core §5.3) as JSON, fetched with the
    /// access token (refreshed first when needed); its `sub` is checked against the signed-in user's.
    /// With `tokenInBody` the token goes in a form POST body (RFC 6750 §2.2). A signed answer's verification
    /// (algorithm and key) is printed on standard error; the claims go to standard output either way.
    static func userinfo(
        _ options: ProfileOptions, tokenInBody: Bool = false, environment: LoginEnvironment, terminal: inout some Terminal
    ) throws(CLIError) {
        let (profile, client) = try connect(options, tokenInBody: tokenInBody, environment: environment, terminal: terminal)
        let result = runBlocking { () async -> Result<UserInfo, AuthClientError> in
            await Result { () async throws(AuthClientError) in
                guard let user = try await client.resumeLastUser() else { throw .loggedOut }
                return try await user.fetchProfile()
            }
        }
        let info = try result.get(profile: profile.name)
        if let algorithm = info.signingAlgorithm {
            terminal.write(
                "Signed userinfo (application/jwt): \(algorithm.rawValue) signature verified with the provider's key "
                    + (info.signingKeyID.map { "'\($0)'" } ?? "(no kid)") + "; iss, aud and sub checked\n", to: .standardError)
        }
        terminal.write(
            ServerText.json(String(decoding: JSONValue.object(info.claims.object).serialized(pretty: true), as: UTF8.self)) + "\n",
            to: .standardOutput)
    }

    /// `logout`: revokes the refresh token (RFC 7009) through `User.logout`, forgets the profile's tokens
    /// (its settings stay, so `authflow login --profile NAME` logs in again), and prints the provider's
    /// end-session URL (RP-Initiated Logout 1.0 §2) when it has one. When the provider cannot be reached,
    /// the tokens are forgotten all the same and the output says they were not revoked.
    static func logout(_ options: ProfileOptions, environment: LoginEnvironment, terminal: inout some Terminal) throws(CLIError) {
        let profiles = ProfileStore(directory: try environment.configDirectory())
        let profile = try profiles.require(options.profile ?? "default")
        let store = profiles.credentials(profile.name)
        if let reason = profiles.corruption(of: profile.name) {
            let aside = try profiles.moveCorruptTokensAside(profile.name, now: environment.clock.now())
            terminal.write(
                "Logged out of profile '\(profile.name)': its token file was not a credential store (\(reason)); moved aside to "
                    + "\(aside), nothing revoked\n", to: .standardOutput)
            return
        }
        let client: AuthClient
        do {
            client = try connect(profile, store: store, environment: environment, terminal: terminal)
        } catch {
            try forget(store)
            terminal.write(
                "Logged out of profile '\(profile.name)': tokens forgotten, NOT revoked (\(error.message))\n", to: .standardOutput)
            return
        }
        let result = runBlocking { () async -> Result<LogoutResult?, AuthClientError> in
            await Result { () async throws(AuthClientError) in
                guard let user = try await client.resumeLastUser() else { return nil }
                return try await user.logout()
            }
        }
        guard let outcome = try result.get(profile: profile.name) else {
            terminal.write("Profile '\(profile.name)' was already logged out\n", to: .standardOutput)
            return
        }
        var text = "Logged out of profile '\(profile.name)': tokens forgotten, "
        switch outcome.revocation {
        case .revoked(let hint): text += "\(hint.replacingPlaceholder("_", with: " ")) revoked\n"
        case .notSupported:
            text += "NOT revoked (the provider has no revocation endpoint; the refresh token stays valid until it expires)\n"
        case .failed(let error): text += "NOT revoked (\(ServerText.printable("\(error)")))\n"
        case .skipped: text += "nothing to revoke\n"
        }
        // Without id_token_hint: the output never shows a token (the client_id names the client instead).
        if outcome.endSessionURL != nil, let url = client.endSessionURL(idTokenHint: nil) {
            text += "To end the session at the provider too, open:\n  \(url.text)\n"
        }
        terminal.write(text, to: .standardOutput)
    }

    /// `status`: each profile (or the one asked for) with its issuer, client, user, expiry and scopes.
    static func status(_ options: ProfileOptions, environment: LoginEnvironment, terminal: inout some Terminal) throws(CLIError) {
        let profiles = ProfileStore(directory: try environment.configDirectory())
        let names = try options.profile.map { (name) throws(CLIError) in [try profiles.require(name).name] } ?? profiles.names()
        guard !names.isEmpty else {
            terminal.write(
                "No profiles in \(profiles.profilesDirectory): log in with 'authflow login --issuer URL --client-id ID'\n",
                to: .standardOutput)
            return
        }
        let now = environment.clock.now()
        let style = TextStyle(for: .standardOutput, of: terminal)
        var text = ""
        var broken: [String] = []
        for name in names {
            let profile: Profile
            do {
                profile = try profiles.require(name)
            } catch {
                // One broken profile.json does not hide the others: it is listed as broken, and the status is 1.
                broken.append(name)
                text += style.bold(name) + "\n  " + style.warning("broken") + ":   \(ServerText.printable(error.message))\n"
                continue
            }
            text += style.bold(profile.name) + "\n  issuer:   \(profile.issuer)\n  client:   \(profile.clientID)"
            text += profile.clientSecret.map { " (confidential, secret from \($0.name))" } ?? " (public)"
            text += "\n"
            let tokens: TokenSet?
            let problem: String?
            if let reason = profiles.corruption(of: name) {
                tokens = nil
                problem = ProfileStore.corruptionMessage(path: profiles.tokensPath(name), profile: name, reason: reason)
            } else {
                tokens = try? TokenCommands.stored(profile, store: profiles.credentials(name))
                problem = nil
            }
            if let problem {
                text += "  tokens:   " + style.warning("corrupt") + ": \(ServerText.printable(problem))\n"
            } else if let tokens {
                text +=
                    "  user:     "
                    + (profile.subject.map { ServerText.printable($0 + (profile.email.map { " <\($0)>" } ?? "")) }
                        ?? "(no subject: OAuth 2.0)")
                    + "\n"
                text += TokenSummary.lines(tokens, now: now, fallbackScopes: profile.scopes)
            } else {
                text += "  user:     " + style.warning("logged out") + "\n"
            }
        }
        text += "tokens in \(profiles.profilesDirectory)/NAME/tokens.json (mode 0600)\n"
        terminal.write(text, to: .standardOutput)
        if !broken.isEmpty {
            throw .failure("broken profile\(broken.count == 1 ? "" : "s"): \(broken.joined(separator: ", ")) (see above)")
        }
    }

    /// The profile and its client (discovery made), for commands that talk to the provider.
    private static func connect(
        _ options: ProfileOptions, tokenInBody: Bool = false, environment: LoginEnvironment, terminal: some Terminal
    ) throws(CLIError) -> (Profile, AuthClient) {
        let profiles = ProfileStore(directory: try environment.configDirectory())
        let profile = try profiles.require(options.profile ?? "default")
        _ = try TokenCommands.stored(profile, store: profiles.credentials(profile.name))
        return (
            profile,
            try connect(
                profile, store: profiles.credentials(profile.name), tokenInBody: tokenInBody, environment: environment, terminal: terminal)
        )
    }

    static func connect(
        _ profile: Profile, store: FileCredentialStore, tokenInBody: Bool = false, environment: LoginEnvironment, terminal: some Terminal
    ) throws(CLIError) -> AuthClient {
        try environment.trustCAFile(option: nil, profile: profile)
        var built = try ProfileClient.configuration(
            profile, terminal: terminal, environment: environment, redirectURI: profile.redirectURI ?? "http://127.0.0.1:1/unused")
        built.sendsUserInfoTokenInBody = tokenInBody
        let configuration = built
        let adapts = profile.clientAuthentication == nil
        let result = runBlocking { () async -> Result<AuthClient, AuthClientError> in
            await Result { () async throws(AuthClientError) in
                try await ProfileClient.connect(configuration, store: store, environment: environment, adaptsAuthentication: adapts)
            }
        }
        return try result.get(profile: profile.name)
    }

    /// Removes every token the profile's store holds.
    private static func forget(_ store: FileCredentialStore) throws(CLIError) {
        let result = runBlocking { () async -> Result<Void, AuthCredentialsError> in
            do throws(AuthCredentialsError) {
                return .success(try await ProfileStore.forgetTokens(in: store, except: nil))
            } catch {
                return .failure(error)
            }
        }
        if case .failure(let error) = result { throw .failure("\(error)") }
    }
}
