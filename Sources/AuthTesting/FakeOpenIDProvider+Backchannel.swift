// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthCallback
import AuthClient
import AuthJSON
import AuthJWT
import AuthSession

extension FakeOpenIDProvider {
    /// What the user does on their authentication device with a backchannel request (CIBA §5), as
    /// ``scriptBackchannelUser(pendingPolls:then:)`` scripts it.
    public enum BackchannelOutcome: Sendable, Hashable {
        /// Approves, as the user the request's hint named.
        case approve
        /// Denies: the next poll gets `access_denied` (§11).
        case deny
        /// Lets the request expire: the next poll gets `expired_token` (§11).
        case expire
    }

    /// Scripts the user for every backchannel request from now on: the first `pendingPolls` polls of a request
    /// find it undecided (`authorization_pending`), then the user does `outcome`. Without a script a request
    /// stays pending until ``approveBackchannelAuthentication(_:)`` or ``denyBackchannelAuthentication(_:)``
    /// decides it, or it expires.
    ///
    /// ```swift
    /// provider.scriptBackchannelUser(pendingPolls: 2, then: .approve)
    /// let user = try await client.pollBackchannelAuthentication(authentication)   // pending, pending, tokens
    /// ```
    public func scriptBackchannelUser(pendingPolls: Int, then outcome: BackchannelOutcome) {
        state.withLock { $0.backchannelScript = (max(0, pendingPolls), outcome) }
    }

    /// Approves the backchannel request `authRequestID` as the user its hint named. False when no pending
    /// request has that id.
    @discardableResult
    public func approveBackchannelAuthentication(_ authRequestID: String) -> Bool {
        decideBackchannel(authRequestID, .approve)
    }

    /// Denies the backchannel request `authRequestID`: its next poll gets `access_denied`.
    @discardableResult
    public func denyBackchannelAuthentication(_ authRequestID: String) -> Bool {
        decideBackchannel(authRequestID, .deny)
    }

    /// Ends the backchannel request `authRequestID` now: its next poll gets `expired_token`.
    @discardableResult
    public func expireBackchannelAuthentication(_ authRequestID: String) -> Bool {
        decideBackchannel(authRequestID, .expire)
    }

    /// The form of the last backchannel authentication request the provider accepted or refused, client
    /// authentication included — to see what a client sent.
    public var lastBackchannelAuthenticationParameters: [FormParameter] {
        state.withLock { $0.lastBackchannelParameters }
    }

    /// The delivery modes the metadata lists (``Configuration/backchannelTokenDeliveryModesSupported``; `ping` only, misbehaving).
    var backchannelDeliveryModes: [String] {
        configuration.backchannelMisbehaviour == .offersPingOnly
            ? ["ping"] : configuration.backchannelTokenDeliveryModesSupported.map(\.rawValue)
    }

    private func decideBackchannel(_ authRequestID: String, _ outcome: BackchannelOutcome) -> Bool {
        let now = clock.now().secondsSince1970
        return state.withLock { state in
            guard var grant = state.backchannelRequests[authRequestID], case .pending = grant.decision else { return false }
            Self.apply(outcome, to: &grant, at: now + state.skew)
            state.backchannelRequests[authRequestID] = grant
            return true
        }
    }

    static func apply(_ outcome: BackchannelOutcome, to grant: inout ProviderState.PolledGrant, at time: Int64) {
        switch outcome {
        case .approve: grant.decision = .approved(subject: grant.userCode)
        case .deny: grant.decision = .denied
        case .expire: grant.expiresAt = min(grant.expiresAt, time)
        }
    }

    /// CIBA §7.1–7.3, §13: a confidential client's request for exactly one hint that names a known user, with
    /// `openid`, the user's `user_code` when one is registered, a binding message of at most 40 printable
    /// characters and a positive `requested_expiry`; answered with an `auth_req_id`, `expires_in` (the
    /// configured lifetime, or the shorter one asked for) and `interval`. An `id_token_hint` must be an ID
    /// token this provider signed (its signature and `iss` are checked; it may have expired); a
    /// `login_hint_token` is read as a JWT naming the user in `sub` (its signature is not checked; an `exp`
    /// passed is `expired_login_hint_token`). A signed request (§7.1.1, a `request` JWT) is checked as a
    /// request object is, with the keys the client registered, and its claims are the parameters.
    func authenticateBackchannel(_ request: TransportRequest) -> TransportResponse {
        let form: [FormParameter]
        let clientID: String
        switch authenticatedForm(request) {
        case .success(let authenticated): (form, clientID) = authenticated
        case .failure(let refused):
            state.withLock { $0.lastBackchannelParameters = (try? FormParameter.parse(request.body)) ?? [] }
            return refused.response
        }
        state.withLock { $0.lastBackchannelParameters = form }
        var parameters = form
        if form.contains(where: { $0.name == "request" }) {
            // CIBA §7.1.1: the parameters are the signed request's claims, checked as a request object's.
            do throws(RequestObjectRefused) {
                parameters = try requestObjectParameters(form)
            } catch {
                return Self.oauthError(.invalidRequest, "the signed authentication request was refused: \(error.reason)")
            }
        }
        func value(_ name: String) -> String? { parameters.first { $0.name == name }?.value }
        guard let authentication = authentication(ofClient: clientID), authentication != .none else {
            return Self.json(401, ["error": "invalid_client", "error_description": "CIBA needs a confidential client (CIBA §7.1)"])
        }
        let scope = value("scope") ?? ""
        guard scope.split(separator: " ").contains("openid") else { return Self.oauthError(.invalidScope, "the scope must include openid") }
        let hints = parameters.filter { ["login_hint", "id_token_hint", "login_hint_token"].contains($0.name) }
        guard hints.count == 1, let hint = hints.first else {
            return Self.oauthError(.invalidRequest, "exactly one of login_hint, id_token_hint and login_hint_token (CIBA §7.1)")
        }
        let now = clock.now().secondsSince1970
        let subject: String
        switch identify(hint, now: now) {
        case .success(let found): subject = found
        case .failure(let refusal): return refusal.response
        }
        if let expected = configuration.backchannelUserCodes[subject] {
            guard let given = value("user_code") else { return Self.oauthError(.missingUserCode, "this user requires a user_code") }
            guard given == expected else { return Self.oauthError(.invalidUserCode, "the user_code is not this user's") }
        }
        if let message = value("binding_message"),
            message.count > 40 || message.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
        {
            return Self.oauthError(.invalidBindingMessage, "a binding message has at most 40 printable characters")
        }
        var lifetime = configuration.backchannelRequestLifetime
        if let requested = value("requested_expiry") {
            guard let seconds = Int64(requested), seconds > 0 else {
                return Self.oauthError(.invalidRequest, "requested_expiry is not a positive number of seconds")
            }
            lifetime = min(lifetime, seconds)
        }
        // CIBA §7.1: a ping or push client's request carries its client_notification_token (a bearer token, RFC 6750
        // §2.1 syntax, at most 1024 characters).
        let mode = configuration.backchannelTokenDeliveryMode
        let notificationToken = mode.notifies ? value("client_notification_token") : nil
        if mode.notifies {
            guard let notificationToken, !notificationToken.isEmpty, notificationToken.utf8.count <= 1024 else {
                return Self.oauthError(.invalidRequest, "a \(mode)-mode client must send a client_notification_token (CIBA §7.1)")
            }
        }
        return state.withLock { state -> TransportResponse in
            let authRequestID = state.token()
            var grant = ProviderState.PolledGrant(
                userCode: subject, clientID: clientID, scope: scope, expiresAt: now + state.skew + lifetime,
                interval: configuration.backchannelPollingInterval)
            grant.notificationToken = notificationToken
            state.backchannelRequests[authRequestID] = grant
            var body = JSONObject()
            if configuration.backchannelMisbehaviour != .omitsAuthRequestID { try? body.append("auth_req_id", .string(authRequestID)) }
            if configuration.backchannelMisbehaviour != .omitsExpiresIn { try? body.append("expires_in", .number(JSONNumber(lifetime))) }
            // §7.3: the interval is for poll and ping clients only.
            if mode != .push { try? body.append("interval", .number(JSONNumber(configuration.backchannelPollingInterval))) }
            return Self.json(200, .object(body))
        }
    }

    /// The user a hint names (CIBA §7.1): a `sub` or email of a configured user, an ID token this provider
    /// issued, or a login hint token's `sub`; `unknown_user_id` when none.
    private func identify(_ hint: FormParameter, now: Int64) -> Result<String, ClientRefused> {
        func unknown(_ why: String) -> Result<String, ClientRefused> {
            .failure(ClientRefused(response: Self.oauthError(.unknownUserID, why)))
        }
        switch hint.name {
        case "login_hint":
            if configuration.users[hint.value] != nil { return .success(hint.value) }
            let byEmail = configuration.users.first { $0.value["email"]?.stringValue == hint.value }
            return byEmail.map { .success($0.key) } ?? unknown("no user has that login_hint")
        case "id_token_hint":
            let keys = state.withLock { TestSigningKey.jwkSet($0.publishedKeys) }
            guard let jwt = try? JWT(compact: hint.value), let keySet = try? JWKSet(json: keys.serialized()),
                (try? jwt.jws.verifySignature(using: keySet, allowedAlgorithms: [jwt.header.algorithm])) != nil,
                (try? jwt.claims.issuer) == configuration.issuer, let subject = try? jwt.claims.subject,
                configuration.users[subject] != nil
            else { return unknown("the id_token_hint is not an ID token of this provider's for a known user") }
            return .success(subject)
        default:
            guard let jwt = try? JWT(compact: hint.value), let subject = try? jwt.claims.subject, configuration.users[subject] != nil else {
                return unknown("the login_hint_token names no known user")
            }
            if let expiry = try? jwt.claims.expiration, expiry.secondsSince1970 <= now + state.withLock({ $0.skew }) {
                return .failure(ClientRefused(response: Self.oauthError(.expiredLoginHintToken, "the login_hint_token has expired")))
            }
            return .success(subject)
        }
    }

    /// CIBA §10.1, §11: one poll with an `auth_req_id`, after the scripted user acted, answered as a device
    /// code's poll is; the ID token names the request in `urn:openid:params:jwt:claim:auth_req_id`.
    func pollBackchannel(_ value: (String) -> String?, clientID: String, jkt: String?) -> TransportResponse {
        let id = value("auth_req_id")
        let now = clock.now().secondsSince1970
        state.withLock { state in
            guard let id, let script = state.backchannelScript, var grant = state.backchannelRequests[id], case .pending = grant.decision
            else { return }
            let polls = state.backchannelPendingPolls[id, default: 0]
            state.backchannelPendingPolls[id] = polls + 1
            guard polls >= script.pendingPolls else { return }
            Self.apply(script.outcome, to: &grant, at: now + state.skew)
            state.backchannelRequests[id] = grant
        }
        let misbehaviour = configuration.backchannelMisbehaviour
        let named = misbehaviour == .namesAnotherRequestInIDToken ? "another-request" : id ?? ""
        return answerPoll(
            \.backchannelRequests, id: id, named: "auth_req_id", clientID: clientID, jkt: jkt,
            withIDToken: { misbehaviour != .omitsIDToken && issuesIDToken(forScope: $0) },
            idTokenClaims: [(AuthClient.authRequestIDClaimName, .string(named))])
    }
}
