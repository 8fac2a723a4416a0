// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// The title of a Sign in with Apple button, with the raw values of Apple's
/// `ASAuthorizationAppleIDButton.ButtonType`.
///
/// ```swift
/// ButtonType.continue.title   // "Continue with Apple"
/// ButtonType.default          // .signIn, as in Apple's API
/// ```
public enum ButtonType: Int, Sendable, CaseIterable, Codable {
    /// "Sign in with Apple".
    case signIn = 0
    /// "Continue with Apple".
    case `continue` = 1
    /// "Sign up with Apple" (iOS 13.2, macOS 10.15.1, tvOS 13.1 and later).
    case signUp = 2

    /// Apple's `.default`, which is ``signIn``.
    public static let `default` = ButtonType.signIn

    /// The English title Apple's button shows (the system localizes it).
    public var title: String {
        switch self {
        case .signIn: "Sign in with Apple"
        case .continue: "Continue with Apple"
        case .signUp: "Sign up with Apple"
        }
    }

    /// The name used on the command line and in JSON: `signIn`, `continue`, `signUp`.
    public var name: String {
        switch self {
        case .signIn: "signIn"
        case .continue: "continue"
        case .signUp: "signUp"
        }
    }
}
