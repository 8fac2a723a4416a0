// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthCallback
import AuthCredentials
import AuthJWT
import AuthSession

extension AuthClient {
    /// Parameters the client sets itself in a device authorization or device token request.
    private static let deviceReservedNames: Set<String> = ["client_id", "client_secret", "scope", "grant_type", "device_code"]

    /// Asks the provider's `device_authorization_endpoint` for a user code (RFC 8628 §3.1), authenticating
    /// as at the token endpoint, for the configuration's scopes (or `scopes`) and any `additionalParameters`
    /// (e.g. `resource`, RFC 8707).
    ///
    /// ```swift
    /// let authorization = try await client.requestDeviceAuthorization()
    /// print("Open \(authorization.verificationURI) and enter \(authorization.userCode)")
    /// let user = try await client.pollDeviceAuthorization(authorization)
    /// ```
    ///
    /// Errors: ``AuthClientError/endpointNotAvailable(_:)`` when the provider has no such endpoint; a 400/401
    /// with an OAuth error is ``AuthClientError/tokenEndpoint(_:)`` with the code as sent (§3.2); a response
    /// that is not a device authorization is ``AuthClientError/unexpectedResponse(endpoint:status:reason:)``.
    public func requestDeviceAuthorization(
        scopes: [Scope]? = nil, additionalParameters: [FormParameter] = []
    ) async throws(AuthClientError) -> DeviceAuthorization {
        guard let endpoint = metadata.deviceAuthorizationEndpoint else { throw .endpointNotAvailable("device_authorization") }
        if let reserved = additionalParameters.first(where: { Self.deviceReservedNames.contains($0.name) }) {
            throw .invalidConfiguration("'\(reserved.name)' is set by the client and cannot be an additional parameter")
        }
        let scope = (scopes ?? configuration.scopes).map(\.rawValue).joined(separator: " ")
        let receivedAt = clock.now()  // the time of the request: an earlier expiry is the safe side
        let response = try await send(form: [FormParameter(name: "scope", value: scope)] + additionalParameters, to: endpoint)
        switch response.status {
        case 200:
            var authorization = try DeviceAuthorization(
                json: response.body, receivedAt: receivedAt, allowsInsecureLoopback: configuration.allowsInsecureLoopbackIssuer)
            // The key the polls prove, so the tokens are bound to it (RFC 9449), from the system CSPRNG.
            var generator = SystemRandomNumberGenerator()
            authorization.dpopKey = newDPoPKey(using: &generator)
            return authorization
        case 400, 401:
            _ = try Self.readTokenResponse(response)  // throws the OAuth error, or unexpectedResponse without one
            throw .unexpectedResponse(endpoint: "device_authorization", status: response.status, reason: "no OAuth error in the body")
        default:
            throw .unexpectedResponse(endpoint: "device_authorization", status: response.status, reason: "expected 200 (RFC 8628 §3.2)")
        }
    }

    /// Polls the token endpoint for the device's tokens (RFC 8628 §3.4, §3.5) until the user approves,
    /// denies, or the code expires, then validates the ID token, saves the tokens and returns the signed-in
    /// ``User`` — the same as after the code flow.
    ///
    /// RFC 8628 defines no ID token, and some providers send none for this grant (django-oauth-toolkit 3.4
    /// among them). Then the user is the `sub` that the userinfo endpoint (OpenID Connect Core §5.3) returns
    /// for the access token just received — straight from the token endpoint, so no front-channel token can
    /// be substituted; a later refresh that brings an ID token must name the same `sub` (Core §12.2).
    /// Without a userinfo endpoint either, the poll throws ``AuthClientError/missingIDToken``.
    ///
    /// ```swift
    /// let user = try await client.pollDeviceAuthorization(authorization) { poll in
    ///     if case .slowDown(let interval) = poll { print("the provider asked to poll every \(interval) s") }
    /// }
    /// ```
    ///
    /// The rules, on the client's injected `sleeper` and wall clock:
    /// - it waits `interval` seconds before each poll; `authorization_pending` keeps polling;
    /// - `slow_down` adds 5 seconds to the interval for this and every later poll (§3.5: added, not multiplied);
    /// - no response, a 429 or a 5xx doubles the wait for the next poll (up to 60 s, §3.5's back-off on a
    ///   connection timeout); the next real answer restores the interval;
    /// - `access_denied` throws ``AuthClientError/deviceAuthorizationDenied``; `expired_token`, or reaching
    ///   the local deadline `expires_in` after the request, throws ``AuthClientError/deviceCodeExpired``;
    /// - cancelling the calling task ends the wait promptly with ``AuthClientError/session(_:)`` `.canceledLogin`.
    /// `onPoll` is told each answer that keeps the poll going, for a progress display.
    public func pollDeviceAuthorization(
        _ authorization: DeviceAuthorization, onPoll: @Sendable (DevicePoll) -> Void = { _ in }
    ) async throws(AuthClientError) -> User {
        let polling = TokenPolling(
            parameters: [
                FormParameter(name: "grant_type", value: "urn:ietf:params:oauth:grant-type:device_code"),
                FormParameter(name: "device_code", value: authorization.deviceCode),
            ], interval: authorization.interval, expiresAt: authorization.expiresAt, dpopKey: authorization.dpopKey,
            denied: .deviceAuthorizationDenied, expired: .deviceCodeExpired)
        let tokens = try await pollTokenEndpoint(polling, onPoll: onPoll)
        return try await signIn(with: tokens, nonce: nil, maxAge: nil, identifiesByUserInfo: true)
    }
}
