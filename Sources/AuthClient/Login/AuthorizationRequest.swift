// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthCallback
public import AuthJWT
public import AuthPKCE
public import AuthSession

/// One authorization request (RFC 6749 §4.1.1, OpenID Connect Core §3.1.2.1) and the secrets that must
/// come back with its answer: the PKCE verifier (RFC 7636), the `state` and the `nonce`.
///
/// ```swift
/// var generator = SystemRandomNumberGenerator()
/// let request = try client.authorizationRequest(.init(prompt: [.login], loginHint: "ada@example.com"), using: &generator)
/// request.url   // https://login.example.com/authorize?response_type=code&client_id=…&code_challenge=…&code_challenge_method=S256
/// // … the user agent brings back a redirect …
/// let response = try request.response(from: redirect)   // state (and iss) checked
/// ```
///
/// The URL carries `response_type=code`, `client_id`, `redirect_uri`, `scope`, `state`, `nonce`,
/// `code_challenge` and `code_challenge_method=S256` (never `plain`), then `prompt`, `login_hint`, `max_age`,
/// `acr_values` and any extra parameters; `scope` is the configuration's scopes then the options' extra ones.
/// Extra parameters may not repeat one of those (a repeated parameter is ambiguous: RFC 6749 §3.1). The
/// verifier, state and nonce are redacted from the description.
///
/// For a plain OAuth 2.0 configuration (no `openid`, ``ClientConfiguration/isOpenIDConnect`` false) the
/// request has no `nonce` (an OpenID Connect parameter, Core §3.1.2.1; ``nonce`` is still drawn, never
/// sent), and no `scope` when there are no scopes (RFC 6749 §3.3: the server's default). Options that can
/// only be checked in an ID token — `openid` among the extra scopes, `max_age`, expected `acr` or `amr` —
/// are refused there with ``AuthClientError/invalidConfiguration(_:)``, rather than sent and never checked.
///
/// ```swift
/// let request = try AuthorizationRequest(configuration: oauthOnly, metadata: metadata, using: &generator)
/// try request.url.queryParameters().contains { $0.name == "nonce" }   // false
/// ```
public struct AuthorizationRequest: Sendable {
    /// Optional parts of the request, per login (``LoginOptions`` is another name for it): `prompt`,
    /// `login_hint`, `max_age`, extra scopes, step-up (`acr_values` and what the ID token must then show)
    /// and the browser session's kind.
    ///
    /// ```swift
    /// let options = LoginOptions(prompt: [.login], loginHint: "ada@example.com", maxAge: 300,
    ///                            extraScopes: [Scope(rawValue: "orders:write")],
    ///                            acrValues: [.init(rawValue: "urn:example:loa:2")])
    /// let user = try await client.login(with: browser, options: options)
    /// ```
    ///
    /// Checked after the login (OpenID Connect Core §3.1.3.7 items 11–13): with `maxAge`, `auth_time` is
    /// required and must be no older; with ``expectedACR`` not empty, `acr` must be one of its values
    /// (``AuthClientError/acrNotSatisfied(expected:actual:)``); with ``expectedAMR`` not empty, `amr` must
    /// contain one of its values (``AuthClientError/missingExpectedMFA(expected:actual:)``).
    public struct Options: Sendable, Hashable {
        /// `prompt`, space-separated when more than one.
        public var prompt: [Prompt]
        /// `login_hint`: the identifier the user is likely to sign in with.
        public var loginHint: String?
        /// `max_age`: the longest time since the user last authenticated, in seconds; then `auth_time` is
        /// required and checked in the ID token (Core §3.1.3.7 step 13).
        public var maxAge: Int64?
        /// Any other parameters, in order (e.g. `ui_locales`, a provider's own).
        public var additionalParameters: [FormParameter]
        /// Scopes asked for on top of the configuration's (sent once each, after them).
        public var extraScopes: [Scope]
        /// `acr_values` (Core §3.1.2.1): the authentication context classes asked for, in order of preference.
        public var acrValues: [AuthenticationContextClass]
        /// The `acr` values the ID token may carry for the login to count; empty: `acr` is not checked.
        /// The initializer sets it to ``acrValues`` unless told otherwise (Core §3.1.3.7 item 12).
        public var expectedACR: [AuthenticationContextClass]
        /// The `amr` values (RFC 8176) of which the ID token must carry at least one; empty: not checked.
        public var expectedAMR: [AuthenticationMethodReference]
        /// A private browser session for this login (`true`), a shared one with single sign-on (`false`), or
        /// the configuration's choice (`nil`, the default).
        public var prefersEphemeralWebBrowserSession: Bool?
        /// The resources (RFC 8707 §2) to ask tokens for, sent as `resource` here and in the code exchange;
        /// nil uses the configuration's `resources`.
        public var resources: [String]?
        /// Whether the parameters are pushed first (RFC 9126). Default ``PushedAuthorization/automatic``.
        public var pushedAuthorization: PushedAuthorization
        /// Whether the parameters travel as a signed request object (RFC 9101). Default
        /// ``RequestObjectSigning/automatic``: only when the provider requires it.
        public var requestObject: RequestObjectSigning
        /// `response_mode` (OAuth 2.0 Multiple Response Type Encoding Practices, JARM §2.3): nil sends none
        /// (the code flow's default, `query`); a JWT mode (``ResponseMode/jwt`` and the others) asks for a
        /// signed authorization response, verified before any of its parameters is read.
        public var responseMode: ResponseMode?
        /// `authorization_details` (RFC 9396 §2): fine-grained authorization asked for, sent as one form
        /// parameter holding the JSON array — in the query, the pushed body (RFC 9126) or the request object.
        /// Empty (the default) sends none. Each type must be in the provider's
        /// `authorization_details_types_supported` when it lists any (RFC 9396 §10).
        public var authorizationDetails: [AuthorizationDetail] = []

        /// Options for one login; `expectedACR` nil means ``acrValues``.
        public init(
            prompt: [Prompt] = [], loginHint: String? = nil, maxAge: Int64? = nil, additionalParameters: [FormParameter] = [],
            extraScopes: [Scope] = [], acrValues: [AuthenticationContextClass] = [], expectedACR: [AuthenticationContextClass]? = nil,
            expectedAMR: [AuthenticationMethodReference] = [], prefersEphemeralWebBrowserSession: Bool? = nil,
            resources: [String]? = nil, pushedAuthorization: PushedAuthorization = .automatic,
            requestObject: RequestObjectSigning = .automatic, responseMode: ResponseMode? = nil
        ) {
            self.prompt = prompt
            self.loginHint = loginHint
            self.maxAge = maxAge
            self.additionalParameters = additionalParameters
            self.extraScopes = extraScopes
            self.acrValues = acrValues
            self.expectedACR = expectedACR ?? acrValues
            self.expectedAMR = expectedAMR
            self.prefersEphemeralWebBrowserSession = prefersEphemeralWebBrowserSession
            self.resources = resources
            self.pushedAuthorization = pushedAuthorization
            self.requestObject = requestObject
            self.responseMode = responseMode
        }
    }

    /// The full authorization URL to open in the user agent; after a push, only `client_id` and
    /// `request_uri` (RFC 9126 §4).
    public internal(set) var url: URI
    /// The PKCE pair: the challenge went out in ``url``; the verifier goes to the token endpoint.
    public let pkce: PKCE
    /// The state sent; the response must carry it back unchanged (RFC 6749 §10.12).
    public let state: OAuthState
    /// The nonce sent when the configuration is OpenID Connect; the ID token must carry it (Core §3.1.3.7
    /// step 11). Drawn for a plain OAuth 2.0 request too, but not sent, and nothing is checked against it.
    public let nonce: OIDCNonce
    /// The options it was made with.
    public let options: Options
    /// The redirect URI sent, repeated in the token request (RFC 6749 §4.1.3).
    public let redirectURI: String
    /// The callback the redirect must match.
    public let callback: Callback
    /// The resources asked for (RFC 8707), repeated in the code exchange.
    public let resources: [String]
    /// The pushed authorization response (RFC 9126 §2.2) when the parameters were pushed, else nil.
    public internal(set) var pushed: PushedAuthorizationResponse?
    /// The signed request object (RFC 9101) the parameters travel in, when the request has one: in ``url``
    /// as `request=` (by value, §5.1) or in the pushed body (RFC 9126 §3). Not kept in a ``PendingLogin``
    /// (the response does not need it).
    public internal(set) var requestObject: String?
    /// The DPoP key this login binds its tokens to (RFC 9449), when the configuration uses DPoP: new for
    /// each request, drawn from the same generator. A secret.
    public let dpopKey: P256PrivateKey?
    /// The issuer the response's `iss` must equal, and whether it is required (RFC 9207).
    let expectations: (issuer: String, requiresIssuer: Bool)
    /// Every authorization parameter, in order: the query of a plain request, the body of a pushed one.
    let parameters: [FormParameter]

    /// The parameter names the client sets itself.
    package static let reservedNames = [
        "response_type", "client_id", "redirect_uri", "scope", "state", "nonce", "code_challenge", "code_challenge_method",
        "prompt", "login_hint", "max_age", "acr_values", "resource", "request_uri", "request", "dpop_jkt", "response_mode",
        "authorization_details",
    ]

    /// Builds a request for `configuration` at the provider described by `metadata`, drawing the verifier,
    /// state and nonce from `generator`.
    public init(
        configuration: ClientConfiguration, metadata: ProviderMetadata, options: Options = Options(),
        using generator: inout some RandomNumberGenerator
    ) throws(AuthClientError) {
        for parameter in options.additionalParameters where Self.reservedNames.contains(parameter.name) {
            throw .invalidConfiguration("the extra parameter '\(parameter.name)' is set by the client itself")
        }
        if let maxAge = options.maxAge, maxAge < 0 { throw .invalidConfiguration("max_age is negative") }
        if let invalid = options.extraScopes.first(where: { !$0.isValid }) {
            throw .invalidConfiguration("'\(invalid.rawValue)' is not a scope token (RFC 6749 §3.3)")
        }
        if let invalid = options.acrValues.first(where: { !$0.isValid }) {
            throw .invalidConfiguration("'\(invalid.rawValue)' is not an acr value: empty, or with a space or control character")
        }
        if !configuration.isOpenIDConnect { try Self.checkPlainOAuth(options) }
        // Each extra scope once, in first-occurrence order, after the configuration's (which are kept as they
        // are): a set of those already there keeps this linear in the number of scopes (it was quadratic).
        var scopes = configuration.scopes
        var present = Set(scopes)
        for scope in options.extraScopes where present.insert(scope).inserted { scopes.append(scope) }
        pkce = PKCE(using: &generator)
        state = OAuthState(using: &generator)
        // Drawn either way, so that a generator gives the same verifier and state to both kinds of request.
        nonce = OIDCNonce(using: &generator)
        dpopKey = configuration.usesDPoP ? P256PrivateKey.generate(using: &generator) : nil
        var parameters = [
            FormParameter(name: "response_type", value: "code"),
            FormParameter(name: "client_id", value: configuration.clientID),
            FormParameter(name: "redirect_uri", value: configuration.redirectURI),
        ]
        // RFC 6749 §3.3: without a scope the server applies its default (or refuses with invalid_scope).
        if !scopes.isEmpty { parameters.append(FormParameter(name: "scope", value: scopes.map(\.rawValue).joined(separator: " "))) }
        parameters.append(FormParameter(name: "state", value: state.value))
        // `nonce` is an OpenID Connect parameter (Core §3.1.2.1): a plain OAuth 2.0 request does not send it.
        if configuration.isOpenIDConnect { parameters.append(FormParameter(name: "nonce", value: nonce.value)) }
        parameters += [
            FormParameter(name: "code_challenge", value: pkce.challenge.value),
            FormParameter(name: "code_challenge_method", value: pkce.challenge.method.rawValue),
        ]
        if !options.prompt.isEmpty {
            parameters.append(FormParameter(name: "prompt", value: options.prompt.map(\.rawValue).joined(separator: " ")))
        }
        if let hint = options.loginHint { parameters.append(FormParameter(name: "login_hint", value: hint)) }
        if let maxAge = options.maxAge { parameters.append(FormParameter(name: "max_age", value: String(maxAge))) }
        if !options.acrValues.isEmpty {
            parameters.append(FormParameter(name: "acr_values", value: options.acrValues.map(\.rawValue).joined(separator: " ")))
        }
        let resources = options.resources ?? configuration.resources
        try ResourceIndicator.check(resources)
        parameters += ResourceIndicator.parameters(resources)
        if let mode = options.responseMode { parameters.append(FormParameter(name: "response_mode", value: mode.rawValue)) }
        if !options.authorizationDetails.isEmpty {
            try metadata.checkAuthorizationDetailsTypes(options.authorizationDetails)
            parameters.append(
                FormParameter(name: "authorization_details", value: AuthorizationDetail.serialized(options.authorizationDetails)))
        }
        // RFC 9449 §10: binds the authorization code to the DPoP key.
        if let dpopKey { parameters.append(FormParameter(name: "dpop_jkt", value: dpopKey.thumbprint)) }
        parameters += options.additionalParameters
        self.parameters = parameters
        self.resources = resources
        let text = SecureURL.appending(parameters, to: metadata.authorizationEndpoint)
        do {
            url = try URI(parsing: text)
        } catch {
            throw .invalidProviderMetadata("authorization_endpoint does not make a valid URL (\(error))")
        }
        self.options = options
        redirectURI = configuration.redirectURI
        callback = configuration.callback
        expectations = (metadata.issuer, metadata.authorizationResponseIssuerParameterSupported)
    }

    /// Refuses, for a plain OAuth 2.0 configuration, the options only an ID token can satisfy: `openid` as an
    /// extra scope (the configuration decides whether the client is OpenID Connect), and `max_age`, expected
    /// `acr` or `amr` (OpenID Connect Core §3.1.3.7 items 11–13), which would be sent and never checked.
    private static func checkPlainOAuth(_ options: Options) throws(AuthClientError) {
        if options.extraScopes.contains(.openID) {
            throw .invalidConfiguration(
                "openid is an extra scope of a plain OAuth 2.0 configuration: put it in the configuration's scopes to use OpenID Connect")
        }
        if options.maxAge != nil || !options.expectedACR.isEmpty || !options.expectedAMR.isEmpty {
            throw .invalidConfiguration(
                "max_age, expected acr and expected amr are checked in the ID token (OpenID Connect Core §3.1.3.7), which a plain "
                    + "OAuth 2.0 login (no openid scope) does not get; add openid to the configuration's scopes")
        }
    }

    /// Reads and checks the authorization response in a redirect: from the `form_post` body when there is
    /// one, else from the query. Checks `state` (constant time), `iss` (RFC 9207: compared when present,
    /// required when the provider says it sends it), repeated parameters, and turns `error=` into
    /// ``AuthClientError/callback(_:)`` with `AuthCallbackError.errorResponse(_:)`.
    public func response(from redirect: Redirect) throws(AuthClientError) -> AuthorizationResponse {
        guard callback.matches(redirect.callbackURL) else { throw .callback(.callbackMismatch) }
        do {
            if let body = redirect.formBody {
                return try AuthorizationResponse(
                    formPostBody: body,
                    expecting: .init(
                        state: state.value, issuer: expectations.issuer, requiresIssuer: expectations.requiresIssuer,
                        responseMode: .formPost))
            }
            return try AuthorizationResponse(
                callback: redirect.callbackURL,
                expecting: .init(state: state.value, issuer: expectations.issuer, requiresIssuer: expectations.requiresIssuer))
        } catch {
            throw .callback(error)
        }
    }
}

extension AuthorizationRequest: CustomStringConvertible {
    /// The endpoint only: the URL carries the state and nonce, which stay out of logs.
    public var description: String {
        "AuthorizationRequest(\(url.scheme)://\(url.host ?? "")\(url.path), pkce: S256, state: <redacted>, nonce: <redacted>)"
    }
}
