// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// An OAuth scope value (RFC 6749 §3.3), open like `HTTPRequest.Method`: the OpenID Connect ones are
/// constants (Core §5.4), any other is `Scope(rawValue:)`.
///
/// ```swift
/// let scopes: [Scope] = [.openID, .email, .offlineAccess, Scope(rawValue: "api:read")]
/// ```
public struct Scope: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// `openid`: makes the request an OpenID Connect request, with an ID token (Core §3.1.2.1).
    public static let openID = Scope(rawValue: "openid")
    /// `profile`: name, picture and other profile claims (Core §5.4).
    public static let profile = Scope(rawValue: "profile")
    /// `email`: `email` and `email_verified` (Core §5.4).
    public static let email = Scope(rawValue: "email")
    /// `address` (Core §5.4).
    public static let address = Scope(rawValue: "address")
    /// `phone` (Core §5.4).
    public static let phone = Scope(rawValue: "phone")
    /// `offline_access`: asks for a refresh token usable without the user present (Core §11).
    public static let offlineAccess = Scope(rawValue: "offline_access")

    /// The scope-token grammar of RFC 6749 §3.3: one or more of %x21 / %x23-5B / %x5D-7E.
    var isValid: Bool {
        !rawValue.isEmpty && rawValue.utf8.allSatisfy { $0 == 0x21 || (0x23...0x5B).contains($0) || (0x5D...0x7E).contains($0) }
    }
}
