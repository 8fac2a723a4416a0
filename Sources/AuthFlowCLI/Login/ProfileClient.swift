// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthCredentials
import AuthJSON
import AuthJWT
import AuthSession

/// A profile's `AuthClient`: its configuration, the client secret read from where the profile says, the
/// provider's discovery document, and the profile's token store.
enum ProfileClient {
    /// The configuration of `profile`'s client. Without `--client-auth`, a confidential client authenticates
    /// with HTTP Basic (`client_secret_basic`, RFC 6749 §2.3.1) until
    /// ``connect(_:store:environment:deviceAuthorizationEndpoint:adaptsAuthentication:)`` has read which
    /// methods the provider supports; with it, exactly as asked. DPoP and the RFC 8707 resources are the
    /// profile's. A client with a secret of at least 256 bits (32 bytes: RFC 7518 §3.2's minimum for an HS256
    /// key) also accepts HS256 ID tokens, validated with the secret's octets as the key (OpenID Connect Core
    /// §10.1); a public client (or `private_key_jwt`, or a shorter secret) accepts only asymmetric ones.
    static func configuration(_ profile: Profile, secret: String?, key: P256PrivateKey? = nil, redirectURI: String) throws(CLIError)
        -> ClientConfiguration
    {
        var scopes = profile.scopes.map(Scope.init(rawValue:))
        // A plain OAuth 2.0 profile requests its scopes exactly; `openid` would make it OpenID Connect.
        if profile.openIDConnect, !scopes.contains(.openID) { scopes.insert(.openID, at: 0) }
        let authentication: ClientAuthentication =
            try profile.clientAuthentication.map { (method) throws(CLIError) in try method.authentication(secret: secret, key: key) }
            ?? secret.map { .clientSecretBasic($0) } ?? .none
        do {
            var configuration = try ClientConfiguration(
                issuer: profile.issuer, clientID: profile.clientID, clientAuthentication: authentication,
                redirectURI: redirectURI, scopes: scopes, allowsInsecureLoopbackIssuer: profile.insecureLoopbackIssuer)
            configuration.usesDPoP = profile.dpop
            configuration.resources = profile.resources
            if let secret, secret.utf8.count >= hs256MinimumSecretBytes {
                configuration.allowedAlgorithms = JWSAlgorithm.asymmetric + [.hs256]
            }
            // FAPI 2.0 (`--fapi`): its defaults, then its checks when the client is made.
            if let fapi2Profile = profile.fapi2Profile { configuration.adopt(fapi2Profile) }
            return configuration
        } catch {
            throw .usage(Self.hint(error, profile: profile))
        }
    }

    /// Fails when the provider says (`id_token_signing_alg_values_supported`) that it signs ID tokens only with
    /// algorithms this client does not accept — before the browser step, so no code is spent on a login whose
    /// ID token would be refused. HS256 alone says what is missing: a client secret (and which option gives
    /// one), or a longer one.
    static func checkIDTokenAlgorithms(_ client: AuthClient, secret: String?) throws(CLIError) {
        guard client.configuration.isOpenIDConnect, let supported = client.metadata.idTokenSigningAlgorithmsSupported,
            !supported.isEmpty
        else { return }
        let allowed = client.configuration.allowedAlgorithms.map(\.rawValue)
        guard !supported.contains(where: { allowed.contains($0) }) else { return }
        let listed = ServerText.printable(supported.joined(separator: ", "))
        if supported.contains("HS256"), let secret {
            throw .failure(
                "the provider signs ID tokens only with \(listed) (id_token_signing_alg_values_supported); HS256 is validated "
                    + "with the client secret (OpenID Connect Core §10.1), which has \(secret.utf8.count * 8) bits: an HS256 key "
                    + "needs at least 256 (RFC 7518 §3.2)")
        }
        if supported.contains("HS256") {
            throw .failure(
                "the provider signs ID tokens only with \(listed) (id_token_signing_alg_values_supported); HS256 is validated "
                    + "with the client secret (OpenID Connect Core §10.1), and this client has none: give --client-secret-file FILE "
                    + "or --client-secret-env NAME")
        }
        throw .failure(
            "the provider signs ID tokens only with \(listed) (id_token_signing_alg_values_supported), none of which authflow "
                + "accepts (\(allowed.joined(separator: ", ")))")
    }

    /// The shortest client secret used as an HS256 key: 32 bytes, the hash's size (RFC 7518 §3.2).
    static let hs256MinimumSecretBytes = 32

    /// The configuration of a stored profile for a later command: the secret and the private key read again
    /// from where the profile says.
    static func configuration(_ profile: Profile, terminal: some Terminal, environment: LoginEnvironment, redirectURI: String)
        throws(CLIError) -> ClientConfiguration
    {
        let secret = try Self.secret(profile, terminal: terminal, environment: environment)
        let key = try profile.privateKeyFile.map { (path) throws(CLIError) in try PrivateKeyFile.read(path, terminal: terminal) }
        return try configuration(profile, secret: secret, key: key, redirectURI: redirectURI)
    }

    /// Discovers the provider and returns the client: OpenID Connect Discovery first (with its offline provider
    /// cache), and when the provider has no `/.well-known/openid-configuration` (a 4xx), its RFC 8414
    /// authorization server metadata (a plain OAuth 2.0 server). A confidential client uses `client_secret_post` when
    /// the provider lists it and not `client_secret_basic` (`token_endpoint_auth_methods_supported`).
    /// `deviceAuthorizationEndpoint` stands in for one the provider serves but does not advertise
    /// (django-oauth-toolkit); it is checked like every endpoint (https, or loopback http when allowed).
    /// `adaptsAuthentication` false (the method was chosen with `--client-auth`) keeps the method as configured.
    static func connect(
        _ configuration: ClientConfiguration, store: some CredentialStore, environment: LoginEnvironment,
        deviceAuthorizationEndpoint: String? = nil, adaptsAuthentication: Bool = true
    ) async throws(AuthClientError) -> AuthClient {
        let client: AuthClient
        do {
            client = try await AuthClient.discover(
                configuration, transport: environment.transport, store: store, clock: environment.clock, sleeper: environment.sleeper,
                logger: environment.logger)
        } catch .unexpectedResponse(endpoint: "discovery", let status, _) where (400..<500).contains(status) && status != 429 {
            let metadata = try await ProviderMetadata.fetch(
                issuer: configuration.issuer, transport: environment.transport,
                allowsInsecureLoopback: configuration.allowsInsecureLoopbackIssuer)
            client = try AuthClient(
                configuration: configuration, metadata: metadata, transport: environment.transport, store: store,
                clock: environment.clock, sleeper: environment.sleeper, logger: environment.logger)
        }
        var adjusted = configuration
        var metadata = client.metadata
        if let deviceAuthorizationEndpoint { metadata.deviceAuthorizationEndpoint = deviceAuthorizationEndpoint }
        if adaptsAuthentication, case .clientSecretBasic(let secret) = configuration.clientAuthentication,
            let methods = client.metadata.document["token_endpoint_auth_methods_supported"]?.arrayValue?.compactMap(\.stringValue),
            methods.contains("client_secret_post"), !methods.contains("client_secret_basic")
        {
            adjusted.clientAuthentication = .clientSecretPost(secret)
        } else if deviceAuthorizationEndpoint == nil {
            return client
        }
        return try AuthClient(
            configuration: adjusted, metadata: metadata, transport: environment.transport, store: store, clock: environment.clock,
            sleeper: environment.sleeper, logger: environment.logger)
    }

    /// The client secret of a profile, when its client is confidential.
    static func secret(_ profile: Profile, terminal: some Terminal, environment: LoginEnvironment) throws(CLIError) -> String? {
        guard let source = profile.clientSecret else { return nil }
        if case .standardInput = source {
            throw .failure(
                "profile '\(profile.name)' read its client secret from standard input at login, so it cannot be read again to refresh: "
                    + "log in again with --client-secret-file FILE or --client-secret-env NAME")
        }
        return try source.read(terminal: terminal, environment: environment)
    }

    /// An error of the configuration, with what to do about an http issuer.
    static func hint(_ error: AuthClientError, profile: Profile) -> String {
        if case .insecureURL = error, profile.issuer.hasPrefix("http:"), !profile.insecureLoopbackIssuer {
            return ServerText.printable("\(error)")
                + " (for a test provider on 127.0.0.1, such as 'authflow provider', add --insecure-loopback-issuer)"
        }
        return ServerText.printable("\(error)")
    }
}

extension CLIError {
    /// The login was denied or cancelled: by the user, or by the provider (an OAuth error response).
    static func loginDenied(_ message: String) -> CLIError {
        .denied(message)
    }

    /// A library error from one of the login commands: denials and cancellations as ``loginDenied(_:)``,
    /// a session the provider ended as a failure saying to log in again, the rest as failures. The server's
    /// text in it (an error code and description, anything a library error quotes) is ``ServerText``.
    static func login(_ error: AuthClientError, profile: String) -> CLIError {
        let again = profile == "default" ? "authflow login" : "authflow login --profile \(profile)"
        let said = ServerText.printable("\(error)")
        switch error {
        case .deviceAuthorizationDenied:
            return .loginDenied("the login was denied on the verification page (access_denied, RFC 8628 §3.5)")
        case .backchannelAuthenticationDenied:
            return .loginDenied("the user denied the login on their device (access_denied, CIBA §11)")
        case .backchannelAuthenticationRefused(_, let response) where response.error == .accessDenied:
            return .loginDenied("the provider refused the backchannel login: \(Self.oauthText(response)) [\(error.code)]")
        case .session(let session) where session == .canceledLogin:
            return .loginDenied("the login was cancelled")
        case .session(.unverifiedErrorResponse(let response)):
            // Anyone who can reach the loopback port could have sent it: a failure to sign in, not a denial.
            return .failure(
                "no redirect of this login arrived before the wait ended; an error response without the login's state did, "
                    + "so it is unverified (the provider may have refused, or another program sent it): \(Self.oauthText(response)) "
                    + "[\(error.code), \(AuthSessionError.unverifiedErrorResponse(response).code)]")
        case .callback(let callback):
            if let response = callback.oauthErrorResponse {
                return .loginDenied("the provider refused the login: \(Self.oauthText(response)) [\(error.code)]")
            }
            return .failure(said)
        case .endpointNotAvailable("device_authorization"):
            return .failure(
                "\(said): the provider advertises no device authorization endpoint (RFC 8628 §4); if it serves one anyway, "
                    + "give it with --device-authorization-endpoint URL")
        case .refreshFailed, .loggedOut:
            return .failure("\(said); the session has ended: log in again with '\(again)'")
        case .transportFailed(let failure) where failure.kind == .secureConnectionFailed:
            return .failure(said + Self.caFileHint)
        default:
            return .failure(said)
        }
    }

    /// What to do about a TLS failure: a provider behind a private CA needs its CA trusted.
    static let caFileHint =
        "; if the provider's certificate is issued by a private CA, trust it with --ca-file FILE (PEM) or "
        + "$\(LoginEnvironment.caFileVariable) (Docs/PrivateCA.md)"

    /// `access_denied: the user said no`, as safe to print as ``ServerText`` makes it.
    private static func oauthText(_ response: OAuthErrorResponse) -> String {
        ServerText.printable(response.error.rawValue + (response.errorDescription.map { ": \($0)" } ?? ""))
    }
}
