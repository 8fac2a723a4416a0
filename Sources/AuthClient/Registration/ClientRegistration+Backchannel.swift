// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthJSON

extension ClientRegistration {
    /// This registration asking for CIBA's poll mode too (CIBA §4, client metadata): the grant type
    /// `urn:openid:params:grant-type:ciba` added to `grant_types`, `backchannel_token_delivery_mode: poll`,
    /// and `backchannel_user_code_parameter: true` when `userCodeParameter` is set.
    ///
    /// ```swift
    /// var registration = try ClientRegistration(clientName: "Till 4", redirectURIs: ["https://till.example.com/cb"],
    ///                                           tokenEndpointAuthMethod: "client_secret_basic")
    /// registration = registration.backchannelPollMode()
    /// ```
    ///
    /// Not checked: that the token endpoint authentication method is not `none` (a CIBA client must
    /// authenticate, §7.1; the server refuses the registration otherwise).
    public func backchannelPollMode(userCodeParameter: Bool = false) -> ClientRegistration {
        var registration = self
        if !registration.grantTypes.contains(AuthClient.backchannelAuthenticationGrantType) {
            registration.grantTypes.append(AuthClient.backchannelAuthenticationGrantType)
        }
        registration.additionalMetadata.replace("backchannel_token_delivery_mode", with: .string("poll"))
        registration.additionalMetadata.replace("backchannel_user_code_parameter", with: userCodeParameter ? .bool(true) : nil)
        return registration
    }
}

extension ClientRegistration {
    /// This registration asking for CIBA's ping or push mode (CIBA §4, client metadata): the grant type
    /// `urn:openid:params:grant-type:ciba` added to `grant_types`, `backchannel_token_delivery_mode` (`ping` or
    /// `push`), `backchannel_client_notification_endpoint` (where the provider POSTs, §10.2, §10.3), and
    /// `backchannel_user_code_parameter: true` when `userCodeParameter` is set. For poll mode, use
    /// ``backchannelPollMode(userCodeParameter:)``.
    ///
    /// ```swift
    /// var registration = try ClientRegistration(clientName: "Till 4", redirectURIs: ["https://till.example.com/cb"],
    ///                                           tokenEndpointAuthMethod: "client_secret_basic")
    /// registration = try registration.backchannelNotificationMode(.ping, notificationEndpoint: "https://till.example.com/ciba")
    /// ```
    ///
    /// Checked: the mode notifies (`ping` or `push`, else ``AuthClientError/invalidBackchannelAuthenticationRequest(_:)``)
    /// and the endpoint is an https URL (§4: "MUST be an HTTPS URL"; http on a loopback host only with
    /// `allowsInsecureLoopback`, for local tests), else ``AuthClientError/insecureURL(name:url:)``. Not checked:
    /// that the endpoint is reachable by the provider, or that the authentication method is not `none`.
    public func backchannelNotificationMode(
        _ mode: BackchannelTokenDeliveryMode, notificationEndpoint: String, userCodeParameter: Bool = false,
        allowsInsecureLoopback: Bool = false
    ) throws(AuthClientError) -> ClientRegistration {
        guard mode.notifies else {
            throw .invalidBackchannelAuthenticationRequest("\(mode) mode has no notification endpoint; use backchannelPollMode()")
        }
        try SecureURL.check(
            notificationEndpoint, name: "backchannel_client_notification_endpoint", allowsInsecureLoopback: allowsInsecureLoopback)
        var registration = backchannelPollMode(userCodeParameter: userCodeParameter)
        registration.additionalMetadata.replace("backchannel_token_delivery_mode", with: .string(mode.rawValue))
        registration.additionalMetadata.replace("backchannel_client_notification_endpoint", with: .string(notificationEndpoint))
        return registration
    }
}
