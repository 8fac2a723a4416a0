// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthCredentials
public import Foundation

/// `error.localizedDescription` reads as the error's `AuthCredentialsError.description` on Apple platforms and on Linux,
/// instead of "The operation could not be completed. (AuthCredentials.AuthCredentialsError error N.)".
extension AuthCredentialsError: LocalizedError {
    public var errorDescription: String? { description }

    public var recoverySuggestion: String? {
        switch self {
        case .storeExposed: "Restrict the file to its owner (chmod 600), or remove it and sign in again."
        case .storeIsSymbolicLink: "Replace the link with the file itself, or use another path."
        case .storeIsNotAFile: "Move what is at the path away, or use another path."
        case .corruptStore: "Move or remove the file; the next sign-in writes a new store."
        case .keychainFailure(_, let status) where status == -34018:
            "Add the access group to the app's keychain-access-groups entitlement, or use the default group."
        case .keychainFailure(_, let status) where status == -25308: "Try again once the device has been unlocked."
        case .storeLockTimedOut: "Try again; if it keeps happening, look for a process holding the lock file (fuser, lsof)."
        case .corruptKeychainItem: "Delete the item (SecItemDelete on its service); the next sign-in writes a new one."
        default: nil
        }
    }
}
