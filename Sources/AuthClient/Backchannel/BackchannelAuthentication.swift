// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthJWT

/// A backchannel authentication request the provider acknowledged (CIBA §7.3): the `auth_req_id` the
/// client polls the token endpoint with, how long it lives and how often the client may poll.
///
/// ```swift
/// let authentication = try await client.requestBackchannelAuthentication(.init(hint: .loginHint("alice@example.com")))
/// print("Approve the request on your phone within \(authentication.expiresIn) s")
/// let user = try await client.pollBackchannelAuthentication(authentication)
/// ```
///
/// Checked: the body is a JSON object with a non-empty string `auth_req_id` and a positive `expires_in`
/// (both REQUIRED); `interval` defaults to 5 s (§7.3) and is at least 1 s. Numbers sent as digit strings
/// are read, as for the device grant. Not checked: the `auth_req_id`'s entropy (§7.3 asks the provider for
/// enough). The `auth_req_id` is a credential — with the client's authentication it fetches the tokens —
/// so it never appears in ``description``.
public struct BackchannelAuthentication: Hashable, Sendable {
    /// `auth_req_id`: what the client polls with. Secret.
    public let authRequestID: String
    /// `expires_in`, in seconds.
    public let expiresIn: Int64
    /// `interval`: the seconds to wait between polls (default 5, CIBA §7.3).
    public let interval: Int64
    /// When the request expires: the request's time plus `expires_in`.
    public let expiresAt: NumericDate
    /// The DPoP key the polls prove (RFC 9449), set by `AuthClient.requestBackchannelAuthentication` when
    /// the configuration uses DPoP. A secret.
    public var dpopKey: P256PrivateKey?
    /// How the provider delivers the result (CIBA §5): the request's ``BackchannelAuthenticationRequest/deliveryMode``,
    /// set by `AuthClient.requestBackchannelAuthentication`. Default ``BackchannelTokenDeliveryMode/poll``.
    public var deliveryMode = BackchannelTokenDeliveryMode.poll
    /// The `client_notification_token` sent with a ping or push request (CIBA §7.1): the bearer token the
    /// provider's notification must carry (§10.2, §10.3); nil in poll mode. A secret: never in ``description``.
    public var clientNotificationToken: String?

    public init(authRequestID: String, expiresIn: Int64, interval: Int64 = 5, receivedAt: NumericDate) {
        self.authRequestID = authRequestID
        self.expiresIn = max(0, expiresIn)
        self.interval = max(1, interval)
        expiresAt = receivedAt.adding(seconds: max(0, expiresIn))
    }

    /// Reads a successful authentication request acknowledgement (CIBA §7.3) that arrived at `receivedAt`.
    public init(json body: some Sequence<UInt8>, receivedAt: NumericDate) throws(AuthClientError) {
        let members = try JSONMembers(parsing: body) { .invalidBackchannelAuthenticationResponse($0) }
        guard let authRequestID = try members.string("auth_req_id"), !authRequestID.isEmpty else {
            throw .invalidBackchannelAuthenticationResponse("'auth_req_id' is missing or empty")
        }
        guard let expiresIn = try members.seconds("expires_in") else {
            throw .invalidBackchannelAuthenticationResponse("'expires_in' is missing")
        }
        guard expiresIn > 0 else { throw .invalidBackchannelAuthenticationResponse("'expires_in' is 0: the request is already expired") }
        self.init(
            authRequestID: authRequestID, expiresIn: expiresIn, interval: try members.seconds("interval") ?? 5, receivedAt: receivedAt)
    }
}

extension BackchannelAuthentication: CustomStringConvertible {
    /// The timing; never the `auth_req_id`.
    public var description: String {
        "BackchannelAuthentication(auth_req_id: <redacted>, expires_in: \(expiresIn), interval: \(interval), mode: \(deliveryMode)"
            + (clientNotificationToken == nil ? ")" : ", client_notification_token: <redacted>)")
    }
}
