// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// Why a web authentication session ended without a callback, with the codes and domain of Apple's
/// `ASWebAuthenticationSessionError`.
///
/// ```swift
/// catch let error as WebAuthenticationSessionError where error.code == .canceledLogin { … }
/// WebAuthenticationSessionError.errorDomain   // "com.apple.AuthenticationServices.WebAuthenticationSession"
/// ```
public struct WebAuthenticationSessionError: Error, Hashable, Codable, Sendable {
    /// Apple's `ASWebAuthenticationSessionError.Code`.
    public enum Code: Int, Codable, Sendable, CaseIterable {
        /// The user closed the browser, or the app called `cancel()`, before a callback arrived.
        case canceledLogin = 1
        /// The session was started without a presentation context provider.
        case presentationContextNotProvided = 2
        /// The presentation context could not present the browser (no window, or a window not shown).
        case presentationContextInvalid = 3
    }

    /// Apple's error domain for these codes.
    public static let errorDomain = "com.apple.AuthenticationServices.WebAuthenticationSession"

    /// The code.
    public let code: Code
    /// What went wrong, in words, when known.
    public let reason: String?

    public init(_ code: Code, reason: String? = nil) {
        self.code = code
        self.reason = reason
    }
}

extension WebAuthenticationSessionError: CustomStringConvertible {
    /// What happened in words, then the reason when known, then Apple's domain and code for searching:
    /// `the login was canceled: the user closed the browser (com.apple.AuthenticationServices.WebAuthenticationSession error 1, canceledLogin)`.
    /// It reads the same on every platform; the domain is a label, not a claim that Apple's framework ran.
    public var description: String {
        let summary =
            switch code {
            case .canceledLogin: "the login was canceled (the user closed the browser, or the app called cancel())"
            case .presentationContextNotProvided:
                "the session has no presentation context provider; set presentationContextProvider before start()"
            case .presentationContextInvalid: "the presentation context could not show the browser (no window, or one not on screen)"
            }
        return summary + (reason.map { ": \($0)" } ?? "") + " (\(Self.errorDomain) error \(code.rawValue), \(code))"
    }
}
