// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthCredentials
public import Foundation

/// `error.localizedDescription` reads as the error's `WebAuthenticationSessionError.description` on Apple platforms and on Linux,
/// instead of "The operation could not be completed. (AuthCredentials.WebAuthenticationSessionError error N.)".
extension WebAuthenticationSessionError: LocalizedError {
    public var errorDescription: String? { description }

    public var recoverySuggestion: String? {
        switch code {
        case .canceledLogin: nil
        case .presentationContextNotProvided: "Set the session's presentationContextProvider before calling start()."
        case .presentationContextInvalid: "Present the session from a window that is on screen."
        }
    }
}
