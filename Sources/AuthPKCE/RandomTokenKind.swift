// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// What a ``RandomToken`` is for: its name and the errors its validation reports.
///
/// AuthPKCE defines ``OAuthStateKind`` and ``OIDCNonceKind``.
public protocol RandomTokenKind: Sendable {
    /// The name shown in descriptions, such as `OAuthState`.
    static var typeName: String { get }
    /// The error for an empty value.
    static var emptyValueError: AuthPKCEError { get }
    /// The error for a character outside printable ASCII at `offset`.
    static func invalidCharacterError(offset: Int) -> AuthPKCEError
}
