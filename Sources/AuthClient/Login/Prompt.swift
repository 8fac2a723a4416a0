// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// A `prompt` value (OpenID Connect Core §3.1.2.1), open like `HTTPRequest.Method`.
///
/// ```swift
/// AuthorizationRequest.Options(prompt: [.login])          // re-authenticate even with a session
/// AuthorizationRequest.Options(prompt: [.selectAccount])  // let the user pick an account
/// ```
public struct Prompt: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// `none`: no UI; fails with `login_required` or `consent_required` if the user would need to act.
    public static let none = Prompt(rawValue: "none")
    /// `login`: ask the user to authenticate again.
    public static let login = Prompt(rawValue: "login")
    /// `consent`: ask for consent again.
    public static let consent = Prompt(rawValue: "consent")
    /// `select_account`: let the user choose among accounts.
    public static let selectAccount = Prompt(rawValue: "select_account")
}
