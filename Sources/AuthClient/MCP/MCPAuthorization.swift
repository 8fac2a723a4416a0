// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthCredentials
import AuthJWT

/// The MCP client authorization profile (Model Context Protocol specification, "Authorization",
/// 2025-06-18 and 2025-11-25) as one entry point: from an MCP server URL to a signed-in ``User`` whose
/// tokens are for that server.
///
/// ```swift
/// let options = MCPAuthorization.Options(redirectURI: "http://127.0.0.1:53682/callback", clientName: "My Agent")
/// let mcp = try await MCPAuthorization.discover(serverURL: "https://mcp.example.com/mcp", options: options,
///                                               transport: URLSessionTransport(), store: FileCredentialStore(path: path))
/// let user = try await mcp.login(with: SystemBrowser())
/// let response = try await user.send(TransportRequest(method: .post, url: mcp.resource, body: request))
/// ```
///
/// ``discover(serverURL:options:transport:store:clock:)`` performs, in order:
/// 1. a request without a token to the server, which must answer 401; the `WWW-Authenticate: Bearer`
///    challenge's `resource_metadata` (RFC 9728 §5.1) and `scope` are read;
/// 2. the protected resource metadata (RFC 9728) from that URL, or else from the well-known URL with the
///    server's path inserted, then at the root (§3.1); its `resource` must be the URL it was fetched for
///    (§3.3) — it becomes the RFC 8707 `resource` of every request;
/// 3. the metadata of the first of its `authorization_servers` (or the one ``Options/authorizationServerPreference``
///    chooses, else ``AuthClientError/noAcceptableAuthorizationServer(authorizationServers:)``) — or, with a configured client, of the
///    client's own issuer (``Options/clientIssuer``), which must be among them, else
///    ``AuthClientError/clientIssuerMismatch(clientIssuer:authorizationServers:)`` before any request to
///    those servers — tried at RFC 8414 and OpenID Connect Discovery URLs in the specification's order
///    (``ProviderMetadata/discoveryURLs(forIssuer:)``), its issuer checked; it **must** list `S256` in
///    `code_challenge_methods_supported`, else ``AuthClientError/pkceNotAdvertised(issuer:)``;
/// 4. without a configured client id: the Client ID Metadata Document URL (``Options/clientIDMetadataDocumentURL``)
///    when the server advertises `client_id_metadata_document_supported`; else the registration kept in the
///    store for that issuer (same redirect URI, secret not expired), or a dynamic registration (RFC 7591)
///    saved to the store — the MCP 2025-11-25 order (pre-registered, metadata document, dynamic registration);
/// 5. the scopes: the configured ones, else the challenge's `scope`, else the resource's `scopes_supported`;
///    with `openid` first when the authorization server lists it in its own `scopes_supported`
///    (``ProviderMetadata/advertisesOpenIDConnect``) or the configured scopes include it, and without
///    `openid` otherwise: then the client is plain OAuth 2.0 (``ClientConfiguration/isOpenIDConnect``).
///
/// Why `scopes_supported` and not the URL the metadata was found at: RFC 8414 §2 defines it for exactly
/// this (the scopes the server supports) and OpenID Connect Discovery §3 requires an OpenID Provider to
/// support `openid`; many OpenID Providers also answer at the RFC 8414 URL, which the MCP order tries first,
/// so the URL says little. A provider that omits the list gets a plain OAuth 2.0 login, which still yields
/// an access token; asking an OAuth-only server for `openid` yields `invalid_scope` (the MCP Python SDK's
/// example server is one). An app that needs an ID token puts `openid` in ``Options/scopes``.
///
/// ``login(with:using:)`` then runs the code flow with PKCE S256 and `resource` on both the authorization
/// request and the token request (RFC 8707 §2.1–2.2), validates the ID token when `openid` was asked for,
/// and saves the tokens.
///
/// Credentials stay with their issuer: a client id configured in ``Options`` is bound to
/// ``Options/clientIssuer``, so a server that names another authorization server — a malicious or
/// compromised MCP server pointing at an attacker's — never gets the client's secret, nor its id; a
/// dynamic registration is stored and looked up by the issuer that issued it.
///
/// `resource` goes on every token request of the grant: the authorization request, the code exchange and
/// the automatic refreshes (``ClientConfiguration/resources``). A 403 `insufficient_scope` is answered by
/// ``send(_:as:stepUpWith:)`` (one scope step-up per scope set). ``Options/usesDPoP`` binds the tokens to a
/// key (RFC 9449).
///
/// Not done: verifying `signed_metadata`. The access token's audience is not visible to the client: the
/// server enforces it.
public struct MCPAuthorization: Sendable {
    /// How the client identifies itself.
    public struct Options: Sendable {
        /// The redirect URI: loopback `http://127.0.0.1:PORT/path` or a private-use scheme (RFC 8252 §7).
        public var redirectURI: String
        /// `client_name` for a dynamic registration.
        public var clientName: String
        /// A client id registered beforehand; nil: use the stored registration, or register dynamically.
        /// Requires ``clientIssuer``.
        public var clientID: String?
        /// The issuer that registered ``clientID`` (its identifier exactly, RFC 8414 §2): required with a
        /// client id — public or confidential — and compared byte for byte with the resource's
        /// `authorization_servers`. The client is used only with that issuer; a resource that names other
        /// servers only gets ``AuthClientError/clientIssuerMismatch(clientIssuer:authorizationServers:)``.
        ///
        /// Required for a public client too: its id is not secret, but it means something only at the server
        /// that issued it (RFC 6749 §2.2); at another it names no client, or someone else's, and a client that
        /// gains a secret later must not start sending it without the binding already in place.
        ///
        /// ```swift
        /// var options = MCPAuthorization.Options(redirectURI: "http://127.0.0.1:53682/callback", clientName: "My Agent")
        /// options.clientID = "my-agent"
        /// options.clientIssuer = "https://auth.example.com"
        /// options.clientAuthentication = .clientSecretBasic(secret)   // sent to https://auth.example.com only
        /// ```
        public var clientIssuer: String?
        /// How the pre-registered client authenticates. Default: public (`.none`). With a Client ID Metadata
        /// Document (``clientIDMetadataDocumentURL``) and no ``clientID``: `.none`, or `.privateKeyJWT` when the
        /// document declares `private_key_jwt` with the key's public half (``ClientIDMetadataDocument/Keys``);
        /// a shared-secret method there is ``AuthClientError/invalidClientMetadataDocument(_:)``.
        public var clientAuthentication: ClientAuthentication
        /// The scopes to ask for (`openid` is added when the authorization server lists it, see step 5); nil:
        /// the challenge's `scope`, else `scopes_supported`. Include `openid` to require OpenID Connect.
        public var scopes: [Scope]?
        /// The initial access token for a registration endpoint that requires one (RFC 7591 §3).
        public var initialAccessToken: String?
        /// Whether loopback http URLs are accepted for the server and the authorization server (tests only).
        public var allowsInsecureLoopback: Bool
        /// The first request to the server; nil: `GET` the server URL, accepting JSON and event streams.
        public var probe: TransportRequest?
        /// The https URL of the client's Client ID Metadata Document (MCP 2025-11-25, draft-ietf-oauth-client-id-metadata-document),
        /// which the app serves (``ClientIDMetadataDocument`` writes it). Used as the `client_id` of a public
        /// client when no ``clientID`` is configured and the authorization server advertises
        /// `client_id_metadata_document_supported` — before dynamic registration, which stays the fallback.
        /// nil: no metadata document (dynamic registration only). Must be https with a path.
        ///
        /// ```swift
        /// options.clientIDMetadataDocumentURL = "https://agent.example.com/oauth/client.json"
        /// ```
        public var clientIDMetadataDocumentURL: String? = nil
        /// Which of several `authorization_servers` to use (RFC 9728 §7.6); nil: the first listed.
        public var authorizationServerPreference: AuthorizationServerPreference? = nil
        /// Whether the login's tokens are DPoP-bound (RFC 9449): ``ClientConfiguration/usesDPoP`` for the
        /// client that discovery makes. Default false: Bearer tokens, as the MCP specification requires at least.
        public var usesDPoP = false

        public init(
            redirectURI: String, clientName: String, clientID: String? = nil, clientIssuer: String? = nil,
            clientAuthentication: ClientAuthentication = .none, scopes: [Scope]? = nil, initialAccessToken: String? = nil,
            allowsInsecureLoopback: Bool = false, probe: TransportRequest? = nil
        ) {
            self.redirectURI = redirectURI
            self.clientName = clientName
            self.clientID = clientID
            self.clientIssuer = clientIssuer
            self.clientAuthentication = clientAuthentication
            self.scopes = scopes
            self.initialAccessToken = initialAccessToken
            self.allowsInsecureLoopback = allowsInsecureLoopback
            self.probe = probe
        }
    }

    /// The server URL as given.
    public let serverURL: String
    /// The resource identifier: the protected resource metadata's `resource`, sent as RFC 8707 `resource`.
    public let resource: String
    /// The server's `WWW-Authenticate: Bearer` challenge, if it sent one.
    public let challenge: AuthenticationChallenge?
    /// The server's protected resource metadata (RFC 9728).
    public let resourceMetadata: ProtectedResourceMetadata
    /// The authorization server's metadata (RFC 8414 or OpenID Connect Discovery).
    public let authorizationServer: ProviderMetadata
    /// The dynamic registration used (new or stored), or nil when a client id was configured.
    public let registration: StoredClientRegistration?
    /// Whether ``registration`` was made by this discovery (false: configured or read from the store).
    public let registeredNow: Bool
    /// The client for the authorization server, configured with the client id and the scopes.
    public let client: AuthClient

    /// Runs steps 1–5 (see the type's documentation) and returns what ``login(with:using:)`` needs.
    public static func discover(
        serverURL: String, options: Options, transport: some HTTPTransport, store: some CredentialStore = InMemoryCredentialStore(),
        clock: WallClock = .system
    ) async throws(AuthClientError) -> MCPAuthorization {
        let insecure = options.allowsInsecureLoopback
        try SecureURL.check(serverURL, name: "MCP server URL", allowsInsecureLoopback: insecure)
        if let url = options.clientIDMetadataDocumentURL { try ClientIDMetadataDocument.checkClientID(url) }
        if options.clientID != nil, options.clientIssuer == nil {
            throw .invalidConfiguration(
                "clientIssuer is required with clientID: a configured client is used only with the issuer that registered it")
        }
        // Step 1: the server must ask for a token.
        var probe = options.probe ?? TransportRequest(method: .get, url: serverURL)
        if options.probe == nil { probe.setHeader("Accept", "application/json, text/event-stream") }
        let answer = try await transport.exchange(probe)
        guard answer.status == 401 else {
            throw .unexpectedResponse(
                endpoint: "MCP server", status: answer.status,
                reason: "expected 401 with WWW-Authenticate (MCP authorization: the server asks for a token first)")
        }
        let challenge = answer.challenges.first { $0.isScheme("Bearer") }
        // Step 2: protected resource metadata.
        let resourceMetadata = try await Self.resourceMetadata(
            for: serverURL, challenge: challenge, transport: transport, allowsInsecureLoopback: insecure)
        // Step 3: authorization server metadata, with S256.
        let servers = resourceMetadata.authorizationServers
        guard let first = servers.first else {
            throw .invalidResourceMetadata("'authorization_servers' is missing or empty; the MCP authorization specification requires one")
        }
        var issuer = first
        if options.clientID == nil, let preference = options.authorizationServerPreference {
            // RFC 9728 §7.6: the client chooses; nothing is requested from a server it did not choose.
            guard let chosen = preference.select(among: servers) else {
                throw .noAcceptableAuthorizationServer(authorizationServers: servers)
            }
            issuer = chosen
        }
        if options.clientID != nil, let bound = options.clientIssuer {
            // A configured client goes to its own issuer or nowhere: nothing is sent to the servers named.
            guard servers.contains(where: { $0.utf8.elementsEqual(bound.utf8) }) else {
                throw .clientIssuerMismatch(clientIssuer: bound, authorizationServers: servers)
            }
            issuer = bound
        }
        let metadata = try await ProviderMetadata.fetch(issuer: issuer, transport: transport, allowsInsecureLoopback: insecure)
        guard metadata.advertisesS256 else { throw .pkceNotAdvertised(issuer: metadata.issuer) }
        // Step 5: scopes; `openid` only for an OpenID Provider, or when the app asks for it.
        let requested =
            options.scopes
            ?? (challenge.map(\.scope).flatMap { $0.isEmpty ? nil : $0 } ?? resourceMetadata.scopesSupported ?? []).map(Scope.init)
        let openID = metadata.advertisesOpenIDConnect || options.scopes?.contains(.openID) == true
        let scopes = (openID ? [Scope.openID] : []) + requested.filter { $0 != .openID }
        // Step 4: the client id.
        var registration: StoredClientRegistration? = nil
        var registeredNow = false
        let clientID: String
        let authentication: ClientAuthentication
        if let configured = options.clientID {
            clientID = configured
            authentication = options.clientAuthentication
        } else if let url = options.clientIDMetadataDocumentURL, metadata.supportsClientIDMetadataDocuments {
            // MCP 2025-11-25 "Client Registration Approaches", 2: the URL is the client id; the server fetches it.
            // Public, or private_key_jwt with the key whose public half the document carries (the draft's §4.1:
            // no shared secret).
            clientID = url
            switch options.clientAuthentication {
            case .none, .privateKeyJWT: authentication = options.clientAuthentication
            case let other:
                throw .invalidClientMetadataDocument(
                    "a client ID metadata document's client authenticates with none or private_key_jwt, not \(other.description)")
            }
        } else {
            if options.clientIDMetadataDocumentURL != nil, metadata.registrationEndpoint == nil {
                throw .clientIDMetadataDocumentUnsupported(issuer: metadata.issuer)
            }
            let stored: StoredClientRegistration?
            do {
                stored = try await store.clientRegistration(forIssuer: metadata.issuer)
            } catch {
                throw .store(error)
            }
            let now = clock.now().secondsSince1970
            if let stored, stored.redirectURIs.contains(options.redirectURI), !stored.isSecretExpired(atSecondsSince1970: now) {
                registration = stored
            } else {
                let request = try ClientRegistration(clientName: options.clientName, redirectURIs: [options.redirectURI])
                let registered = try await request.register(
                    at: metadata, initialAccessToken: options.initialAccessToken, transport: transport, allowsInsecureLoopback: insecure)
                do {
                    try await store.saveClientRegistration(registered)
                } catch {
                    throw .store(error)
                }
                registration = registered
                registeredNow = true
            }
            guard let registration else { throw .invalidRegistrationResponse("no registration") }
            clientID = registration.clientID
            authentication = try Self.authentication(of: registration)
        }
        var configuration = try ClientConfiguration(
            issuer: metadata.issuer, clientID: clientID, clientAuthentication: authentication, redirectURI: options.redirectURI,
            scopes: scopes, allowsInsecureLoopbackIssuer: insecure)
        // RFC 8707: every request for tokens — authorization, code exchange, refresh — names the server.
        configuration.resources = [resourceMetadata.resource]
        configuration.usesDPoP = options.usesDPoP
        let client = try AuthClient(configuration: configuration, metadata: metadata, transport: transport, store: store, clock: clock)
        return MCPAuthorization(
            serverURL: serverURL, resource: resourceMetadata.resource, challenge: challenge, resourceMetadata: resourceMetadata,
            authorizationServer: metadata, registration: registration, registeredNow: registeredNow, client: client)
    }

    /// The client authentication a registration calls for: `none`, or the issued secret by Basic or post.
    static func authentication(of registration: StoredClientRegistration) throws(AuthClientError) -> ClientAuthentication {
        switch (registration.tokenEndpointAuthMethod, registration.clientSecret) {
        case ("none", _): return .none
        case ("client_secret_basic", let secret?): return .clientSecretBasic(secret)
        case ("client_secret_post", let secret?): return .clientSecretPost(secret)
        case (let method, _):
            throw .invalidRegistrationResponse(
                "token_endpoint_auth_method '\(method)' is not supported here (none, client_secret_basic, client_secret_post)")
        }
    }
}
