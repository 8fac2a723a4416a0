// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// Whether an authorization request's parameters travel as a signed request object (RFC 9101, JAR): a
/// JWT signed with the client's key, sent by value as `request=` (§5.1) or pushed inside the PAR body
/// (RFC 9126 §3), so that nobody between the client and the provider can change them unseen.
///
/// ```swift
/// configuration.requestObjectSigningKey = ClientAssertionKey(P256PrivateKey.generate(keyID: "jar-1", using: &generator))
/// let user = try await client.login(with: browser, options: .init(requestObject: .always))
/// ```
///
/// Whatever the choice, a provider that says `require_signed_request_object: true` (RFC 9101 §10.5) gets a
/// signed request object or no request at all: the client never downgrades to plain parameters.
public enum RequestObjectSigning: Hashable, Sendable {
    /// Sign when the provider requires it; otherwise send plain parameters.
    case automatic
    /// Always sign; a client without a signing key, or a provider that accepts none of its key's
    /// algorithm, is an error (``AuthClientError/requestObjectUnavailable(_:)``,
    /// ``AuthClientError/requestObjectAlgorithmUnsupported(algorithm:supported:)``).
    case always
    /// Never sign; a provider that requires it is an error, not a silent downgrade.
    case never
}
