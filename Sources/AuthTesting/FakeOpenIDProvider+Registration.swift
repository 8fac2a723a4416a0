// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthCallback
import AuthClient
import AuthJSON
import AuthJWT
import AuthSession

extension FakeOpenIDProvider {
    /// How the fake provider's registration endpoint (RFC 7591 §3) answers.
    ///
    /// ```swift
    /// var configuration = FakeOpenIDProvider.Configuration()
    /// configuration.registration = .refuse(.invalidRedirectURI)     // every registration gets 400
    /// configuration.registration = .requiresInitialAccessToken("let-me-in")
    /// ```
    public enum RegistrationPolicy: Sendable, Hashable {
        /// Registers any valid native client (RFC 7591 §3.1): redirect URIs without a fragment, http only on
        /// a loopback IP literal; the code grant; `response_types` code; auth method none or a client secret.
        case open
        /// Registers only with `Authorization: Bearer <token>` (§3: an initial access token); else 401
        /// `invalid_token`.
        case requiresInitialAccessToken(String)
        /// Refuses every registration with 400 and this error (§3.2.2), e.g. `invalid_client_metadata`.
        case refuse(OAuthErrorCode)
        /// No registration endpoint: not in the metadata, 404 at its URL.
        case disabled
    }

    /// The client a request names: the configured one, an additional one (`Configuration.additionalClients`), or
    /// one registered at the registration endpoint.
    func client(_ clientID: String?) -> ProviderState.RegisteredClient? {
        guard let clientID else { return nil }
        if clientID == configuration.clientID {
            return .init(redirectURIs: configuration.redirectURIs, authentication: configuration.clientAuthentication)
        }
        if let authentication = configuration.additionalClients[clientID] {
            return .init(redirectURIs: configuration.redirectURIs, authentication: authentication)
        }
        return state.withLock { $0.registeredClients[clientID] }
    }

    /// `POST /register` (RFC 7591 §3.1): checks the policy, then the metadata — `redirect_uris` present, each
    /// without a fragment and http only on 127.0.0.1 or [::1] (else `invalid_redirect_uri`); `grant_types`
    /// within authorization_code, refresh_token and the device grant, with authorization_code;
    /// `response_types` only `code`; `token_endpoint_auth_method` one of none, client_secret_basic (the
    /// default, §2) and client_secret_post (else `invalid_client_metadata`) — and answers 201 with the
    /// client information (§3.2.1): a new `client_id`, a `client_secret` unless the method is `none`, and a
    /// `registration_access_token`.
    func register(_ request: TransportRequest) -> TransportResponse {
        switch configuration.registration {
        case .disabled: return TransportResponse(status: 404)
        case .refuse(let code): return Self.oauthError(code, "registration refused by the provider's policy")
        case .requiresInitialAccessToken(let token):
            guard request.header("Authorization") == "Bearer " + token else {
                var refused = Self.json(401, ["error": "invalid_token", "error_description": "an initial access token is required"])
                refused.headerFields.append(HeaderField(name: "WWW-Authenticate", value: "Bearer error=\"invalid_token\""))
                return refused
            }
        case .open: break
        }
        guard let object = (try? JSONValue(parsing: request.body))?.objectValue else {
            return Self.oauthError(.invalidClientMetadata, "the body is not a JSON object")
        }
        func strings(_ name: String) -> [String]?? {
            guard let member = object[name] else { return .some(nil) }
            guard let array = member.arrayValue else { return nil }
            let texts = array.compactMap(\.stringValue)
            return texts.count == array.count ? .some(texts) : nil
        }
        guard case let redirectURIs?? = strings("redirect_uris"), !redirectURIs.isEmpty else {
            return Self.oauthError(.invalidRedirectURI, "redirect_uris must be a non-empty array of strings")
        }
        for uri in redirectURIs where !Self.isAcceptableRedirect(uri) {
            return Self.oauthError(.invalidRedirectURI, "not a native redirect URI: \(uri)")
        }
        guard case let grantTypes? = strings("grant_types"), case let responseTypes? = strings("response_types") else {
            return Self.oauthError(.invalidClientMetadata, "grant_types and response_types must be arrays of strings")
        }
        let grants = grantTypes ?? ["authorization_code"]
        let allowed = ["authorization_code", "refresh_token", Self.deviceCodeGrantType]
        guard grants.contains("authorization_code"), grants.allSatisfy(allowed.contains) else {
            return Self.oauthError(.invalidClientMetadata, "grant_types must include authorization_code, within \(allowed)")
        }
        guard (responseTypes ?? ["code"]) == ["code"] else { return Self.oauthError(.invalidClientMetadata, "response_types must be code") }
        let method = object["token_endpoint_auth_method"]?.stringValue ?? "client_secret_basic"
        let now = clock.now().secondsSince1970
        return state.withLock { state -> TransportResponse in
            let clientID = "dyn-" + String(state.token().prefix(16))
            let secret = method == "none" ? nil : state.token()
            let authentication: ClientAuthentication
            switch (method, secret) {
            case ("none", _): authentication = .none
            case ("client_secret_basic", let secret?): authentication = .clientSecretBasic(secret)
            case ("client_secret_post", let secret?): authentication = .clientSecretPost(secret)
            default:
                return Self.oauthError(
                    .invalidClientMetadata, "token_endpoint_auth_method must be none, client_secret_basic or client_secret_post")
            }
            state.registeredClients[clientID] = .init(redirectURIs: redirectURIs, authentication: authentication)
            var body = JSONObject()
            try? body.append("client_id", .string(clientID))
            if let secret {
                try? body.append("client_secret", .string(secret))
                try? body.append("client_secret_expires_at", 0)
            }
            try? body.append("client_id_issued_at", .number(JSONNumber(now)))
            try? body.append("registration_access_token", .string(state.token()))
            try? body.append("registration_client_uri", .string(url(of: .registration) + "/" + clientID))
            try? body.append("redirect_uris", .array(redirectURIs.map(JSONValue.string)))
            try? body.append("grant_types", .array(grants.map(JSONValue.string)))
            try? body.append("response_types", ["code"])
            try? body.append("token_endpoint_auth_method", .string(method))
            if let name = object["client_name"]?.stringValue { try? body.append("client_name", .string(name)) }
            return Self.json(201, .object(body))
        }
    }

    /// A native redirect URI (RFC 8252 §7): no fragment; http only to a loopback IP literal.
    static func isAcceptableRedirect(_ text: String) -> Bool {
        guard let uri = try? URI(parsing: text), uri.fragment == nil else { return false }
        switch uri.scheme.lowercased() {
        case "http": return uri.host == "127.0.0.1" || uri.host == "[::1]"
        case "https": return !(uri.host ?? "").isEmpty
        default: return true
        }
    }

    /// `scheme://authority` and the path (without a terminating slash) of an issuer URL.
    static func originAndPath(_ url: String) -> (origin: String, path: String)? {
        guard let colon = url.firstIndex(of: ":"), url[colon...].hasPrefix("://") else { return nil }
        let afterScheme = url[url.index(colon, offsetBy: 3)...]
        let slash = afterScheme.firstIndex(of: "/") ?? afterScheme.endIndex
        var path = afterScheme[slash...]
        while path.hasSuffix("/") { path = path.dropLast() }
        return (String(url[..<slash]), String(path))
    }
}
