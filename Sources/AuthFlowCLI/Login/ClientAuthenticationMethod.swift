// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthClient
import AuthJWT

/// How a profile's client authenticates at the token endpoint (`login --client-auth METHOD`), by the names of
/// OpenID Connect Core §9 and RFC 8414's `token_endpoint_auth_methods_supported`. Stored in `profile.json` by
/// name; the secret and the key never are (they are read again from where the profile says).
enum ClientAuthenticationMethod: String, CaseIterable, Sendable, ArgumentValue {
    /// HTTP Basic with the client id and secret (RFC 6749 §2.3.1).
    case clientSecretBasic = "client_secret_basic"
    /// The client id and secret in the form body (RFC 6749 §2.3.1).
    case clientSecretPost = "client_secret_post"
    /// A client assertion MACed with HS256 under the secret (RFC 7523 §2.2); the secret is never sent.
    case clientSecretJWT = "client_secret_jwt"
    /// A client assertion signed with the client's private key (RFC 7523 §2.2), from `--private-key-file`.
    case privateKeyJWT = "private_key_jwt"

    /// Whether the method needs a client secret (all but ``privateKeyJWT``).
    var usesSecret: Bool { self != .privateKeyJWT }

    /// The library's client authentication for this method, with the secret or key it needs.
    func authentication(secret: String?, key: P256PrivateKey?) throws(CLIError) -> ClientAuthentication {
        switch self {
        case .privateKeyJWT:
            guard let key else { throw .usage("--client-auth private_key_jwt needs --private-key-file FILE (a P-256 key)") }
            return .privateKeyJWT(ClientAssertionKey(key))
        default:
            guard let secret else {
                throw .usage("--client-auth \(rawValue) needs the client secret: --client-secret-file FILE or --client-secret-env NAME")
            }
            switch self {
            case .clientSecretPost: return .clientSecretPost(secret)
            case .clientSecretJWT: return .clientSecretJWT(secret)
            default: return .clientSecretBasic(secret)
            }
        }
    }
}
