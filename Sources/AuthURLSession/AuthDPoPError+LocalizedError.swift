// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthDPoP
public import Foundation

/// `error.localizedDescription` reads as the error's `AuthDPoPError.description` on Apple platforms and on Linux,
/// instead of "The operation could not be completed. (AuthDPoP.AuthDPoPError error N.)".
extension AuthDPoPError: LocalizedError {
    public var errorDescription: String? { description }
}
