// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthJSON
import AuthJWT
import AuthSession

extension AuthClient {
    /// Validates a logout token sent by this client's provider (OpenID Connect Back-Channel Logout 1.0
    /// §2.6) and remembers its `jti`.
    ///
    /// ```swift
    /// let token = try await client.validateLogoutToken(compact)       // iss, aud, signature, events, …
    /// ```
    ///
    /// Every check of ``LogoutToken``, with this client's issuer, client id, ``ClientConfiguration/allowedAlgorithms``
    /// and ``ClientConfiguration/leewaySeconds``; the key comes from the provider's JWK Set as for ID tokens
    /// (fetched again once for an unknown `kid`: a key rotation; see ``validateIDToken(_:nonce:maxAge:accessToken:)``),
    /// or is the client secret for HS256 when that is allowed. Then the `jti` goes into `replayCache` (the
    /// client's own in-memory one when nil) until `iat` + `maximumAgeSeconds` + leeway (older tokens fail the
    /// `iat` check): a second delivery is refused (``LogoutTokenRefusal/replayed``), and so is a token a full
    /// cache cannot remember (``LogoutTokenRefusal/replayCacheFull``). Throws ``AuthClientError/invalidLogoutToken(_:)``, or the JWK Set
    /// fetch's own error.
    public func validateLogoutToken(
        _ token: String, replayCache: (any LogoutTokenReplayCache)? = nil,
        maximumAgeSeconds: Int64 = LogoutToken.defaultMaximumAgeSeconds
    ) async throws(AuthClientError) -> LogoutToken {
        let validated = try await checkLogoutToken(token, maximumAgeSeconds: maximumAgeSeconds)
        try await remember(validated, replayCache: replayCache, maximumAgeSeconds: maximumAgeSeconds)
        return validated
    }

    /// Every check of validateLogoutToken(_:replayCache:maximumAgeSeconds:) but the replay cache.
    private func checkLogoutToken(_ token: String, maximumAgeSeconds: Int64) async throws(AuthClientError) -> LogoutToken {
        let jwt: JWT
        do {
            jwt = try LogoutToken.decode(token)
        } catch {
            throw .invalidLogoutToken(error)
        }
        let now = clock.now()
        let issuer = configuration.issuer
        let clientID = configuration.clientID
        let algorithms = configuration.allowedAlgorithms
        let leeway = configuration.leewaySeconds
        func validate(_ keys: JWKSet) throws(LogoutTokenRefusal) -> LogoutToken {
            try LogoutToken(
                validating: token, keys: keys, issuer: issuer, clientID: clientID, allowedAlgorithms: algorithms, now: now,
                leewaySeconds: leeway, maximumAgeSeconds: maximumAgeSeconds)
        }
        let validated: LogoutToken
        if jwt.header.algorithm == .hs256 || !algorithms.contains(jwt.header.algorithm) {
            // A MAC keyed with the client secret (Core §10.1), or an algorithm refused before any key is needed.
            do {
                validated = try validate(clientSecretKeys(keyID: jwt.header.keyID))
            } catch {
                throw .invalidLogoutToken(error)
            }
        } else {
            // A refusal of this token's own rules (events, nonce, …) leaves the key path as a placeholder error
            // and is thrown as it is by `refused`.
            let refusal = Locked<LogoutTokenRefusal?>(nil)
            let check = { (keys: JWKSet) throws(AuthJWTError) -> LogoutToken in
                do throws(LogoutTokenRefusal) {
                    return try validate(keys)
                } catch {
                    if case .jwt(let inner) = error { throw inner }
                    refusal.withLock { $0 = error }
                    throw .invalidSignature
                }
            }
            validated = try await withProviderKeys(refused: { .invalidLogoutToken(refusal.withLock { $0 } ?? .jwt($0)) }, check)
        }
        return validated
    }

    /// Puts the token's `jti` into `replayCache` (the client's own when nil) until `iat` + `maximumAgeSeconds`
    /// + leeway: a later delivery fails the `iat` check anyway, whatever `exp` the provider chose. Saturating,
    /// so that no `iat` or maximum age traps.
    private func remember(
        _ validated: LogoutToken, replayCache: (any LogoutTokenReplayCache)?, maximumAgeSeconds: Int64
    ) async throws(AuthClientError) {
        let cache = replayCache ?? logoutTokenReplays
        let until = validated.issuedAt.adding(seconds: maximumAgeSeconds).adding(seconds: configuration.leewaySeconds)
        switch await cache.remember(validated.jwtID, issuer: validated.issuer, expiresAt: until.secondsSince1970) {
        case true?: return
        case false?: throw .invalidLogoutToken(.replayed)
        case nil: throw .invalidLogoutToken(.replayCacheFull)
        }
    }

    /// Validates a logout token (``validateLogoutToken(_:replayCache:maximumAgeSeconds:)``) and ends the
    /// sessions it names (§2.7), locally only: no request goes to the provider, which has ended them already.
    ///
    /// ```swift
    /// let ended = try await client.handleBackChannelLogout(token)   // [LoggedOutSession]
    /// ```
    ///
    /// The sessions are this client's — the store's records of this issuer and client id, under any
    /// resources, and the ``User``s alive in memory — whose account is the token's `sub` (when it has one)
    /// and whose ID token's `sid` is the token's `sid` (when it has one). Another issuer's or another client's
    /// records are never touched, even for the same `sub` (a `sub` is unique only per issuer, Core §2). Each
    /// matching user is logged out as ``User/logout(revokeTokens:postLogoutRedirectURI:state:)`` does without
    /// revoking: tokens forgotten, record removed, a ``LogoutEvent`` with reason
    /// ``LogoutEvent/Reason/providerLoggedOut(sessionID:)``. A valid token that matches no session ends none and
    /// is not an error (§2.7: the session may have ended already). The `jti` is remembered only after the
    /// sessions ended, so that a failed attempt does not make the provider's retry a replay. Throws as
    /// validation does, or ``AuthClientError/store(_:)`` when the store cannot be listed or written (the live
    /// users are logged out first, so they are ended even then).
    @discardableResult
    public func handleBackChannelLogout(
        _ token: String, replayCache: (any LogoutTokenReplayCache)? = nil,
        maximumAgeSeconds: Int64 = LogoutToken.defaultMaximumAgeSeconds
    ) async throws(AuthClientError) -> [LoggedOutSession] {
        let validated = try await checkLogoutToken(token, maximumAgeSeconds: maximumAgeSeconds)
        logger.log(
            .info, .logout, "the provider sent a back-channel logout",
            ["subject": .flag(validated.subject != nil), "sid": .flag(validated.sessionID != nil)])
        // The jti is remembered only once the sessions have ended, so that a failure leaves the provider's
        // retry valid; a concurrent duplicate ends the same sessions again, which changes nothing.
        let ended = try await endSessions(subject: validated.subject, sessionID: validated.sessionID)
        try await remember(validated, replayCache: replayCache, maximumAgeSeconds: maximumAgeSeconds)
        return ended
    }

    /// The answer to a back-channel logout request (§2.5, §2.8), for a server that receives them: `body` is
    /// the POST's `application/x-www-form-urlencoded` body with `logout_token`.
    ///
    /// ```swift
    /// // In any HTTP framework (Hummingbird, Vapor, …): POST /backchannel-logout
    /// let answer = await client.backChannelLogoutResponse(formBody: Array(request.body))
    /// return Response(status: answer.status, headers: answer.headerFields, body: answer.body)
    /// ```
    ///
    /// 200 with `Cache-Control: no-store` when the token is valid and `endSessions` (this client's own stored
    /// sessions, ``handleBackChannelLogout(_:replayCache:maximumAgeSeconds:)``, when nil) succeeded; 400 with
    /// `{"error":"invalid_request","error_description":…}` (§2.8, RFC 6749 §5.2) when the body has no single
    /// `logout_token` or the token is refused; 501 with the same JSON when the sessions could not be ended
    /// (a store failure, or `endSessions` threw): then the `jti` is not remembered, so the provider's retry is
    /// accepted. The description names the rule, never the token.
    public func backChannelLogoutResponse(
        formBody body: [UInt8], replayCache: (any LogoutTokenReplayCache)? = nil,
        endSessions: (@Sendable (LogoutToken) async throws -> Void)? = nil
    ) async -> TransportResponse {
        let tokens: [String]
        do {
            tokens = try FormParameter.parse(body).filter { $0.name == "logout_token" }.map(\.value)
        } catch {
            return Self.logoutAnswer(400, "the body is not a form (application/x-www-form-urlencoded)")
        }
        guard tokens.count == 1, let token = tokens.first else {
            return Self.logoutAnswer(400, tokens.isEmpty ? "no logout_token parameter" : "logout_token is repeated")
        }
        do {
            if let endSessions {
                let maximumAge = LogoutToken.defaultMaximumAgeSeconds
                let validated = try await checkLogoutToken(token, maximumAgeSeconds: maximumAge)
                do {
                    try await endSessions(validated)
                } catch {
                    return Self.logoutAnswer(501, "the session could not be ended")
                }
                try await remember(validated, replayCache: replayCache, maximumAgeSeconds: maximumAge)
            } else {
                try await handleBackChannelLogout(token, replayCache: replayCache)
            }
        } catch .invalidLogoutToken(let refusal) {
            return Self.logoutAnswer(400, "\(refusal)")
        } catch .store {
            return Self.logoutAnswer(501, "the session could not be ended")
        } catch {
            return Self.logoutAnswer(400, "the logout token cannot be verified now")
        }
        return TransportResponse(status: 200, headerFields: [HeaderField(name: "Cache-Control", value: "no-store")])
    }

    /// A JSON error answer (RFC 6749 §5.2's shape) that is never cached.
    private static func logoutAnswer(_ status: Int, _ description: String) -> TransportResponse {
        var object = JSONObject()
        try? object.append("error", .string("invalid_request"))
        try? object.append("error_description", .string(description))
        return TransportResponse(
            status: status,
            headerFields: [
                HeaderField(name: "Content-Type", value: "application/json"), HeaderField(name: "Cache-Control", value: "no-store"),
            ], body: JSONValue.object(object).serialized())
    }

    /// The client secret as the only key, for HS256 (Core §10.1); no key for a public client.
    private func clientSecretKeys(keyID: String?) -> JWKSet {
        var secret: String?
        if case .clientSecretBasic(let value) = configuration.clientAuthentication { secret = value }
        if case .clientSecretPost(let value) = configuration.clientAuthentication { secret = value }
        if case .clientSecretJWT(let value, _) = configuration.clientAuthentication { secret = value }
        return secret.map { JWKSet(keys: [JWK(symmetricKey: Array($0.utf8), keyID: keyID)]) } ?? JWKSet(keys: [])
    }
}
