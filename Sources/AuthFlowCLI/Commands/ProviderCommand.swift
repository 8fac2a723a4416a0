// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// `authflow provider [--port P] [--issuer-host H] [--user NAME]… [--access-token-lifetime S]
/// [--refresh-token-reuse-detection] [--oauth2-only]`: a fake OpenID provider on 127.0.0.1 until interrupted (``LocalProvider``).
enum ProviderCommand: CLICommand {
    static let port = Option<UInt16>("port", value: "PORT", help: "the port to listen on (default: any free port)")
    static let issuerHost = Option<String>(
        "issuer-host", value: "HOST", help: "the host in the issuer, e.g. localhost (default 127.0.0.1; it listens on 127.0.0.1 only)")
    static let user = Option<String>(
        "user", value: "NAME", help: "a user one can sign in as (default alice and bob)", repeatable: true)
    static let accessTokenLifetime = Option<Int64>(
        "access-token-lifetime", value: "SECONDS", help: "how long access tokens live (default 3600)")
    static let refreshTokenReuseDetection = Flag(
        "refresh-token-reuse-detection",
        help: "revoke every refresh token of a login when a rotated (spent) one is presented again, as Auth0 and Okta do")
    static let privateKeyJWTClient = Option<String>(
        "private-key-jwt-client", value: "FILE",
        help: "also register authflow-key, a private_key_jwt client whose key is FILE's (a P-256 JWK or PKCS#8 PEM)",
        completion: .file)
    static let oauth2Only = Flag(
        "oauth2-only", help: "a plain OAuth 2.0 server: RFC 8414 metadata only, invalid_scope for openid, no ID tokens (login --oauth2)")

    static let spec = CommandSpec(
        "provider", summary: "run a fake OpenID provider on 127.0.0.1 for development and tests",
        discussion: """
            AuthTesting's FakeOpenIDProvider over HTTP: discovery, a sign-in page (pick a user, approve or deny),
            token (code with PKCE, refresh, device code), userinfo, JWKS, revocation, end-session and the device
            page (RFC 8628), pushed authorization requests, DPoP and the client credentials grant. Prints its
            issuer and its clients — authflow-cli (public); authflow-confidential (client_secret_basic),
            authflow-post (client_secret_post) and authflow-jwt (client_secret_jwt), with one published test
            secret; with --private-key-jwt-client FILE also authflow-key (private_key_jwt, FILE's key) — whose
            redirect URI http://127.0.0.1/callback matches any port (RFC 8252 §7.3). Anyone on this machine can sign in as
            anyone: never use it for anything real. Runs until interrupted. Refresh tokens rotate on every
            refresh. For scripts, GET /.authflow/stats (a test-only endpoint of this fake provider) answers
            {"refresh_grants": N, "refresh_token_reuses": N, "families_revoked": N}.
            """,
        options: [port, issuerHost, user, accessTokenLifetime, refreshTokenReuseDetection, oauth2Only, privateKeyJWTClient],
        examples: [
            "provider --port 8080 --user alice",
            "provider --access-token-lifetime 1 --refresh-token-reuse-detection",
            "login --issuer http://127.0.0.1:8080 --client-id authflow-cli --insecure-loopback-issuer",
        ])

    static func run(_ arguments: ParsedArguments, terminal: inout some Terminal) throws(CLIError) {
        var options = ProviderOptions()
        options.port = arguments.value(Self.port) ?? 0
        options.issuerHost = arguments.value(Self.issuerHost) ?? "127.0.0.1"
        options.users = arguments.values(Self.user)
        if let lifetime = arguments.value(Self.accessTokenLifetime) {
            guard lifetime > 0 else { throw .usage("--access-token-lifetime takes seconds, not '\(lifetime)'") }
            options.accessTokenLifetime = lifetime
        }
        options.detectsRefreshTokenReuse = arguments.isSet(Self.refreshTokenReuseDetection)
        options.oauth2Only = arguments.isSet(Self.oauth2Only)
        if let path = arguments.value(Self.privateKeyJWTClient) {
            options.privateKeyJWTClientKey = try PrivateKeyFile.read(path, terminal: terminal)
        }
        try LocalProvider.run(options, terminal: &terminal)
    }
}
