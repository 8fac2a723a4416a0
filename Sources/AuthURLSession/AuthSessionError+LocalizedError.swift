// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthCredentials
public import AuthSession
public import Foundation

/// `error.localizedDescription` reads as the error's `AuthSessionError.description` on Apple platforms and on Linux,
/// instead of "The operation could not be completed. (AuthSession.AuthSessionError error N.)".
extension AuthSessionError: LocalizedError {
    public var errorDescription: String? { description }

    public var failureReason: String? {
        switch self {
        case .webAuthenticationSession(let error): error.description
        case .invalidRedirect(let error): error.description
        default: nil
        }
    }

    public var recoverySuggestion: String? {
        switch self {
        case .webAuthenticationSession(let error): error.recoverySuggestion
        case .timedOut: "Complete the login in the browser in time, or start again."
        case .unverifiedErrorResponse:
            "The provider may have refused the login (the error came without the login's state, so it is not verified): start again."
        case .alreadyStarted: "Make a new session for each login."
        default: nil
        }
    }
}
