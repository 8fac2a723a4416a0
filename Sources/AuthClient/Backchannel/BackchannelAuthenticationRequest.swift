// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthCallback

/// What a backchannel authentication request asks for (OpenID CIBA Core 1.0 §7.1): whom to authenticate
/// (exactly one hint), for which scopes, and what the user's authentication device shows.
///
/// ```swift
/// var request = BackchannelAuthenticationRequest(hint: .loginHint("alice@example.com"))
/// request.bindingMessage = "W4SCT"          // shown on both devices, so the user can tell it is this request
/// request.requestedExpiry = 120              // seconds
/// let authentication = try await client.requestBackchannelAuthentication(request)
/// ```
///
/// Exactly one of `login_hint`, `id_token_hint` and `login_hint_token` (§7.1) is structural: ``hint`` is
/// one value of ``Hint``. Checked when it is sent (`AuthClientError.invalidBackchannelAuthenticationRequest`):
/// the hint is not empty, the scopes include `openid`, `requested_expiry` is positive, the binding message
/// is not empty, and no additional parameter is one the client sets itself (a second hint among them).
/// `user_code` is sent only to a provider that says `backchannel_user_code_parameter_supported`. Not checked:
/// the binding message's length or characters (the provider answers `invalid_binding_message`, §13).
public struct BackchannelAuthenticationRequest: Hashable, Sendable {
    /// The one hint that identifies the user (CIBA §7.1).
    public enum Hint: Hashable, Sendable {
        /// `login_hint`: an identifier the provider knows the user by (an email address, a phone number, a user name).
        case loginHint(String)
        /// `id_token_hint`: an ID token the provider issued to this client before, naming the user by its `sub`.
        case idTokenHint(String)
        /// `login_hint_token`: a token, in a format the provider and the client agreed, that names the user.
        case loginHintToken(String)

        /// The parameter's name and value.
        public var parameter: FormParameter {
            switch self {
            case .loginHint(let value): FormParameter(name: "login_hint", value: value)
            case .idTokenHint(let value): FormParameter(name: "id_token_hint", value: value)
            case .loginHintToken(let value): FormParameter(name: "login_hint_token", value: value)
            }
        }
    }

    /// Whom to authenticate.
    public var hint: Hint
    /// `scope`; nil sends the configuration's scopes. Must include `openid` (§7.1).
    public var scopes: [Scope]?
    /// `binding_message`: a short text shown on both the consumption and the authentication device, so the
    /// user can tell that the request they approve is this one (§7.1). Not a secret.
    public var bindingMessage: String?
    /// `user_code`: a secret the user knows, which the provider checks so that not everyone who knows the
    /// hint can prompt the user (§7.1). Secret: never in ``description``.
    public var userCode: String?
    /// `requested_expiry`: the lifetime in seconds the client asks the `auth_req_id` to have (§7.1).
    public var requestedExpiry: Int64?
    /// `acr_values`: the authentication context classes asked for, in order of preference (§7.1).
    public var acrValues: [String]
    /// Any other parameter (a `resource`, RFC 8707; an extension's), sent as given.
    public var additionalParameters: [FormParameter]
    /// Whether the parameters go as a signed authentication request (§7.1.1): one `request` JWT signed with
    /// the client's request-object key (``ClientConfiguration/requestObjectSigningKey``, else the
    /// `private_key_jwt` key), by an algorithm the provider lists in
    /// `backchannel_authentication_request_signing_alg_values_supported`. Default false.
    public var signed = false
    /// How the provider delivers the result (CIBA §5): ``BackchannelTokenDeliveryMode/poll`` (the default),
    /// ``BackchannelTokenDeliveryMode/ping`` or ``BackchannelTokenDeliveryMode/push`` — the mode this client
    /// registered (`backchannel_token_delivery_mode`, §4). In ping and push mode the client adds a fresh
    /// `client_notification_token` (§7.1), and the provider must list the mode in
    /// `backchannel_token_delivery_modes_supported` when it lists modes.
    public var deliveryMode = BackchannelTokenDeliveryMode.poll

    public init(
        hint: Hint, scopes: [Scope]? = nil, bindingMessage: String? = nil, userCode: String? = nil, requestedExpiry: Int64? = nil,
        acrValues: [String] = [], additionalParameters: [FormParameter] = []
    ) {
        self.hint = hint
        self.scopes = scopes
        self.bindingMessage = bindingMessage
        self.userCode = userCode
        self.requestedExpiry = requestedExpiry
        self.acrValues = acrValues
        self.additionalParameters = additionalParameters
    }

    /// The parameters the client sets itself, which an additional parameter may not repeat.
    static let reservedNames: Set<String> = [
        "scope", "login_hint", "id_token_hint", "login_hint_token", "binding_message", "user_code", "requested_expiry", "acr_values",
        "client_id", "client_secret", "client_assertion", "client_assertion_type", "request", "auth_req_id", "grant_type",
        "client_notification_token",
    ]

    /// The request's form (§7.1), after the checks in the type's documentation; `defaultScopes` stand in for
    /// nil ``scopes``.
    func parameters(defaultScopes: [Scope]) throws(AuthClientError) -> [FormParameter] {
        let scopes = scopes ?? defaultScopes
        guard scopes.contains(.openID) else {
            throw .invalidBackchannelAuthenticationRequest("the scopes must include openid (CIBA §7.1: it is an OpenID Connect request)")
        }
        guard !hint.parameter.value.isEmpty else { throw .invalidBackchannelAuthenticationRequest("\(hint.parameter.name) is empty") }
        if let reserved = additionalParameters.first(where: { Self.reservedNames.contains($0.name) }) {
            throw .invalidBackchannelAuthenticationRequest(
                "'\(reserved.name)' is set by the client and cannot be an additional parameter (exactly one hint, §7.1)")
        }
        var form = [FormParameter(name: "scope", value: scopes.map(\.rawValue).joined(separator: " ")), hint.parameter]
        if let bindingMessage {
            guard !bindingMessage.isEmpty else { throw .invalidBackchannelAuthenticationRequest("the binding message is empty") }
            form.append(FormParameter(name: "binding_message", value: bindingMessage))
        }
        if let userCode {
            guard !userCode.isEmpty else { throw .invalidBackchannelAuthenticationRequest("the user code is empty") }
            form.append(FormParameter(name: "user_code", value: userCode))
        }
        if let requestedExpiry {
            guard requestedExpiry > 0 else {
                throw .invalidBackchannelAuthenticationRequest(
                    "requested_expiry must be a positive number of seconds, not \(requestedExpiry)")
            }
            form.append(FormParameter(name: "requested_expiry", value: String(requestedExpiry)))
        }
        if !acrValues.isEmpty { form.append(FormParameter(name: "acr_values", value: acrValues.joined(separator: " "))) }
        return form + additionalParameters
    }
}
