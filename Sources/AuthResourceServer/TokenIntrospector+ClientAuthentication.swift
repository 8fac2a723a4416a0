// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

extension TokenIntrospector {
    /// How the resource server authenticates to the introspection endpoint (RFC 7662 §2.1).
    ///
    /// ```swift
    /// let authentication: TokenIntrospector.ClientAuthentication = .clientSecretBasic(clientID: "mcp-server", secret: secret)
    /// ```
    public enum ClientAuthentication: Sendable, Hashable {
        /// HTTP Basic with the client id and secret, each form-encoded first (RFC 6749 §2.3.1).
        case clientSecretBasic(clientID: String, secret: String)
        /// `client_id` and `client_secret` in the form body (RFC 6749 §2.3.1).
        case clientSecretPost(clientID: String, secret: String)
        /// An access token of the resource server's own, as `Authorization: Bearer` (RFC 7662 §2.1).
        case bearer(String)

        /// The client id, when the method has one (the `aud` of a signed answer, RFC 9701 §5).
        var clientID: String? {
            switch self {
            case .clientSecretBasic(let clientID, _), .clientSecretPost(let clientID, _): clientID
            case .bearer: nil
            }
        }
    }
}

extension TokenIntrospector.ClientAuthentication: CustomStringConvertible {
    /// The method and the client id; never the secret or token.
    public var description: String {
        switch self {
        case .clientSecretBasic(let clientID, _): "client_secret_basic(\(clientID))"
        case .clientSecretPost(let clientID, _): "client_secret_post(\(clientID))"
        case .bearer: "bearer"
        }
    }
}

extension TokenIntrospector.ClientAuthentication: CustomReflectable {
    /// As the description: `dump` and debuggers never show the secret or token.
    public var customMirror: Mirror {
        Mirror(self, children: ["method": description], displayStyle: .enum)
    }
}
