// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// What a stored session belongs to: the authorization server that issued its tokens, the client they were
/// issued to, and the resources (RFC 8707) they were asked for. Every record a ``CredentialStore`` keeps for
/// a client is keyed by this identity plus the account (the subject, where the provider names one), so a
/// store shared by several issuers, clients or MCP servers never hands one grant's tokens to another.
///
/// ```swift
/// let grant = GrantIdentity(issuer: "https://login.example.com", clientID: "my-app")
/// let mcp = GrantIdentity(issuer: "https://auth.example.com", clientID: "agent-42",
///                         resources: ["https://mcp.example.com/mcp"])
/// let stored = try await store.lastCredential(for: grant)   // never a record of `mcp`
/// ```
///
/// Why not the subject alone: `sub` is unique only within one issuer (OpenID Connect Core §2) and is not a
/// secret, so an authorization server that issues a victim's `sub` must not find the victim's refresh
/// token. Identifiers are compared exactly, byte for byte (RFC 8414 §3.3, OpenID Connect Discovery §4.3:
/// the issuer is compared as a string); the resources are kept sorted and without duplicates, so the order
/// in which a configuration lists them does not matter.
public struct GrantIdentity: Hashable, Codable, Sendable {
    /// The issuer identifier of the authorization server (RFC 8414 §2), exactly as configured.
    public let issuer: String
    /// The client identifier the tokens were issued to (RFC 6749 §2.2).
    public let clientID: String
    /// The resource indicators (RFC 8707 §2) the grant was asked for, sorted; empty for none.
    public let resources: [String]

    /// The identity of the grant of `clientID` at `issuer` for `resources` (any order; duplicates dropped).
    public init(issuer: String, clientID: String, resources: [String] = []) {
        self.issuer = issuer
        self.clientID = clientID
        self.resources = Array(Set(resources)).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// Whether `other` names the same grant, comparing every identifier as UTF-8 bytes (no Unicode
    /// equivalence: `é` and `e` + combining accent are different issuers).
    func isSame(as other: GrantIdentity) -> Bool {
        issuer.utf8.elementsEqual(other.issuer.utf8) && clientID.utf8.elementsEqual(other.clientID.utf8)
            && resources.count == other.resources.count
            && zip(resources, other.resources).allSatisfy { $0.utf8.elementsEqual($1.utf8) }
    }

    private enum CodingKeys: String, CodingKey {
        case issuer
        case clientID = "client_id"
        case resources
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            issuer: try container.decode(String.self, forKey: .issuer), clientID: try container.decode(String.self, forKey: .clientID),
            resources: try container.decodeIfPresent([String].self, forKey: .resources) ?? [])
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(issuer, forKey: .issuer)
        try container.encode(clientID, forKey: .clientID)
        if !resources.isEmpty { try container.encode(resources, forKey: .resources) }
    }
}

extension GrantIdentity: CustomStringConvertible {
    /// For example `https://login.example.com client my-app resource https://api.example.com/`. Nothing
    /// here is secret: issuer, client id and resources are public identifiers.
    public var description: String {
        "\(issuer) client \(clientID)" + resources.map { " resource \($0)" }.joined()
    }
}
