// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthJSON

extension ProviderMetadata {
    /// `backchannel_authentication_endpoint` (CIBA §4), if any: where a backchannel authentication request
    /// is sent. Read from ``document``; its transport security is checked when a request is sent
    /// (`AuthClientError.insecureURL(name:url:)`), and a member that is not a string reads as nil.
    public var backchannelAuthenticationEndpoint: String? {
        get { document["backchannel_authentication_endpoint"]?.stringValue }
        set { document.replace("backchannel_authentication_endpoint", with: newValue.map(JSONValue.string)) }
    }

    /// `backchannel_token_delivery_modes_supported` (CIBA §4): `poll`, `ping` and/or `push`, or nil when the
    /// document does not say. A member that is not an array of strings reads as an empty list (no mode).
    public var backchannelTokenDeliveryModesSupported: [String]? {
        get { Self.stringArray(document["backchannel_token_delivery_modes_supported"]) }
        set { document.replace("backchannel_token_delivery_modes_supported", with: newValue.map { .array($0.map(JSONValue.string)) }) }
    }

    /// `backchannel_authentication_request_signing_alg_values_supported` (CIBA §4): the JWS algorithms the
    /// provider accepts for signed authentication requests (§7.1.1), or nil when it does not say (then it
    /// takes none).
    public var backchannelAuthenticationRequestSigningAlgorithmsSupported: [String]? {
        get { Self.stringArray(document["backchannel_authentication_request_signing_alg_values_supported"]) }
        set {
            document.replace(
                "backchannel_authentication_request_signing_alg_values_supported", with: newValue.map { .array($0.map(JSONValue.string)) })
        }
    }

    /// `backchannel_user_code_parameter_supported` (CIBA §4): whether the provider takes a `user_code` in
    /// the request. Absent means false, as the specification says; only `true` counts as true.
    public var backchannelUserCodeParameterSupported: Bool {
        get { document["backchannel_user_code_parameter_supported"]?.boolValue ?? false }
        set { document.replace("backchannel_user_code_parameter_supported", with: newValue ? .bool(true) : nil) }
    }

    /// The strings of an array member; nil when absent or null, empty when it is anything else.
    static func stringArray(_ member: JSONValue?) -> [String]? {
        guard let member, !member.isNull else { return nil }
        guard let array = member.arrayValue else { return [] }
        let strings = array.compactMap(\.stringValue)
        return strings.count == array.count ? strings : []
    }
}
