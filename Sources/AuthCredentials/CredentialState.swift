// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// The state of an Apple ID credential for your app, with the raw values of Apple's
/// `ASAuthorizationAppleIDProvider.CredentialState`.
///
/// ```swift
/// switch try await provider.credentialState(forUserID: user) {
/// case .authorized: break
/// case .revoked, .notFound: signOut()
/// case .transferred: migrateUser()
/// }
/// ```
public enum CredentialState: Int, Codable, Sendable, CaseIterable {
    /// The user stopped using Sign in with Apple for your app.
    case revoked = 0
    /// The user is signed in.
    case authorized = 1
    /// No credential for this user identifier.
    case notFound = 2
    /// The app was transferred to another team; the user identifier must be migrated.
    case transferred = 3
}
