// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// An OpenID Provider's public documents as last fetched — the discovery document (OpenID Connect
/// Discovery §4) and the JWK Set (RFC 7517 §5) — kept in the ``CredentialStore`` beside the tokens, so
/// that a client can start and resume a user while the network is down.
///
/// ```swift
/// let cache = ProviderCache(issuer: "https://login.example.com", discoveryDocument: body, keySet: jwks, savedAt: now)
/// try await store.saveProviderCache(cache)
/// let cached = try await store.providerCache(for: "https://login.example.com")
/// ```
///
/// Both documents are public (no secret is stored here) and kept as the provider sent them, as UTF-8 text;
/// whoever reads them checks them again as if they had just been fetched (the client does).
public struct ProviderCache: Hashable, Codable, Sendable {
    /// The issuer the documents are for.
    public var issuer: String
    /// The discovery document, as sent.
    public var discoveryDocument: String
    /// The JWK Set, as sent; nil until one was fetched.
    public var keySet: String?
    /// When the newest of the two was fetched, in seconds since 1970.
    public var savedAt: Int64

    public init(issuer: String, discoveryDocument: String, keySet: String? = nil, savedAt: Int64) {
        self.issuer = issuer
        self.discoveryDocument = discoveryDocument
        self.keySet = keySet
        self.savedAt = savedAt
    }

    private enum CodingKeys: String, CodingKey {
        case issuer
        case discoveryDocument = "discovery_document"
        case keySet = "jwks"
        case savedAt = "saved_at"
    }
}

extension ProviderCache: CustomStringConvertible {
    /// The issuer, sizes and time (the documents are public, but long).
    public var description: String {
        "ProviderCache(\(issuer), discovery: \(discoveryDocument.utf8.count) bytes, jwks: "
            + (keySet.map { "\($0.utf8.count) bytes" } ?? "none") + ", saved at \(savedAt))"
    }
}
