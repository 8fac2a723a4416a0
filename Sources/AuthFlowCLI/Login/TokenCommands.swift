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
    /// `{"access_token": …, "token_type": "Bearer", "expires_at": ISO 8601, "scope": …}`.
    case json
    /// A Kubernetes `client.authentication.k8s.io/v1` ExecCredential, for kubectl's exec plugin.
    case execCredential = "exec-credential"
}

/// The options of `authflow token` and `authflow id-token`.
struct TokenOptions: Sendable {
    var profile = "default"
    var format = TokenFormat.bare
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
        let profiles = ProfileStore(directory: try environment.configDirectory())
        let profile = try profiles.require(options.profile)
        try environment.trustCAFile(option: nil, profile: profile)
        if kind == .id, !profile.openIDConnect {
            throw .failure(
                "profile '\(profile.name)' has no ID token: it is a plain OAuth 2.0 profile (logged in with --oauth2, no OpenID Connect); "
                    + "'authflow token' prints its access token")
        }
        let store = profiles.credentials(profile.name)
        let now = environment.clock.now()
        let window: Int64 = 60  // ClientConfiguration's default refreshWindowSeconds
        var tokens = try stored(profile, store: store)
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
            let secret = try ProfileClient.secret(profile, terminal: terminal, environment: environment)
            let configuration = try ProfileClient.configuration(
                profile, secret: secret, redirectURI: profile.redirectURI ?? "http://127.0.0.1:1/unused")
            let refreshed = runBlocking { () async -> Result<TokenSet, AuthClientError> in
                await Result { () async throws(AuthClientError) in
                    let client = try await ProfileClient.connect(configuration, store: store, environment: environment)
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
            return "Authorization: Bearer \(tokens.accessToken)\n"
        case .json:
            var object = JSONObject()
            try? object.append(name, .string(tokens.accessToken))
            if name == "access_token" { try? object.append("token_type", "Bearer") }
            try? object.append("expires_at", tokens.expiresAt.map { .string(ISO8601.string($0)) } ?? .null)
            try? object.append("scope", tokens.scopes.map { .string($0.joined(separator: " ")) } ?? .null)
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
        profile.name == "default" ? "authflow login" : "authflow login --profile \(profile.name)"
    }
}
