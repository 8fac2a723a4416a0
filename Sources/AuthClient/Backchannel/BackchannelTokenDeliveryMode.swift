// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// How the provider delivers a backchannel authentication's result (OpenID CIBA Core 1.0 §5): the client
/// polls the token endpoint (`poll`), the provider notifies the client's notification endpoint and the
/// client then asks the token endpoint once (`ping`), or the provider posts the tokens themselves to that
/// endpoint (`push`).
///
/// ```swift
/// var request = BackchannelAuthenticationRequest(hint: .loginHint("alice@example.com"))
/// request.deliveryMode = .ping
/// let authentication = try await client.requestBackchannelAuthentication(request)
/// ```
///
/// An open value set (§4 names three; a provider's extension may add one): compare with the constants.
/// The mode is registered with the provider (client metadata `backchannel_token_delivery_mode`, §4); the
/// provider must list it in `backchannel_token_delivery_modes_supported` when it lists modes.
public struct BackchannelTokenDeliveryMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// `poll`: the client polls the token endpoint at the interval (§5, §10.1).
    public static let poll = BackchannelTokenDeliveryMode(rawValue: "poll")
    /// `ping`: the provider POSTs `{"auth_req_id": …}` to the client's notification endpoint, then the
    /// client makes a token request (§5, §10.2).
    public static let ping = BackchannelTokenDeliveryMode(rawValue: "ping")
    /// `push`: the provider POSTs the token response itself to the client's notification endpoint (§5, §10.3).
    public static let push = BackchannelTokenDeliveryMode(rawValue: "push")

    /// Whether the provider notifies the client (`ping` and `push`): the request then carries a
    /// `client_notification_token` (§7.1).
    public var notifies: Bool { self != .poll }
}

extension BackchannelTokenDeliveryMode: CustomStringConvertible {
    public var description: String { rawValue }
}
