// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthCallback

extension AuthClient {
    /// Ends the sessions a front-channel logout request names (OpenID Connect Front-Channel Logout 1.0 §3):
    /// the provider loads the client's `frontchannel_logout_uri` in the browser with `iss` and `sid`.
    ///
    /// ```swift
    /// // GET https://app.example.com/frontchannel-logout?iss=https%3A%2F%2Flogin.example.com&sid=08a5019c
    /// let ended = try await client.handleFrontChannelLogout(URI(parsing: requestURL))
    /// ```
    ///
    /// With `sessionRequired` (the client registered `frontchannel_logout_session_required: true`; the
    /// default here): `iss` and `sid` must each be present once, and `iss` must be this client's issuer
    /// (compared byte for byte), else ``AuthClientError/frontChannelLogoutRefused(reason:)`` and nothing ends;
    /// then the sessions of this client whose ID token carried that `sid` end, locally (no request to the
    /// provider). Without it, a request with neither parameter ends only the sessions of `account` — the
    /// user of the browser's own session (your cookie), never a value from the request — and is refused when
    /// `account` is nil or empty: any page can make a browser load the URL, so an unauthenticated request never
    /// ends every session. A request with them is checked as above (and, with `account`, ends only that
    /// account's sessions with that `sid`). A `sid` that matches no session ends none and is not an error (the
    /// session may have ended already). Not checked: who made the browser load the URL — the `iss`/`sid` pair,
    /// or the browser's own session, is what stops a forged request from ending another session.
    ///
    /// ```swift
    /// // frontchannel_logout_session_required: false, the account from the app's session cookie
    /// let ended = try await client.handleFrontChannelLogout(URI(parsing: requestURL), sessionRequired: false, account: signedInAccount)
    /// ```
    public func handleFrontChannelLogout(
        _ url: URI, sessionRequired: Bool = true, account: String? = nil
    ) async throws(AuthClientError) -> [LoggedOutSession] {
        let parameters: [FormParameter]
        do {
            parameters = try url.queryParameters()
        } catch {
            throw .frontChannelLogoutRefused(reason: "the query cannot be read")
        }
        func single(_ name: String) throws(AuthClientError) -> String? {
            let values = parameters.filter { $0.name == name }
            guard values.count <= 1 else { throw .frontChannelLogoutRefused(reason: "\(name) is repeated") }
            return values.first.map(\.value)
        }
        let issuer = try single("iss")
        let sessionID = try single("sid")
        if sessionRequired {
            guard issuer != nil, let sessionID, !sessionID.isEmpty else {
                throw .frontChannelLogoutRefused(reason: "iss and sid are required (frontchannel_logout_session_required)")
            }
        }
        if let issuer, !issuer.utf8.elementsEqual(configuration.issuer.utf8) {
            throw .frontChannelLogoutRefused(reason: "iss '\(issuer)' is not this client's issuer")
        }
        if issuer == nil, sessionID != nil {
            throw .frontChannelLogoutRefused(reason: "sid without iss cannot be checked")
        }
        let account = account.flatMap { $0.isEmpty ? nil : $0 }
        if sessionID?.isEmpty ?? true, account == nil {
            throw .frontChannelLogoutRefused(reason: "neither sid nor the browser's own account names a session")
        }
        logger.log(.info, .logout, "the provider sent a front-channel logout", ["sid": .flag(sessionID != nil)])
        return try await endSessions(subject: account, sessionID: sessionID)
    }
}
