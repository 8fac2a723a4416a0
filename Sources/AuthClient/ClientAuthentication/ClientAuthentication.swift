// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// How the client authenticates at the token endpoint (RFC 6749 §2.3, OpenID Connect Core §9).
///
/// ```swift
/// let native: ClientAuthentication = .none   // a public client: native apps (RFC 8252 §8.4), PKCE protects the code
/// let basic = ClientAuthentication.clientSecretBasic("s3cr3t")   // HTTP Basic with the form-encoded id and secret (RFC 6749 §2.3.1)
/// let post = ClientAuthentication.clientSecretPost("s3cr3t")     // client_id and client_secret in the form body (RFC 6749 §2.3.1)
/// let jwt = ClientAuthentication.clientSecretJWT("s3cr3t")       // an HS256 client assertion, the secret never sent (RFC 7523 §2.2)
/// ```
///
/// A secret shipped inside an app is not a secret (RFC 8252 §8.5): use `.none` for apps you distribute, and
/// a secret only for servers, CLIs you run yourself, or providers that insist on one. The secret never
/// appears in a description or an error.
public enum ClientAuthentication: Hashable, Sendable {
    /// A public client: `client_id` in the body, no secret.
    case none
    /// `Authorization: Basic base64(urlencode(id) ":" urlencode(secret))` (RFC 6749 §2.3.1).
    case clientSecretBasic(String)
    /// `client_id` and `client_secret` in the request body (RFC 6749 §2.3.1).
    case clientSecretPost(String)
    /// `client_secret_jwt` (OpenID Connect Core §9, RFC 7523 §2.2): a short-lived JWT MACed with HS256 under
    /// the secret, sent as `client_assertion` with `client_assertion_type=urn:ietf:params:oauth:client-assertion-type:jwt-bearer`;
    /// the secret itself never leaves the client. See ``ClientAssertion`` for the claims.
    case clientSecretJWT(String, audience: ClientAssertion.Audience = .tokenEndpoint)
    /// `private_key_jwt` (OpenID Connect Core §9, RFC 7523 §2.2): the same assertion as `clientSecretJWT`
    /// (see ``ClientAssertion``), signed with the client's ``SigningKey`` (ES256 with `P256PrivateKey`), new
    /// for each request, at the token, pushed authorization, revocation and device authorization endpoints.
    case privateKeyJWT(ClientAssertionKey, audience: ClientAssertion.Audience = .tokenEndpoint)
}

extension ClientAuthentication: CustomStringConvertible {
    /// The method's registered name (OpenID Connect Core §9); never the secret.
    public var description: String {
        switch self {
        case .none: "none"
        case .clientSecretBasic: "client_secret_basic"
        case .clientSecretPost: "client_secret_post"
        case .clientSecretJWT: "client_secret_jwt"
        case .privateKeyJWT: "private_key_jwt"
        }
    }
}
