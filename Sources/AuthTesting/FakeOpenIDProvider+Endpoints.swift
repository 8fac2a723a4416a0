// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
public import AuthClient
public import AuthJSON
import AuthJWT
import AuthPKCE
import AuthSession

extension FakeOpenIDProvider {
    /// Answers a request to one of the provider's endpoints (404 for any other path, 405 for a wrong method),
    /// after any failure injected for that endpoint.
    public func send(_ request: TransportRequest) async throws(AuthHTTPError) -> TransportResponse {
        if let answer = claimsProviderResponse(request) { return answer }
        guard let endpoint = endpoint(for: request.url) else { return TransportResponse(status: 404) }
        let failure: Failure? = state.withLock { state in
            state.counts[endpoint, default: 0] += 1
            guard var queue = state.failures[endpoint], !queue.isEmpty else { return nil }
            let first = queue.removeFirst()
            state.failures[endpoint] = queue
            return first
        }
        switch failure {
        case .oauthError(let code)?: return Self.json(400, ["error": .string(code.rawValue), "error_description": "injected failure"])
        case .status(let status)?: return TransportResponse(status: status)
        case .response(let status, let headerFields)?: return TransportResponse(status: status, headerFields: headerFields)
        case .noResponse?: throw .transportFailed(TransportFailure(.connectionLost, host: "fake provider (injected)"))
        case .delay(let duration)?: try? await sleeper.sleep(for: duration)
        case nil: break
        }
        // A plain OAuth 2.0 server has none of OpenID Connect's endpoints.
        if !configuration.supportsOpenIDConnect, [.discovery, .jwks, .userinfo, .endSession].contains(endpoint) {
            return TransportResponse(status: 404)
        }
        switch (endpoint, request.method) {
        case (.discovery, .get): return Self.json(200, discoveryDocument)
        case (.authorizationServerMetadata, .get):
            guard configuration.servesAuthorizationServerMetadata else { return TransportResponse(status: 404) }
            return Self.json(200, authorizationServerMetadata)
        case (.jwks, .get): return Self.json(200, state.withLock { TestSigningKey.jwkSet($0.publishedKeys) })
        case (.token, .post): return token(request)
        case (.userinfo, .get), (.userinfo, .post): return userinfo(request)
        case (.revocation, .post): return revoke(request)
        case (.deviceAuthorization, .post): return authorizeDevice(request)
        case (.authorization, .get):
            if let url = try? URI(parsing: request.url) {
                await resolveClientMetadataDocument(forAuthorizationURL: url)
                await resolveRequestURI(forAuthorizationURL: url)
            }
            return authorizationPage(request)
        case (.authorization, .post):
            if let query = (try? FormParameter.parse(request.body))?.first(where: { $0.name == "query" })?.value,
                let url = try? URI(parsing: url(of: .authorization) + "?" + query)
            {
                await resolveClientMetadataDocument(forAuthorizationURL: url)
            }
            return submitAuthorizationPage(request)
        case (.deviceVerification, .get): return deviceVerificationPage(request)
        case (.deviceVerification, .post): return submitDeviceVerificationPage(request)
        case (.endSession, .get): return TransportResponse(status: 200)
        case (.registration, .post): return register(request)
        case (.resource, .get), (.resource, .post): return protectedResource(request)
        case (.pushedAuthorization, .post): return pushAuthorizationRequest(request)
        case (.introspection, .post): return introspect(request)
        case (.backchannelAuthentication, .post): return authenticateBackchannel(request)
        case (.webFinger, .get): return webFinger(request)
        default: return TransportResponse(status: 405)
        }
    }

    /// The discovery document (OpenID Connect Discovery §3).
    public var discoveryDocument: JSONValue {
        [
            "issuer": .string(misbehaves(.discoveryIssuerMismatch) ? configuration.issuer + "/impostor" : configuration.issuer),
            "authorization_endpoint": .string(url(of: .authorization)),
            "token_endpoint": .string(url(of: .token)),
            "userinfo_endpoint": .string(url(of: .userinfo)),
            "jwks_uri": .string(url(of: .jwks)),
            "revocation_endpoint": configuration.listsRevocationEndpointInDiscovery ? .string(url(of: .revocation)) : .null,
            "device_authorization_endpoint": .string(url(of: .deviceAuthorization)),
            "grant_types_supported": [
                "authorization_code", "refresh_token", .string(Self.deviceCodeGrantType), "client_credentials",
                .string(AuthClient.jwtBearerGrantType), .string(AuthClient.backchannelAuthenticationGrantType),
            ],
            "backchannel_authentication_endpoint": .string(url(of: .backchannelAuthentication)),
            "backchannel_token_delivery_modes_supported": .array(backchannelDeliveryModes.map(JSONValue.string)),
            "backchannel_user_code_parameter_supported": true,
            "backchannel_authentication_request_signing_alg_values_supported": .array(
                configuration.requestObjectSigningAlgorithms.map { .string($0.rawValue) }),
            "end_session_endpoint": .string(url(of: .endSession)),
            "response_types_supported": ["code"],
            "scopes_supported": Self.openIDScopes,
            "subject_types_supported": ["public"],
            "id_token_signing_alg_values_supported": [.string(configuration.signingKey.algorithm.rawValue)],
            "code_challenge_methods_supported": configuration.advertisesS256 ? ["S256"] : .null,
            "token_endpoint_auth_methods_supported": .array(authenticationMethods.map(JSONValue.string)),
            "registration_endpoint": configuration.registration == .disabled ? .null : .string(url(of: .registration)),
            "authorization_response_iss_parameter_supported": .bool(configuration.sendsIssuerInAuthorizationResponse),
            "pushed_authorization_request_endpoint": .string(url(of: .pushedAuthorization)),
            "require_pushed_authorization_requests": .bool(configuration.requiresPushedAuthorizationRequests),
            "dpop_signing_alg_values_supported": ["ES256"],
            "client_id_metadata_document_supported": configuration.supportsClientIDMetadataDocuments ? true : .null,
            "introspection_endpoint": .string(url(of: .introspection)),
            "request_parameter_supported": true,
            "response_modes_supported": .array(Self.responseModes.map(JSONValue.string)),
            "authorization_signing_alg_values_supported": [.string(configuration.signingKey.algorithm.rawValue)],
            "userinfo_signing_alg_values_supported": [.string(configuration.signingKey.algorithm.rawValue)],
            "authorization_details_types_supported": configuration.authorizationDetailsTypes.map { .array($0.map(JSONValue.string)) }
                ?? .null,
            "request_object_signing_alg_values_supported": .array(
                configuration.requestObjectSigningAlgorithms.map { .string($0.rawValue) }),
            "require_signed_request_object": .bool(configuration.requiresSignedRequestObject),
            "request_uri_parameter_supported": .bool(configuration.requestURIHost != nil),
            "backchannel_logout_supported": configuration.issuesSessionIDs ? true : .null,
            "backchannel_logout_session_supported": configuration.issuesSessionIDs ? true : .null,
            "frontchannel_logout_supported": configuration.issuesSessionIDs ? true : .null,
            "frontchannel_logout_session_supported": configuration.issuesSessionIDs ? true : .null,
        ]
    }

    /// The client authentication methods of the registered clients (`none`, `client_secret_basic`, …).
    private var authenticationMethods: [String] {
        var methods = [configuration.clientAuthentication.description]
        for (_, authentication) in configuration.additionalClients.sorted(by: { $0.key < $1.key })
        where !methods.contains(authentication.description) {
            methods.append(authentication.description)
        }
        return methods
    }

    /// The scopes an OpenID Provider lists in `scopes_supported` (OpenID Connect Discovery §3).
    static let openIDScopes: JSONValue = ["openid", "email", "profile", "offline_access"]

    /// The RFC 8414 authorization server metadata (§2), which always lists the revocation endpoint; a plain
    /// OAuth 2.0 provider (``Configuration/supportsOpenIDConnect`` false) lists no `jwks_uri` and no
    /// `scopes_supported`.
    public var authorizationServerMetadata: JSONValue {
        let openID = configuration.supportsOpenIDConnect
        return [
            "issuer": .string(configuration.issuer),
            "authorization_endpoint": .string(url(of: .authorization)),
            "token_endpoint": .string(url(of: .token)),
            "jwks_uri": openID ? .string(url(of: .jwks)) : .null,
            "scopes_supported": openID ? Self.openIDScopes : .null,
            "revocation_endpoint": .string(url(of: .revocation)),
            "response_types_supported": ["code"],
            "code_challenge_methods_supported": configuration.advertisesS256 ? ["S256"] : .null,
            "registration_endpoint": configuration.registration == .disabled ? .null : .string(url(of: .registration)),
            "client_id_metadata_document_supported": configuration.supportsClientIDMetadataDocuments ? true : .null,
            "introspection_endpoint": .string(url(of: .introspection)),
        ]
    }

    private func endpoint(for url: String) -> Endpoint? {
        // The common case first: an endpoint under the issuer. Only another URL needs the RFC 8414 metadata
        // URL worked out (an issuer with a path puts it elsewhere); a URL under the issuer that names an
        // endpoint gets the same answer either way.
        if url.hasPrefix(configuration.issuer) {
            let rest = url.dropFirst(configuration.issuer.count)
            if let endpoint = Endpoint(rawValue: String(rest[..<(rest.firstIndex(of: "?") ?? rest.endIndex)])) { return endpoint }
        }
        let withoutQuery = url.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? url
        if withoutQuery == self.url(of: .authorizationServerMetadata) { return .authorizationServerMetadata }
        guard url.hasPrefix(configuration.issuer) else { return nil }
        let path =
            url.dropFirst(configuration.issuer.count).split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return Endpoint(rawValue: String(path))
    }

    // MARK: Token endpoint (RFC 6749 §4.1.3, §6)

    private func token(_ request: TransportRequest) -> TransportResponse {
        let parameters: [FormParameter]
        let clientID: String
        switch authenticatedForm(request) {
        case .success(let form): (parameters, clientID) = form
        case .failure(let refused): return refused.response
        }
        func value(_ name: String) -> String? { parameters.first { $0.name == name }?.value }
        let now = clock.now().secondsSince1970
        var jkt: String? = nil
        switch state.withLock({ verifyDPoPProof(request, accessToken: nil, state: &$0, now: now) }) {
        case .success(let thumbprint)?: jkt = thumbprint
        case .failure(let refusal)?: return tokenEndpointRefusal(refusal)
        case nil where configuration.requiresDPoP: return tokenEndpointRefusal(.invalid("a DPoP proof is required"))
        case nil: break
        }
        let resources = parameters.filter { $0.name == "resource" }.map(\.value)
        switch value("grant_type") {
        case "authorization_code": return exchangeCode(value, clientID: clientID, resources: resources, jkt: jkt)
        case "refresh_token": return refresh(value, clientID: clientID, resources: resources, jkt: jkt)
        case Self.deviceCodeGrantType: return pollDevice(value, clientID: clientID, jkt: jkt)
        case AuthClient.backchannelAuthenticationGrantType: return pollBackchannel(value, clientID: clientID, jkt: jkt)
        case TokenExchangeRequest.grantType: return exchangeToken(parameters, clientID: clientID)
        case "client_credentials": return grantClientCredentials(parameters, clientID: clientID, jkt: jkt)
        case AuthClient.jwtBearerGrantType: return grantJWTBearer(parameters, clientID: clientID, jkt: jkt)
        default:
            return Self.oauthError(
                .unsupportedGrantType,
                "only authorization_code, refresh_token, device_code, ciba, token-exchange, client_credentials and jwt-bearer")
        }
    }

    /// A refused client authentication: the 401 to answer.
    struct ClientRefused: Error {
        let response: TransportResponse
    }

    /// A form POST's parameters and the client it authenticates as (``authenticatedClient(_:_:)``), or the
    /// answer that refuses it: `invalid_request` when the body is not a form. The token, PAR and device
    /// authorization endpoints all start here.
    func authenticatedForm(_ request: TransportRequest) -> Result<([FormParameter], String), ClientRefused> {
        guard let parameters = try? FormParameter.parse(request.body) else {
            return .failure(ClientRefused(response: Self.oauthError(.invalidRequest, "the body is not a form")))
        }
        return authenticatedClient(request) { name in parameters.first { $0.name == name }?.value }.map { (parameters, $0) }
    }

    /// RFC 6749 §2.3.1: the client the request authenticates as — by HTTP Basic, by `client_id` (and
    /// `client_secret`) in the body, or by a `client_secret_jwt` assertion whose `sub` names it when the body
    /// has no `client_id` (RFC 7523 §3) — with the method that client is registered with.
    func authenticatedClient(_ request: TransportRequest, _ value: (String) -> String?) -> Result<String, ClientRefused> {
        let header = request.header("Authorization")
        // Built only when a request is refused (most are not).
        var refused: TransportResponse {
            var refused = Self.json(401, ["error": "invalid_client", "error_description": "client authentication failed"])
            if header != nil {
                // RFC 6749 §5.2: a client that tried HTTP authentication gets the scheme it may use.
                refused.headerFields.append(HeaderField(name: "WWW-Authenticate", value: "Basic realm=\"\(configuration.issuer)\""))
            }
            return refused
        }
        var basic: (id: String, secret: String)?
        if let header, header.hasPrefix("Basic "), let decoded = Base64Text.decodeStandard(String(header.dropFirst(6))),
            let colon = decoded.firstIndex(of: UInt8(ascii: ":")), let id = Self.formDecoded(decoded[..<colon]),
            let secret = Self.formDecoded(decoded[(colon + 1)...])
        {
            basic = (id, secret)
        }
        guard let clientID = basic?.id ?? value("client_id") ?? Self.assertedClientID(value),
            let authentication = authentication(ofClient: clientID)
        else {
            return .failure(ClientRefused(response: refused))
        }
        if let keys = client(clientID)?.assertionKeys, !keys.isEmpty {
            // A client ID metadata document's private_key_jwt client: its document's public keys.
            if header != nil || value("client_secret") != nil { return .failure(ClientRefused(response: refused)) }
            if let reason = verifyDocumentAssertion(value, clientID: clientID, keys: keys) {
                return .failure(ClientRefused(response: Self.json(401, ["error": "invalid_client", "error_description": .string(reason)])))
            }
            return .success(clientID)
        }
        switch authentication {
        case .none:
            guard header == nil, value("client_secret") == nil else { return .failure(ClientRefused(response: refused)) }
        case .clientSecretPost(let secret):
            guard value("client_id") == clientID, value("client_secret") == secret else {
                return .failure(ClientRefused(response: refused))
            }
        case .clientSecretBasic(let secret):
            guard let basic, basic.secret == secret, value("client_id").map({ $0 == clientID }) ?? true else {
                return .failure(ClientRefused(response: refused))
            }
        case .clientSecretJWT(let secret, _):
            if let reason = verifyClientAssertion(value, clientID: clientID, secret: secret) {
                return .failure(ClientRefused(response: Self.json(401, ["error": "invalid_client", "error_description": .string(reason)])))
            }
        case .privateKeyJWT(let key, _):
            guard request.header("Authorization") == nil, value("client_secret") == nil,
                verifyClientAssertion(key, value, clientID: clientID)
            else {
                return .failure(ClientRefused(response: refused))
            }
        }
        return .success(clientID)
    }

    /// How the client `clientID` authenticates — the configured client, an additional one, or one registered
    /// at the registration endpoint (RFC 7591) — or nil when it is not known.
    func authentication(ofClient clientID: String) -> ClientAuthentication? {
        client(clientID)?.authentication
    }

    private func exchangeCode(_ value: (String) -> String?, clientID: String, resources: [String], jkt: String?) -> TransportResponse {
        let now = clock.now().secondsSince1970
        return state.withLock { state -> TransportResponse in
            guard let code = value("code"), var grant = state.codes[code] else { return Self.oauthError(.invalidGrant, "unknown code") }
            if grant.used {
                // RFC 6749 §4.1.2: a code used twice revokes what it issued.
                for token in grant.issuedTokens {
                    state.accessTokens[token] = nil
                    state.refreshTokens[token] = nil
                }
                return Self.oauthError(.invalidGrant, "the code was already used")
            }
            grant.used = true
            // Written back once, whatever the answer: the code is used up even when refused.
            defer { state.codes[code] = grant }
            guard grant.clientID == clientID else {
                return Self.oauthError(.invalidGrant, "the code is another client's")
            }
            guard grant.redirectURI == value("redirect_uri") else {
                return Self.oauthError(.invalidGrant, "redirect_uri differs (RFC 6749 §4.1.3)")
            }
            // RFC 7636 §4.6, with AuthPKCE's own check (verifier grammar, S256, constant-time comparison).
            guard let verifier = value("code_verifier").flatMap({ try? CodeVerifier($0) }),
                let challenge = try? CodeChallenge(value: grant.challenge, method: .s256), challenge.matches(verifier)
            else { return Self.oauthError(.invalidGrant, "PKCE verification failed (RFC 7636 §4.6)") }
            // RFC 8707 §2.2: the token request may narrow the resources to some of those authorized.
            guard resources.allSatisfy(grant.resources.contains) else {
                return Self.oauthError(.invalidTarget, "a resource was not in the authorization request (RFC 8707 §2.2)")
            }
            // RFC 9449 §10: a code requested with dpop_jkt is redeemed only with a proof of that key.
            if let bound = grant.dpopJKT, bound != jkt {
                return Self.json(400, ["error": "invalid_dpop_proof", "error_description": "the proof's key is not the dpop_jkt"])
            }
            // RFC 9396 §6: the token request may narrow the authorization details to some of those authorized.
            let details: JSONValue?
            switch Self.narrowedAuthorizationDetails(value("authorization_details"), granted: grant.authorizationDetails) {
            case .success(let narrowed): details = narrowed
            case .failure(let refusal): return refusal.response
            }
            let (body, issued) = issueTokens(
                &state, clientID: clientID, subject: grant.subject, scope: grant.scope, nonce: grant.nonce, authTime: grant.authTime,
                now: now, withIDToken: issuesIDToken(forScope: grant.scope), acr: grant.acr, amr: grant.amr, granted: grant.resources,
                audience: resources.isEmpty ? grant.resources : resources, jkt: jkt, authorizationDetails: details,
                grantedAuthorizationDetails: grant.authorizationDetails)
            grant.issuedTokens = issued
            return Self.json(200, body)
        }
    }

    private func refresh(_ value: (String) -> String?, clientID: String, resources: [String], jkt: String?) -> TransportResponse {
        let now = clock.now().secondsSince1970
        return state.withLock { state -> TransportResponse in
            guard let token = value("refresh_token") else { return Self.oauthError(.invalidGrant, "no refresh token") }
            guard let grant = state.refreshTokens[token] else {
                if let family = state.spentRefreshTokens[token] { return reuse(of: family, in: &state) }
                return Self.oauthError(.invalidGrant, "unknown or revoked refresh token")
            }
            guard grant.clientID == clientID else {
                return Self.oauthError(.invalidGrant, "the refresh token is another client's (RFC 6749 §6)")
            }
            // RFC 9449 §5: a public client's refresh token is bound to its DPoP key.
            if let bound = grant.jkt, bound != jkt {
                return Self.json(400, ["error": "invalid_dpop_proof", "error_description": "the refresh token is bound to another key"])
            }
            // RFC 8707 §2.2: a refresh may ask for any resource the grant covers, one at a time or all.
            guard resources.allSatisfy(grant.audience.contains) else {
                return Self.oauthError(.invalidTarget, "the refresh token was not granted for that resource (RFC 8707 §2.2)")
            }
            // RFC 9396 §6.1: a refresh may narrow the authorization details to some of those the grant covers.
            let details: JSONValue?
            switch Self.narrowedAuthorizationDetails(value("authorization_details"), granted: grant.authorizationDetails) {
            case .success(let narrowed): details = narrowed
            case .failure(let refusal): return refusal.response
            }
            if configuration.rotatesRefreshTokens {
                state.refreshTokens[token] = nil
                state.spentRefreshTokens[token] = grant.family
            }
            state.refreshGrants += 1
            let (body, _) = issueTokens(
                &state, clientID: clientID, subject: grant.subject, scope: grant.scope, nonce: nil, authTime: nil, now: now,
                withIDToken: configuration.issuesIDTokenOnRefresh && issuesIDToken(forScope: grant.scope),
                keepingRefreshToken: configuration.rotatesRefreshTokens ? nil : token,
                acr: grant.acr, amr: grant.amr, grantAuthTime: grant.authTime, granted: grant.audience,
                audience: resources.isEmpty ? grant.audience : resources, jkt: jkt, family: grant.family, authorizationDetails: details,
                grantedAuthorizationDetails: grant.authorizationDetails)
            return Self.json(200, body)
        }
    }

    /// Whether a grant for `scope` gets an ID token: only from an OpenID Provider, and only when `openid`
    /// was asked for (OpenID Connect Core §3.1.2.1).
    func issuesIDToken(forScope scope: String) -> Bool {
        configuration.supportsOpenIDConnect && scope.split(separator: " ").contains("openid")
    }

    /// A token response (RFC 6749 §5.1) with a signed ID token (OpenID Connect Core §3.1.3.3, §2).
    func issueTokens(
        _ state: inout ProviderState, clientID: String, subject: String, scope: String, nonce: String?, authTime: Int64?, now: Int64,
        withIDToken: Bool, keepingRefreshToken: String? = nil, acr: String? = nil, amr: [String] = [], grantAuthTime: Int64? = nil,
        granted: [String] = [], audience: [String] = [], jkt: String? = nil, family: Int? = nil, idTokenClaims: [(String, JSONValue)] = [],
        authorizationDetails: JSONValue? = nil, grantedAuthorizationDetails: JSONValue? = nil
    ) -> (JSONValue, [String]) {
        let issuedAt = now + state.skew
        let accessToken = state.token()
        let authenticatedAt = authTime ?? grantAuthTime
        // RFC 9449 §5: a server may answer a DPoP request with a Bearer access token (the refresh token stays bound).
        let accessTokenKey = state.answersDPoPWithBearer ? nil : jkt
        state.accessTokens[accessToken] = .init(
            clientID: clientID, subject: subject, scope: scope, expiresAt: issuedAt + configuration.accessTokenLifetime, acr: acr,
            amr: amr, authTime: authenticatedAt, audience: audience, jkt: accessTokenKey)
        var body = JSONObject()
        try? body.append("access_token", .string(accessToken))
        let tokenType = accessTokenKey == nil ? "Bearer" : "DPoP"
        try? body.append("token_type", .string(misbehaves(.tokenTypeInLowerCase) ? tokenType.lowercased() : tokenType))
        if !misbehaves(.tokenResponseWithoutExpiresIn) {
            try? body.append("expires_in", .number(JSONNumber(configuration.accessTokenLifetime)))
        }
        // RFC 9396 §7: the authorization details granted, here all that were asked for (or a misbehaviour's).
        if var granted = authorizationDetails?.arrayValue, !misbehaves(.tokenResponseWithoutAuthorizationDetails) {
            if misbehaves(.grantsUnrequestedAuthorizationDetails) { granted.append(["type": "unrequested_type"]) }
            try? body.append("authorization_details", .array(granted))
        }
        var issued = [accessToken]
        if configuration.issuesRefreshTokens {
            let refreshToken = keepingRefreshToken ?? state.token()
            // A login starts a new family; a refresh's token joins the family of the token it replaces.
            let family =
                family
                ?? {
                    state.lastFamily += 1
                    return state.lastFamily
                }()
            state.refreshTokens[refreshToken] = .init(
                clientID: clientID, subject: subject, scope: scope, expiresAt: .max, acr: acr, amr: amr, authTime: authenticatedAt,
                audience: granted, jkt: jkt, family: family, authorizationDetails: grantedAuthorizationDetails ?? authorizationDetails)
            try? body.append("refresh_token", .string(refreshToken))
            if keepingRefreshToken == nil { issued.append(refreshToken) }
        }
        if !scope.isEmpty { try? body.append("scope", .string(scope)) }
        if withIDToken {
            try? body.append(
                "id_token",
                .string(
                    idToken(
                        &state, clientID: clientID, subject: subject, scope: scope, nonce: nonce, authTime: authTime, issuedAt: issuedAt,
                        accessToken: accessToken, acr: acr, amr: amr, extraClaims: idTokenClaims)))
        }
        return (.object(body), issued)
    }

    private func idToken(
        _ state: inout ProviderState, clientID: String, subject: String, scope: String, nonce: String?, authTime: Int64?, issuedAt: Int64,
        accessToken: String, acr: String?, amr: [String], extraClaims: [(String, JSONValue)] = []
    ) -> String {
        let defect = state.defect
        state.defect = nil
        let claimedSubject = state.nextIDTokenSubject ?? subject
        state.nextIDTokenSubject = nil
        var claims = JSONObject()
        if !misbehaves(.idTokenWithoutIssuer) {
            try? claims.append("iss", .string(defect == .wrongIssuer ? configuration.issuer + "/impostor" : configuration.issuer))
        }
        try? claims.append("sub", .string(claimedSubject))
        let audience = defect == .wrongAudience ? "another-app" : clientID
        if misbehaves(.idTokenWithUntrustedSecondAudience) {
            try? claims.append("aud", [.string(audience), "a-client-nobody-trusts"])
        } else if misbehaves(.idTokenAudienceAsArray) {
            try? claims.append("aud", [.string(audience)])
        } else if !misbehaves(.idTokenWithoutAudience) {
            try? claims.append("aud", .string(audience))
        }
        let expiresAt = defect == .expired ? issuedAt - 3600 : issuedAt + configuration.idTokenLifetime
        if !misbehaves(.idTokenWithoutExpiry) { try? claims.append("exp", .number(JSONNumber(expiresAt))) }
        try? claims.append("iat", .number(JSONNumber(defect == .expired ? issuedAt - 4000 : issuedAt)))
        if let authTime { try? claims.append("auth_time", .number(JSONNumber(authTime))) }
        if let nonce, !misbehaves(.idTokenWithoutNonce) {
            try? claims.append("nonce", .string(defect == .wrongNonce ? "a-replayed-nonce" : nonce))
        }
        if let acr { try? claims.append("acr", .string(acr)) }
        if configuration.issuesSessionIDs { try? claims.append("sid", .string(state.sessionID(of: claimedSubject))) }
        if !amr.isEmpty { try? claims.append("amr", .array(amr.map { .string($0) })) }
        let hashed = defect == .wrongAccessTokenHash ? accessToken + "x" : accessToken
        try? claims.append("at_hash", .string(IDTokenValidator.sha256HalfHash(of: hashed)))
        let scopes = scope.split(separator: " ")
        if let user = configuration.users[subject] {
            if scopes.contains("email") {
                for name in ["email", "email_verified"] { if let value = user[name] { try? claims.append(name, value) } }
            }
            if scopes.contains("profile"), let name = user["name"] { try? claims.append("name", name) }
        }
        for (name, value) in extraClaims { try? claims.append(name, value) }
        var key = state.signingKey
        if defect == .unknownKey { key = key.withKeyID("a-key-nobody-published") }
        var token = key.sign(claims: claims, using: &state.generator)
        if defect == .badSignature {
            // Flip one bit of the signature's last character that carries whole bits.
            let last = token.removeLast()
            token.append(last == "A" ? "Q" : "A")
        }
        return misbehaves(.idTokenUnsigned) ? Self.unsecured(token) : token
    }

    // MARK: Userinfo (OpenID Connect Core §5.3), revocation (RFC 7009)

    /// The live grant behind the request's access token, or the refusal of its DPoP proof (RFC 9449 §7.1: a
    /// bound token needs the DPoP scheme and a proof of its key with `ath`; a Bearer token is not accepted
    /// with the DPoP scheme, nor without one when DPoP is required). Both nil: no usable token.
    func authorizedGrant(_ request: TransportRequest) -> (grant: ProviderState.TokenGrant?, refusal: DPoPRefusal?) {
        let now = clock.now().secondsSince1970
        var refusal: DPoPRefusal? = nil
        let grant: ProviderState.TokenGrant? = state.withLock { state in
            guard let header = request.header("Authorization") else { return nil }
            let isDPoP = header.hasPrefix("DPoP ")
            guard isDPoP || header.hasPrefix("Bearer "), let grant = state.accessTokens[String(header.dropFirst(isDPoP ? 5 : 7))],
                now + state.skew < grant.expiresAt
            else { return nil }
            guard let bound = grant.jkt else { return isDPoP || configuration.requiresDPoP ? nil : grant }
            guard isDPoP else { return nil }
            switch verifyDPoPProof(request, accessToken: String(header.dropFirst(5)), state: &state, now: now) {
            case .success(let thumbprint) where thumbprint == bound: return grant
            case .success: refusal = .invalid("the proof's key is not the token's cnf.jkt")
            case .failure(let reason): refusal = reason
            case nil: refusal = .invalid("no DPoP proof")
            }
            return nil
        }
        return (grant, refusal)
    }

    private func revoke(_ request: TransportRequest) -> TransportResponse {
        guard let parameters = try? FormParameter.parse(request.body), let token = parameters.first(where: { $0.name == "token" })?.value
        else {
            return Self.oauthError(.invalidRequest, "no token")
        }
        // RFC 7009 §2.1: the client authenticates as at the token endpoint.
        let clientID: String
        switch authenticatedClient(request, { name in parameters.first { $0.name == name }?.value }) {
        case .success(let id): clientID = id
        case .failure(let refused): return refused.response
        }
        // RFC 7009 §2.1: only the client a token was issued to may revoke it; another's is left alone.
        state.withLock { state in
            if state.accessTokens[token]?.clientID == clientID { state.accessTokens[token] = nil }
            if state.refreshTokens[token]?.clientID == clientID { state.refreshTokens[token] = nil }
        }
        return TransportResponse(status: 200)
    }

    // MARK: Helpers

    static func json(_ status: Int, _ value: JSONValue) -> TransportResponse {
        TransportResponse(
            status: status,
            headerFields: [
                HeaderField(name: "Content-Type", value: "application/json"), HeaderField(name: "Cache-Control", value: "no-store"),
            ],
            body: value.serialized())
    }

    /// A refusal of the token endpoint, as a value a `Result` can carry.
    struct TokenRefusal: Error {
        var response: TransportResponse
    }

    /// The authorization details a token request asks for (RFC 9396 §6): nil parameter, the grant's; else a
    /// JSON array whose every entry's `type` the grant covers, answered as asked (this provider's notion of
    /// "a subset", §6.1: by type), or `invalid_authorization_details`.
    static func narrowedAuthorizationDetails(_ parameter: String?, granted: JSONValue?) -> Result<JSONValue?, TokenRefusal> {
        guard let parameter else { return .success(granted) }
        guard let asked = (try? JSONValue(parsing: parameter))?.arrayValue,
            asked.allSatisfy({ $0.objectValue?["type"]?.stringValue.map { !$0.isEmpty } ?? false })
        else {
            return .failure(
                TokenRefusal(response: oauthError(.invalidAuthorizationDetails, "not a JSON array of objects with a type (RFC 9396 §2)")))
        }
        let types = Set((granted?.arrayValue ?? []).compactMap { $0.objectValue?["type"]?.stringValue })
        if let beyond = asked.first(where: { !types.contains($0.objectValue?["type"]?.stringValue ?? "") }) {
            return .failure(
                TokenRefusal(
                    response: oauthError(
                        .invalidAuthorizationDetails,
                        "the grant does not cover the type '\(beyond.objectValue?["type"]?.stringValue ?? "")' (RFC 9396 §6)")))
        }
        return .success(.array(asked))
    }

    static func oauthError(_ code: OAuthErrorCode, _ description: String) -> TransportResponse {
        json(400, ["error": .string(code.rawValue), "error_description": .string(description)])
    }

    static func formDecoded(_ bytes: ArraySlice<UInt8>) -> String? {
        (try? FormParameter.parse(Array("x=".utf8) + bytes))?.first?.value
    }
}
