// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthDigest
public import AuthHTTP
import AuthJSON
import AuthJWT

/// Asks an authorization server whether an opaque access token is active (OAuth 2.0 Token Introspection,
/// RFC 7662), optionally as a signed JWT response (RFC 9701), and keeps the answer a short while.
///
/// ```swift
/// let introspector = TokenIntrospector(
///     configuration: TokenIntrospector.Configuration(
///         endpoint: "https://as.example.com/introspect", issuer: "https://as.example.com",
///         clientAuthentication: .clientSecretBasic(clientID: "mcp-server", secret: secret)),
///     resource: "https://mcp.example.com/mcp", transport: transport)
/// let principal = try await introspector.introspect(token)   // or ResourceServerError.tokenInactive
/// ```
///
/// ``ResourceServer`` uses it for tokens that are not JWTs when its configuration has `introspection`.
///
/// Checked: the request is a POST of `token` and `token_type_hint=access_token`, authenticated as the
/// configuration says (RFC 7662 §2.1); the answer is 200 with a JSON object whose `active` is a boolean
/// (§2.2) — `false` is ``ResourceServerError/tokenInactive``; an active answer's `exp` not passed and
/// `nbf` reached (with leeway), its `iss` (when sent) the configured issuer, its `aud` (when sent, or
/// always with `requiresAudience`) containing the resource, `cnf` a `jkt` confirmation only. With signed responses (RFC 9701 §5): the
/// `Content-Type` is `application/token-introspection+jwt`, `typ` is `token-introspection+jwt`, `alg`
/// asymmetric, the signature verifies with the authorization server's keys, `iss` is the issuer, `aud` is
/// this client's id or the resource, `iat` is present, and `token_introspection` holds the answer.
///
/// Cached: answers are kept in memory, keyed by the token's SHA-256 (never the token itself), for at most
/// `cacheLifetimeSeconds` and never past the token's `exp` (RFC 7662 §4); at most `cacheCapacity`
/// answers, expired ones evicted first, then the oldest. A revoked token may thus pass for up to
/// `cacheLifetimeSeconds`; set it to 0 to ask every time.
///
/// Not checked: `token_type` (the scheme is the server's concern), `username`.
public struct TokenIntrospector: Sendable {
    /// The configuration it was made with.
    public let configuration: Configuration
    let resource: String
    let leewaySeconds: Int64
    let transport: any HTTPTransport
    let allowsInsecureLoopback: Bool
    let now: @Sendable () -> Int64
    let cache: IntrospectionCache
    let keys: KeyDirectory?

    /// An introspector for tokens meant for `resource`, asking with `transport`, on the clock `now`
    /// (seconds since 1970; the system clock when nil).
    public init(
        configuration: Configuration, resource: String, leewaySeconds: Int64 = 60, transport: some HTTPTransport,
        allowsInsecureLoopback: Bool = false, now: (@Sendable () -> Int64)? = nil
    ) {
        self.configuration = configuration
        self.resource = resource
        self.leewaySeconds = leewaySeconds
        self.transport = transport
        self.allowsInsecureLoopback = allowsInsecureLoopback
        self.now = now ?? SystemClock.now
        cache = IntrospectionCache(capacity: configuration.cacheCapacity)
        keys = configuration.signedResponseKeys.map {
            KeyDirectory(keys: $0, transport: transport, allowsInsecureLoopback: allowsInsecureLoopback)
        }
    }

    /// The principal of an active `token`, from the cache or the endpoint.
    public func introspect(_ token: String) async throws(ResourceServerError) -> AccessPrincipal {
        let time = now()
        let key = SHA256.hash(data: token.utf8)
        if let cached = await cache.answer(for: key, now: time) {
            guard let principal = cached else { throw .tokenInactive }
            return principal
        }
        let answer = try await ask(token, now: time)
        guard let object = answer else {
            await cache.store(nil, for: key, until: time.saturatingAdd(configuration.cacheLifetimeSeconds), now: time)
            throw .tokenInactive
        }
        let principal = try principal(object, now: time)
        var until = time.saturatingAdd(configuration.cacheLifetimeSeconds)
        if let expiresAt = principal.expiresAt { until = min(until, expiresAt) }
        await cache.store(principal, for: key, until: until, now: time)
        return principal
    }

    /// The response object of an active token, nil for `active: false`.
    private func ask(_ token: String, now: Int64) async throws(ResourceServerError) -> JSONObject? {
        guard WebURL.isSecure(configuration.endpoint, allowsInsecureLoopback: allowsInsecureLoopback) else {
            throw .invalidConfiguration("the introspection endpoint is not https")
        }
        var form: [(String, String)] = [("token", token), ("token_type_hint", "access_token")]
        var request = TransportRequest(method: .post, url: configuration.endpoint)
        request.setHeader("Content-Type", "application/x-www-form-urlencoded")
        request.setHeader("Accept", keys == nil ? "application/json" : "application/token-introspection+jwt")
        switch configuration.clientAuthentication {
        case .clientSecretBasic(let clientID, let secret):
            request.setHeader("Authorization", FormEncoding.basicAuthorization(clientID: clientID, secret: secret))
        case .clientSecretPost(let clientID, let secret):
            form += [("client_id", clientID), ("client_secret", secret)]
        case .bearer(let accessToken):
            request.setHeader("Authorization", "Bearer " + accessToken)
        }
        request.body = Array(FormEncoding.encode(form).utf8)
        let response: TransportResponse
        do {
            response = try await transport.send(request)
        } catch {
            throw .introspectionFailed("no answer: \(error)")
        }
        let answer = try await answer(response, now: now)
        return answer.isActive ? answer.members : nil
    }

    /// The introspection answer (AuthHTTP's one reading of RFC 7662 §2.2): the JSON body, or the
    /// `token_introspection` claim of a JWT verified with the issuer's keys (RFC 9701 §5).
    private func answer(_ response: TransportResponse, now: Int64) async throws(ResourceServerError) -> TokenIntrospectionResponse {
        guard let keys else { return try Self.read { () throws(AuthHTTPError) in try TokenIntrospectionResponse(response) } }
        let jwt = try Self.read { () throws(AuthHTTPError) in try TokenIntrospectionResponse.signedAnswer(response) }
        let set = try await SignedIntrospectionResponse.keys(
            for: jwt, issuer: configuration.issuer, in: keys, transport: transport, now: now)
        return try Self.read { () throws(AuthHTTPError) in
            try TokenIntrospectionResponse(
                verifying: jwt, keys: set, issuer: configuration.issuer,
                audiences: [configuration.clientAuthentication.clientID, resource].compactMap { $0 }, leewaySeconds: leewaySeconds, now: now
            )
        }
    }

    /// `body`'s value, an invalid answer as ``ResourceServerError/introspectionFailed(_:)``.
    private static func read<T>(_ body: () throws(AuthHTTPError) -> T) throws(ResourceServerError) -> T {
        do {
            return try body()
        } catch .invalidIntrospectionResponse(let reason) {
            throw .introspectionFailed(reason)
        } catch {
            throw .introspectionFailed("\(error)")
        }
    }

    /// The checks of an active answer's members, and the principal they describe.
    func principal(_ object: JSONObject, now: Int64) throws(ResourceServerError) -> AccessPrincipal {
        let claims = ClaimReader(object)
        let expiresAt = try claims.date("exp")
        if let expiresAt, now >= expiresAt.saturatingAdd(leewaySeconds) { throw .tokenInactive }
        if let notBefore = try claims.date("nbf"), now < notBefore.saturatingAdd(-leewaySeconds) { throw .tokenInactive }
        if let issuer = try claims.string("iss"), !issuer.hasSameBytes(as: configuration.issuer) {
            throw .untrustedIssuer(issuer)
        }
        let audiences = try claims.audiences()
        if audiences == nil, configuration.requiresAudience { throw .missingClaim("aud") }
        if let audiences, !audiences.contains(where: { $0.hasSameBytes(as: resource) }) {
            throw .audienceMismatch(expected: resource, actual: audiences)
        }
        return AccessPrincipal(
            subject: try claims.string("sub"), clientID: try claims.string("client_id"), scopes: try claims.scopes(),
            issuer: configuration.issuer, audiences: audiences ?? [], expiresAt: expiresAt, issuedAt: try claims.date("iat"),
            authTime: try claims.date("auth_time"), acr: try claims.string("acr"), jwtID: try claims.string("jti"),
            confirmation: try claims.confirmation(), claims: object)
    }
}
