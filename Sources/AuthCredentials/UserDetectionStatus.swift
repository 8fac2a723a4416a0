// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// How likely the user is a real person, as Apple's `ASUserDetectionStatus` reports it (the identity
/// token's `real_user_status` claim carries the same numbers).
///
/// ```swift
/// if credential.realUserStatus == .likelyReal { skipCaptcha() }
/// ```
public enum UserDetectionStatus: Int, Codable, Sendable, CaseIterable {
    /// Not supported on this platform or in this flow (web sign-ins report it too).
    case unsupported = 0
    /// Apple could not tell.
    case unknown = 1
    /// Apple is confident the user is a real person.
    case likelyReal = 2
}
