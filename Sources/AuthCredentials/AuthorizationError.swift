// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// Why an authorization request (Sign in with Apple) failed, with the codes and domain of Apple's
/// `ASAuthorizationError`, so that code written against Apple's API reads the same.
///
/// ```swift
/// do { … } catch let error as AuthorizationError where error.code == .canceled { /* the user closed it */ }
/// AuthorizationError.errorDomain   // "com.apple.AuthenticationServices.AuthorizationError"
/// ```
///
/// The raw values are Apple's (`ASAuthorizationError.h`) and never change.
public struct AuthorizationError: Error, Hashable, Codable, Sendable {
    /// Apple's `ASAuthorizationError.Code`.
    public enum Code: Int, Codable, Sendable, CaseIterable {
        /// The authorization attempt failed for an unknown reason.
        case unknown = 1000
        /// The user canceled the authorization attempt.
        case canceled = 1001
        /// The authorization request received an invalid response.
        case invalidResponse = 1002
        /// The authorization request wasn't handled.
        case notHandled = 1003
        /// The authorization attempt failed.
        case failed = 1004
        /// The authorization request isn't interactive (iOS 15, macOS 12).
        case notInteractive = 1005
        /// A passkey registration matched an excluded credential (iOS 18, macOS 15).
        case matchedExcludedCredential = 1006
        /// A credential import request failed (iOS 18.2, macOS 15.2).
        case credentialImport = 1007
        /// A credential export request failed (iOS 18.2, macOS 15.2).
        case credentialExport = 1008
        /// The user has a Sign in with Apple account they would rather use (iOS 26, macOS 26).
        case preferSignInWithApple = 1009
        /// The device is not set up to create passkeys (iOS 26, macOS 26).
        case deviceNotConfiguredForPasskeyCreation = 1010
    }

    /// Apple's error domain for these codes.
    public static let errorDomain = "com.apple.AuthenticationServices.AuthorizationError"

    /// The code.
    public let code: Code
    /// What went wrong, in words, when known (never a token or code).
    public let reason: String?

    public init(_ code: Code, reason: String? = nil) {
        self.code = code
        self.reason = reason
    }
}

extension AuthorizationError: CustomStringConvertible {
    /// What happened in words, then the reason when known, then Apple's domain and code for searching:
    /// `the user canceled the authorization request (com.apple.AuthenticationServices.AuthorizationError error 1001, canceled)`.
    public var description: String {
        let summary =
            switch code {
            case .unknown: "the authorization request failed for an unknown reason"
            case .canceled: "the user canceled the authorization request"
            case .invalidResponse: "the authorization request received an invalid response"
            case .notHandled: "the authorization request was not handled"
            case .failed: "the authorization request failed"
            case .notInteractive: "the authorization request needs the user, but was not allowed to be interactive"
            case .matchedExcludedCredential: "the passkey registration matched an excluded credential"
            case .credentialImport: "the credential import failed"
            case .credentialExport: "the credential export failed"
            case .preferSignInWithApple: "the user has a Sign in with Apple account they would rather use"
            case .deviceNotConfiguredForPasskeyCreation: "the device is not set up to create passkeys"
            }
        return summary + (reason.map { ": \($0)" } ?? "") + " (\(Self.errorDomain) error \(code.rawValue), \(code))"
    }
}
