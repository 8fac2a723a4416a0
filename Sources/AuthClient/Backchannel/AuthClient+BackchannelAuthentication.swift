// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthBase64URL
import AuthCallback
import AuthCredentials
import AuthJSON
import AuthJWT

extension AuthClient {
    /// CIBA §10.1's grant type, polled with the `auth_req_id`.
    public static let backchannelAuthenticationGrantType = "urn:openid:params:grant-type:ciba"
    /// The claim an ID token may carry to name the request it answers (CIBA §10.1.1, §10.3.1).
    public static let authRequestIDClaimName = "urn:openid:params:jwt:claim:auth_req_id"

    /// Asks the provider's `backchannel_authentication_endpoint` to authenticate the user the request's hint
    /// names on their own authentication device (OpenID CIBA Core 1.0 §7.1), authenticating as at the token
    /// endpoint (every ``ClientAuthentication`` method but `none`: CIBA's clients are confidential), and
    /// returns the acknowledgement to poll with (§7.3).
    ///
    /// ```swift
    /// var request = BackchannelAuthenticationRequest(hint: .loginHint("alice@example.com"))
    /// request.bindingMessage = "W4SCT"
    /// let authentication = try await client.requestBackchannelAuthentication(request)
    /// print("Check your phone: it shows \(request.bindingMessage ?? "")")
    /// let user = try await client.pollBackchannelAuthentication(authentication)
    /// ```
    ///
    /// Checked before anything is sent: the provider has the endpoint (https, or loopback http when the
    /// configuration allows it), lists `poll` in `backchannel_token_delivery_modes_supported` when it
    /// lists modes, and says `backchannel_user_code_parameter_supported` when the request has a
    /// `user_code` (else ``AuthClientError/backchannelAuthenticationUnavailable(_:)``); the client is an
    /// OpenID Connect client that authenticates, and the request passes the checks that
    /// ``BackchannelAuthenticationRequest`` lists (else ``AuthClientError/invalidBackchannelAuthenticationRequest(_:)``).
    /// An error answer (§13) is ``AuthClientError/backchannelAuthenticationRefused(status:_:)`` with the
    /// OAuth error as sent; a 200 that is not an acknowledgement is
    /// ``AuthClientError/invalidBackchannelAuthenticationResponse(_:)``. With ``BackchannelAuthenticationRequest/signed``,
    /// the parameters go as one signed `request` JWT (§7.1.1); a provider that lists no signing algorithm is
    /// `backchannelAuthenticationUnavailable`, a key it does not take `requestObjectAlgorithmUnsupported`.
    ///
    /// In ping and push mode (``BackchannelAuthenticationRequest/deliveryMode``, CIBA §5) the form also carries a
    /// fresh `client_notification_token` (§7.1: 256 bits from the system CSPRNG, base64url, 43 characters),
    /// kept in the returned ``BackchannelAuthentication/clientNotificationToken``; hand the acknowledgement to a
    /// ``BackchannelNotificationInbox`` and wait with ``awaitBackchannelAuthentication(_:inbox:pollsWhileWaiting:onPoll:)``.
    /// A mode the provider does not list in `backchannel_token_delivery_modes_supported` (when it lists modes)
    /// is ``AuthClientError/backchannelDeliveryModeUnsupported(mode:supported:)`` (10507), with nothing sent.
    public func requestBackchannelAuthentication(
        _ request: BackchannelAuthenticationRequest
    ) async throws(AuthClientError) -> BackchannelAuthentication {
        var generator = SystemRandomNumberGenerator()
        return try await requestBackchannelAuthentication(request, using: &generator)
    }

    /// ``requestBackchannelAuthentication(_:)`` with the randomness of the `client_notification_token` and the
    /// DPoP key from `generator` (tests inject a seeded one).
    public func requestBackchannelAuthentication(
        _ request: BackchannelAuthenticationRequest, using generator: inout some RandomNumberGenerator
    ) async throws(AuthClientError) -> BackchannelAuthentication {
        guard let endpoint = metadata.backchannelAuthenticationEndpoint else {
            throw .backchannelAuthenticationUnavailable("the provider's metadata has no backchannel_authentication_endpoint")
        }
        if let modes = metadata.backchannelTokenDeliveryModesSupported, !modes.contains(request.deliveryMode.rawValue) {
            throw .backchannelDeliveryModeUnsupported(mode: request.deliveryMode.rawValue, supported: modes)
        }
        if request.userCode != nil, !metadata.backchannelUserCodeParameterSupported {
            throw .backchannelAuthenticationUnavailable("the request has a user_code and the provider does not take one")
        }
        guard configuration.isOpenIDConnect else {
            throw .invalidBackchannelAuthenticationRequest("the client configuration's scopes must include openid (CIBA is OpenID Connect)")
        }
        if request.deliveryMode == .push, configuration.requiresDPoPBoundTokens {
            throw .invalidBackchannelAuthenticationRequest(
                "push mode delivers Bearer tokens no DPoP proof was sent for, and this client requires DPoP-bound tokens (RFC 9449)")
        }
        if case .none = configuration.clientAuthentication {
            throw .invalidBackchannelAuthenticationRequest("a public client cannot authenticate, and CIBA §7.1 requires it")
        }
        var form = try request.parameters(defaultScopes: configuration.scopes)
        var notificationToken: String?
        if request.deliveryMode.notifies {
            let token = Self.clientNotificationToken(using: &generator)
            form.append(FormParameter(name: "client_notification_token", value: token))
            notificationToken = token
        }
        if request.signed { form = try await signedBackchannelForm(form) }
        try SecureURL.check(
            endpoint, name: "backchannel_authentication_endpoint", allowsInsecureLoopback: configuration.allowsInsecureLoopbackIssuer)
        let receivedAt = clock.now()  // the time of the request: an earlier expiry is the safe side
        let response = try await send(form: form, to: endpoint)
        guard response.status == 200 else {
            if let error = Self.oauthErrorResponse(in: response.body) {
                throw .backchannelAuthenticationRefused(status: response.status, error)
            }
            throw .unexpectedResponse(
                endpoint: "backchannel authentication", status: response.status, reason: "expected 200, or an OAuth error (CIBA §13)")
        }
        var authentication = try BackchannelAuthentication(json: response.body, receivedAt: receivedAt)
        // The key the token requests prove, so the tokens are bound to it (RFC 9449). Push mode makes no token
        // request: the provider pushes tokens no proof was sent for.
        if request.deliveryMode != .push { authentication.dpopKey = newDPoPKey(using: &generator) }
        authentication.deliveryMode = request.deliveryMode
        authentication.clientNotificationToken = notificationToken
        return authentication
    }

    /// A `client_notification_token` (CIBA §7.1): 32 random octets, base64url (43 characters, 256 bits), within
    /// RFC 6750 §2.1's `b64token` syntax and §7.1's 1024-character limit.
    static func clientNotificationToken(using generator: inout some RandomNumberGenerator) -> String {
        var bytes: [UInt8] = []
        for _ in 0..<4 { withUnsafeBytes(of: generator.next().littleEndian) { bytes += $0 } }
        return Base64URL.encode(bytes)
    }

    /// The form of a signed authentication request (CIBA §7.1.1): `client_id` and one `request` JWT whose
    /// claims are the parameters plus `iss` (the client id), `aud` (the issuer), `jti`, `iat`, `nbf` and `exp`
    /// (five minutes), signed with the request-object key by an algorithm the provider lists.
    private func signedBackchannelForm(_ form: [FormParameter]) async throws(AuthClientError) -> [FormParameter] {
        guard let supported = metadata.backchannelAuthenticationRequestSigningAlgorithmsSupported else {
            throw .backchannelAuthenticationUnavailable(
                "the provider lists no backchannel_authentication_request_signing_alg_values_supported: it takes no signed request")
        }
        let key = try requestObjectKey(supported: supported)
        var generator = SystemRandomNumberGenerator()
        let clientID = FormParameter(name: "client_id", value: configuration.clientID)
        let claims = AuthorizationRequest.requestObjectClaims(
            [clientID] + form, clientID: configuration.clientID, audience: metadata.issuer,
            jwtID: Self.requestObjectID(using: &generator), now: clock.now(), lifetimeSeconds: configuration.requestObjectLifetimeSeconds)
        let jwt = try await key.signedJWT(type: nil, claims: claims, header: JSONObject(), includesKeyID: true)
        return [clientID, FormParameter(name: "request", value: jwt)]
    }

    /// Polls the token endpoint with the `auth_req_id` (CIBA §10.1, poll mode) until the user approves,
    /// denies, or the request expires, then validates the ID token, saves the tokens and returns the
    /// signed-in ``User`` — the same as after the code flow.
    ///
    /// ```swift
    /// let user = try await client.pollBackchannelAuthentication(authentication) { poll in
    ///     if case .pending = poll { print("still waiting for the approval on the phone") }
    /// }
    /// ```
    ///
    /// The polling rules are the device grant's (``pollDeviceAuthorization(_:onPoll:)``, one loop serves
    /// both): `interval` between polls, `slow_down` adds 5 seconds for good (§11), back-off after no
    /// answer, the local deadline `expires_in` after the request, cancellation. `access_denied` throws
    /// ``AuthClientError/backchannelAuthenticationDenied``; `expired_token` or the deadline throws
    /// ``AuthClientError/backchannelAuthenticationExpired``.
    ///
    /// The ID token (required: CIBA is OpenID Connect; without one the poll throws
    /// ``AuthClientError/missingIDToken``) is validated as after the code flow (Core §3.1.3.7: signature,
    /// `iss`, `aud`, `azp`, `exp`, `iat`, `at_hash`) without a `nonce`, which a CIBA request does not have
    /// (§10.1.1). Its `urn:openid:params:jwt:claim:auth_req_id` claim is not required; when present it must
    /// be the `auth_req_id` polled with, else ``AuthClientError/idToken(_:)`` `invalidClaim`. Not checked:
    /// `urn:openid:params:jwt:claim:rt_hash` (push mode's, §10.3.1), and that `sub` is the user the hint named
    /// (the provider decides whom a hint identifies).
    ///
    /// A ping-mode request may be polled too (CIBA §7.3 gives ping clients the interval); a push-mode request is
    /// not (``AuthClientError/invalidBackchannelAuthenticationRequest(_:)``): wait for it with
    /// ``awaitBackchannelAuthentication(_:inbox:pollsWhileWaiting:onPoll:)``.
    public func pollBackchannelAuthentication(
        _ authentication: BackchannelAuthentication, onPoll: @Sendable (DevicePoll) -> Void = { _ in }
    ) async throws(AuthClientError) -> User {
        guard authentication.deliveryMode != .push else {
            throw .invalidBackchannelAuthenticationRequest(
                "a push-mode request is not polled (CIBA §10.3): wait with awaitBackchannelAuthentication(_:inbox:)")
        }
        return try await pollBackchannelAuthentication(authentication, onPoll: onPoll, ping: nil)
    }

    /// The poll loop, ended early by a ping when `ping` names the inbox (CIBA §10.2).
    func pollBackchannelAuthentication(
        _ authentication: BackchannelAuthentication, onPoll: @Sendable (DevicePoll) -> Void,
        ping: (inbox: BackchannelNotificationInbox, authentication: BackchannelAuthentication, pollsWhileWaiting: Bool)?
    ) async throws(AuthClientError) -> User {
        var polling = TokenPolling(
            parameters: [
                FormParameter(name: "grant_type", value: Self.backchannelAuthenticationGrantType),
                FormParameter(name: "auth_req_id", value: authentication.authRequestID),
            ], interval: authentication.interval, expiresAt: authentication.expiresAt, dpopKey: authentication.dpopKey,
            denied: .backchannelAuthenticationDenied, expired: .backchannelAuthenticationExpired)
        polling.ping = ping
        let tokens = try await pollTokenEndpoint(polling, onPoll: onPoll)
        guard tokens.idToken != nil else { throw .missingIDToken }
        return try await signIn(with: tokens, nonce: nil, maxAge: nil) { (idToken: IDToken) throws(AuthClientError) in
            let named: String?
            do throws(AuthJWTError) {
                named = try idToken.claims.string(Self.authRequestIDClaimName)
            } catch {
                throw .idToken(error)
            }
            guard let named else { return }
            guard named == authentication.authRequestID else {
                throw .idToken(
                    .invalidClaim(Self.authRequestIDClaimName, expected: "the auth_req_id this client polled with (CIBA §10.1.1)"))
            }
        }
    }
}
