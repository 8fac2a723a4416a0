// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// An Authentication Context Class Reference (`acr`, OpenID Connect Core §2): how strongly the user was
/// authenticated, in the provider's own vocabulary. Open like ``Prompt``: ask for one with
/// `LoginOptions(acrValues:)` (sent as `acr_values`, Core §3.1.2.1), read it from the ID token's `acr`.
///
/// ```swift
/// let options = LoginOptions(acrValues: [.init(rawValue: "urn:example:loa:high")])
/// let user = try await client.login(with: browser, options: options)   // acr checked against it
/// ```
///
/// The values are the provider's: `acr` values are not standardized beyond `"0"` (Core §2, no assurance).
/// RFC 9470 challenges name the values a resource needs (``AuthClientError/stepUpRequired(acrValues:maxAge:)``).
public struct AuthenticationContextClass: RawRepresentable, Hashable, Sendable, Codable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// `"0"`: the authentication did not meet ISO/IEC 29115 level 1 (Core §2), e.g. a long-lived cookie.
    public static let noAssurance = AuthenticationContextClass(rawValue: "0")

    /// Sent space-separated: not empty, no space and no control character.
    var isValid: Bool { !rawValue.isEmpty && rawValue.utf8.allSatisfy { $0 > 0x20 && $0 != 0x7F } }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
