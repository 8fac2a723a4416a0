// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthCallback
public import Foundation

/// `error.localizedDescription` reads as the error's `AuthCallbackError.description` on Apple platforms and on Linux,
/// instead of "The operation could not be completed. (AuthCallback.AuthCallbackError error N.)".
extension AuthCallbackError: LocalizedError {
    public var errorDescription: String? { description }

    public var recoverySuggestion: String? {
        switch self {
        case .stateMismatch, .missingState: "Start a new login; a response from an earlier or another login is never accepted."
        case .responseInFragment: "Ask for response_mode=query, or read the parameters from the fragment."
        case .callbackMismatch: "The redirect must match the configured redirect URI (scheme, host, port and path)."
        case .missingIssuer, .issuerMismatch, .errorResponseWithoutIssuer:
            "Check the configured issuer: the response must name the provider the login was started with (RFC 9207)."
        default: nil
        }
    }
}
