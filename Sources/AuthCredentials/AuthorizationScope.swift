// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// What a Sign in with Apple request asks to share, with the raw values of Apple's `ASAuthorization.Scope`
/// (an open set, like Apple's).
///
/// ```swift
/// request.requestedScopes = [.fullName, .email]
/// AuthorizationScope.fullName.webValue   // "name", as the web authorize endpoint spells it
/// ```
public struct AuthorizationScope: RawRepresentable, Hashable, Codable, Sendable {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The user's name (`ASAuthorization.Scope.fullName`, raw value `full_name`).
    public static let fullName = AuthorizationScope(rawValue: "full_name")
    /// The user's email address or private relay address (`ASAuthorization.Scope.email`).
    public static let email = AuthorizationScope(rawValue: "email")

    /// The scope as Apple's web authorize endpoint takes it: `name` for ``fullName``, the raw value otherwise.
    public var webValue: String { self == .fullName ? "name" : rawValue }
}
