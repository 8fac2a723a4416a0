// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthJWT

/// The FAPI 2.0 client profiles: the Security Profile (final, 2025) and, on top of it, Message Signing
/// (signed requests, JAR, and signed responses, JARM). A configuration that adopts one is checked against
/// it when the ``AuthClient`` is made and at each login, and every departure is a typed refusal,
/// ``AuthClientError/fapi2Violation(_:)`` with a ``FAPI2Violation``.
///
/// ```swift
/// var configuration = try ClientConfiguration(
///     issuer: "https://bank.example.com", clientID: "fintech-app",
///     clientAuthentication: .privateKeyJWT(ClientAssertionKey(clientKey), audience: .issuer),
///     redirectURI: "https://app.example.com/callback")
/// configuration.adopt(.messageSigning)   // DPoP-bound tokens, ES256/PS256/EdDSA only, PAR + JAR + JARM
/// let client = try await AuthClient.discover(configuration, transport: URLSessionTransport())
/// ```
///
/// What is enforced, and where (FAPI 2.0 Security Profile §5.3.3 client, §5.4 cryptography; Message
/// Signing §5.3, §5.4; see Docs/FAPI2.md for the table):
/// - pushed authorization requests (RFC 9126) for every login, at a provider that has the endpoint;
/// - PKCE with S256 (the client never sends another method, and ``ProviderMetadata`` refuses a provider
///   whose `code_challenge_methods_supported` lacks S256);
/// - `iss` in the authorization response (RFC 9207): the provider must say it sends it, and then a
///   response without it, or with another issuer, is refused;
/// - sender-constrained tokens with DPoP (RFC 9449): `usesDPoP` and `requiresDPoPBoundTokens`;
/// - `private_key_jwt` client authentication with the issuer as the assertion's `aud`;
/// - PS256, ES256 and EdDSA only, for ID tokens, JARM responses, request objects and client assertions;
/// - the authorization code flow only (the client sends `response_type=code` and nothing else);
/// - Message Signing: a signed request object (RFC 9101) in every request, with `exp` − `nbf` at most 60
///   minutes and `nbf` the time of signing, and a JWT response mode (JARM).
///
/// Not enforced: mutual-TLS client authentication and certificate-bound tokens (RFC 8705; this client
/// has no TLS client certificates, so DPoP is the only sender constraint), the key-size rules (§5.4.1;
/// P-256 and the provider's RSA keys of at least 2048 bits are what the client accepts anyway), and
/// anything the authorization server must do on its side.
public struct FAPI2Profile: Hashable, Sendable, CustomStringConvertible {
    /// Whether the profile is FAPI 2.0 Message Signing (JAR and JARM on top of the Security Profile).
    public let requiresMessageSigning: Bool

    /// The FAPI 2.0 Security Profile.
    public static let securityProfile = FAPI2Profile(requiresMessageSigning: false)
    /// FAPI 2.0 Message Signing: the Security Profile plus signed request objects and JARM responses.
    public static let messageSigning = FAPI2Profile(requiresMessageSigning: true)

    /// The only signature algorithms FAPI 2.0 allows (Security Profile §5.4.1): PS256, ES256, EdDSA (Ed25519).
    public static let allowedAlgorithms: [JWSAlgorithm] = [.ps256, .es256, .edDSA]
    /// The longest a request object may be valid, `exp` − `nbf`, in seconds (Message Signing: 60 minutes).
    public static let maximumRequestObjectLifetimeSeconds: Int64 = 3600

    /// The profile's name as the CLI takes it: `fapi2` or `fapi2-message-signing`.
    public var description: String { requiresMessageSigning ? "fapi2-message-signing" : "fapi2" }

    /// The profile named `name` (``description``), or nil.
    public init?(name: String) {
        switch name {
        case "fapi2": self = .securityProfile
        case "fapi2-message-signing": self = .messageSigning
        default: return nil
        }
    }

    private init(requiresMessageSigning: Bool) {
        self.requiresMessageSigning = requiresMessageSigning
    }
}
