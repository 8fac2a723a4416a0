// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthJWT
public import Foundation

/// `error.localizedDescription` reads as the error's `AuthJWTError.description` on Apple platforms and on Linux,
/// instead of "The operation could not be completed. (AuthJWT.AuthJWTError error N.)".
/// A clock hint goes to ``recoverySuggestion`` for the time checks, which fail on a device whose clock is off.
extension AuthJWTError: LocalizedError {
    public var errorDescription: String? { description }

    public var recoverySuggestion: String? {
        switch self {
        case .expired, .notYetValid, .issuedInFuture, .issuedTooLongAgo, .authenticationTooOld:
            "If the token was just issued, check that the device's date, time and time zone are set correctly."
        case .issuerMismatch: "Check the configured issuer: it must be the provider's issuer identifier exactly."
        case .audienceMismatch, .authorizedPartyMismatch: "Check the configured client id: the token is for another client."
        default: nil
        }
    }
}
