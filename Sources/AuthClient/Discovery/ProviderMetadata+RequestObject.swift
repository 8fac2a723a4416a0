// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthJSON

extension ProviderMetadata {
    /// `request_object_signing_alg_values_supported` (OpenID Connect Discovery §3, RFC 9101 §10.1): the
    /// JWS algorithms the provider accepts for request objects, or nil when the document does not say (then
    /// the client's key's algorithm is used as it is). A member that is not an array of strings reads as
    /// an empty list, which refuses every algorithm rather than none.
    public var requestObjectSigningAlgorithmsSupported: [String]? {
        get { Self.stringArray(document["request_object_signing_alg_values_supported"]) }
        set { document.replace("request_object_signing_alg_values_supported", with: newValue.map { .array($0.map(JSONValue.string)) }) }
    }

    /// `require_signed_request_object` (RFC 9101 §10.5): when true, every authorization request carries a
    /// signed request object, whatever the request's options say. Any value other than `false` or absent
    /// counts as true, so that a malformed document never turns the requirement off.
    public var requiresSignedRequestObject: Bool {
        get {
            guard let member = document["require_signed_request_object"], !member.isNull else { return false }
            return member.boolValue ?? true
        }
        set { document.replace("require_signed_request_object", with: newValue ? .bool(true) : nil) }
    }

    /// `request_parameter_supported` (OpenID Connect Discovery §3): false only when the document says
    /// `false` — an absent member is read as "not said" (true), since many providers that take request
    /// objects omit it. When false, a request object goes only through PAR, never by value.
    public var requestParameterSupported: Bool {
        get { document["request_parameter_supported"]?.boolValue ?? true }
        set { document.replace("request_parameter_supported", with: .bool(newValue)) }
    }

    /// `request_uri_parameter_supported` (OpenID Connect Discovery §3): false only when the document says
    /// `false` — Discovery makes an absent member mean true. When false, no request object goes by reference.
    public var requestURIParameterSupported: Bool {
        get { document["request_uri_parameter_supported"]?.boolValue ?? true }
        set { document.replace("request_uri_parameter_supported", with: .bool(newValue)) }
    }

    /// `authorization_signing_alg_values_supported` (JARM §3): the JWS algorithms the provider signs
    /// authorization responses with, or nil when the document does not say.
    public var authorizationSigningAlgorithmsSupported: [String]? {
        get { Self.stringArray(document["authorization_signing_alg_values_supported"]) }
        set { document.replace("authorization_signing_alg_values_supported", with: newValue.map { .array($0.map(JSONValue.string)) }) }
    }

    /// `response_modes_supported` (OpenID Connect Discovery §3, JARM §3), or nil when the document does not say.
    public var responseModesSupported: [String]? {
        get { Self.stringArray(document["response_modes_supported"]) }
        set { document.replace("response_modes_supported", with: newValue.map { .array($0.map(JSONValue.string)) }) }
    }

    /// The strings of an array member; nil when absent or null, empty when it is anything else.
    static func strings(_ member: JSONValue?) -> [String]? {
        guard let member, !member.isNull else { return nil }
        guard let array = member.arrayValue else { return [] }
        let strings = array.compactMap(\.stringValue)
        return strings.count == array.count ? strings : []
    }
}
