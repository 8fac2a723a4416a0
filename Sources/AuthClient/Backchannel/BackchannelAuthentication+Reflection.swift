// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

extension BackchannelAuthentication: CustomReflectable {
    /// What `dump`, `Mirror` and debuggers show: the timing, as in the description; the `auth_req_id` is
    /// redacted, and the DPoP key shows through its own redacted mirror.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "authRequestID": "<redacted>", "expiresIn": expiresIn, "interval": interval, "expiresAt": expiresAt,
                "dpopKey": dpopKey as Any, "deliveryMode": deliveryMode,
                "clientNotificationToken": clientNotificationToken == nil ? "nil" : "<redacted>",
            ],
            displayStyle: .struct)
    }
}

extension BackchannelAuthenticationRequest: CustomStringConvertible, CustomReflectable {
    /// The hint's kind (a `login_hint` as given; the tokens of the other two redacted), the scopes, the
    /// binding message, the expiry, the ACR values and whether it is signed; the `user_code` is redacted.
    public var description: String {
        "BackchannelAuthenticationRequest(\(hint), scope: \(scopes.map { $0.map(\.rawValue).joined(separator: " ") } ?? "default"), "
            + "binding_message: \(bindingMessage ?? "none"), user_code: \(userCode == nil ? "none" : "<redacted>"), "
            + "requested_expiry: \(requestedExpiry.map(String.init) ?? "none"), acr_values: \(acrValues.joined(separator: " ")), signed: \(signed), "
            + "mode: \(deliveryMode))"
    }

    /// The description's contents, so `dump` shows no secret either.
    public var customMirror: Mirror {
        Mirror(self, children: ["description": description], displayStyle: .struct)
    }
}

extension BackchannelAuthenticationRequest.Hint: CustomStringConvertible, CustomReflectable {
    /// A `login_hint` as given (an identifier, not a credential); the tokens of the other two redacted.
    public var description: String {
        switch self {
        case .loginHint(let value): "login_hint: \(value)"
        case .idTokenHint: "id_token_hint: <redacted>"
        case .loginHintToken: "login_hint_token: <redacted>"
        }
    }

    /// The description, so `dump` shows no token either.
    public var customMirror: Mirror {
        Mirror(self, children: ["description": description], displayStyle: .enum)
    }
}
