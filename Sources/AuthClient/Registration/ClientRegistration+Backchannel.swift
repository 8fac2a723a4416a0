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
