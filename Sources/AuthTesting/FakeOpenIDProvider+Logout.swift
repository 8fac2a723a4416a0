// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthBase64URL
import AuthCallback
public import AuthClient
import AuthJSON
import AuthJWT
import AuthSession

extension FakeOpenIDProvider {
    /// Something wrong with a logout token, to see the client refuse it (OpenID Connect Back-Channel Logout
    /// 1.0 §2.6).
    public enum LogoutTokenDefect: String, CaseIterable, Sendable {
        /// `iss` is not the provider's issuer.
        case wrongIssuer
        /// `aud` is another client.
        case wrongAudience
        /// Issued an hour ago, expired since.
        case expired
        /// A `nonce` claim, as an ID token has.
        case nonce
        /// No `events` claim.
        case missingEvents
        /// The back-channel logout event's value is a string, not an object.
        case eventNotObject
        /// Neither `sub` nor `sid`.
        case missingSubjectAndSession
        /// No `jti`.
        case missingJWTID
        /// `alg: none`, no signature.
        case unsigned
        /// The signature does not verify.
        case badSignature
        /// `typ: at+jwt`: an access token's type.
        case wrongType
    }

    /// How long a logout token lives, in seconds (§2.4 recommends two minutes).
    public static let logoutTokenLifetime: Int64 = 120

    /// The provider's session (`sid`) of `subject`, once the subject signed in with ``Configuration/issuesSessionIDs`` on.
    public func sessionID(of subject: String) -> String? {
        state.withLock { $0.sessionIDs[subject] }
    }

    /// A logout token (§2.4) for `clientID` (the configured client by default) naming `subject` and/or
    /// `sessionID`, signed with the ID-token key, typed `logout+jwt`, with a fresh `jti`; or one with `defect`.
    public func logoutToken(
        subject: String?, sessionID: String?, clientID: String? = nil, defect: LogoutTokenDefect? = nil
    ) -> String {
        let now = clock.now().secondsSince1970
        return state.withLock { state in
            var claims = JSONObject()
            try? claims.append("iss", .string(defect == .wrongIssuer ? configuration.issuer + "/impostor" : configuration.issuer))
            try? claims.append("aud", .string(defect == .wrongAudience ? "another-app" : clientID ?? configuration.clientID))
            let issuedAt = now + state.skew - (defect == .expired ? 3600 : 0)
            try? claims.append("iat", .number(JSONNumber(issuedAt)))
            try? claims.append("exp", .number(JSONNumber(issuedAt + Self.logoutTokenLifetime)))
            if defect != .missingJWTID { try? claims.append("jti", .string(state.token())) }
            if defect != .missingSubjectAndSession {
                if let subject { try? claims.append("sub", .string(subject)) }
                if let sessionID { try? claims.append("sid", .string(sessionID)) }
            }
            if defect != .missingEvents {
                let event: JSONValue = defect == .eventNotObject ? "logout" : .object(JSONObject())
                var events = JSONObject()
                try? events.append(LogoutToken.backChannelLogoutEvent, event)
                try? claims.append("events", .object(events))
            }
            if defect == .nonce { try? claims.append("nonce", "n-0S6_WzA2Mj") }
            var header = JSONObject()
            try? header.append("typ", .string(defect == .wrongType ? "at+jwt" : "logout+jwt"))
            if defect == .unsigned {
                return Base64URL.encode(Array(#"{"alg":"none","typ":"logout+jwt"}"#.utf8)) + "."
                    + Base64URL.encode(JSONValue.object(claims).serialized()) + "."
            }
            var token = state.signingKey.sign(claims: claims, extraHeader: header, using: &state.generator)
            if defect == .badSignature {
                let last = token.removeLast()
                token.append(last == "A" ? "Q" : "A")
            }
            return token
        }
    }

    /// Sends a back-channel logout request (§2.5) to `url` through `transport` — a form POST with
    /// `logout_token` — and returns the client's answer.
    public func sendBackChannelLogout(
        _ token: String, to url: String, through transport: some HTTPTransport
    ) async throws(AuthHTTPError) -> TransportResponse {
        var request = TransportRequest(method: .post, url: url)
        request.setHeader("Content-Type", "application/x-www-form-urlencoded")
        request.body = Array(FormParameter.encode([FormParameter(name: "logout_token", value: token)]).utf8)
        return try await transport.send(request)
    }

    /// The front-channel logout URL (Front-Channel Logout 1.0 §3) the provider would load for `subject`'s
    /// session at a client whose `frontchannel_logout_uri` is `uri`: with `iss` and `sid`.
    public func frontChannelLogoutURL(_ uri: String, subject: String) -> String {
        let parameters =
            [FormParameter(name: "iss", value: configuration.issuer)]
            + (sessionID(of: subject).map { [FormParameter(name: "sid", value: $0)] } ?? [])
        return uri + (uri.contains("?") ? "&" : "?") + FormParameter.encode(parameters)
    }

    /// The WebFinger answer (RFC 7033 §4.4): this provider as the issuer (Discovery §2) of an `acct:` resource
    /// or URL on its host; 404 for any other resource, 400 without one.
    func webFinger(_ request: TransportRequest) -> TransportResponse {
        guard let url = try? URI(parsing: request.url), let parameters = try? url.queryParameters(),
            let resource = parameters.first(where: { $0.name == "resource" })?.value
        else { return TransportResponse(status: 400) }
        let host = (try? URI(parsing: configuration.issuer))?.host ?? ""
        let resourceHost: String? =
            resource.hasPrefix("acct:") ? resource.split(separator: "@").last.map(String.init) : (try? URI(parsing: resource))?.host
        guard resourceHost == host else { return TransportResponse(status: 404) }
        let body: JSONValue = [
            "subject": .string(resource),
            "links": [["rel": .string(WebFingerQuery.issuerRelation), "href": .string(configuration.issuer)]],
        ]
        return TransportResponse(
            status: 200, headerFields: [HeaderField(name: "Content-Type", value: "application/jrd+json")], body: body.serialized())
    }
}

extension ProviderState {
    /// The `sid` of `subject`'s session, made at its first sign-in.
    mutating func sessionID(of subject: String) -> String {
        if let known = sessionIDs[subject] { return known }
        let made = "sid-" + token().prefix(16)
        sessionIDs[subject] = made
        return made
    }
}
