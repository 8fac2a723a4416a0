// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthDigest
public import Foundation

/// `error.localizedDescription` reads as the error's `AuthDigestError.description` on Apple platforms and on Linux,
/// instead of "The operation could not be completed. (AuthDigest.AuthDigestError error N.)".
extension AuthDigestError: LocalizedError {
    public var errorDescription: String? { description }
}
