// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback

/// What `AppleWebAuthenticationUserAgent` asks of `ASWebAuthenticationSession` for a request, decided
/// before anything is shown, so that a request the system session cannot serve fails with a clear error
/// instead of a sheet that never completes or headers that are silently left out. Portable (no
/// AuthenticationServices), so that the decision is tested on every platform.
struct AppleSessionPlan: Equatable {
    /// How the system session recognises the callback.
    enum Callback: Equatable {
        /// `callbackURLScheme:` (any system) or `ASWebAuthenticationSession.Callback.customScheme(_:)`.
        case customScheme(String)
        /// `ASWebAuthenticationSession.Callback.https(host:path:)` (iOS 17.4, macOS 14.4, visionOS 1.1).
        case https(host: String, path: String)
    }

    let callback: Callback
    /// For `additionalHeaderFields` (iOS 17.4, macOS 14.4, visionOS 1.1); empty below.
    let additionalHeaderFields: [String: String]

    /// - Parameter callbackAPI: whether the system has `ASWebAuthenticationSession.Callback` and
    ///   `additionalHeaderFields` (iOS 17.4, macOS 14.4, visionOS 1.1).
    /// - Throws: ``AuthSessionError/userAgentFailed(_:)`` for a loopback callback (the system session has no
    ///   loopback matching; use ``LoopbackUserAgent``), and below those systems for an https callback or
    ///   additional header fields (the old initializer takes only a custom scheme and sends no headers).
    init(_ request: UserAgentRequest, callbackAPI: Bool) throws(AuthSessionError) {
        if let scheme = request.callback.customSchemeName {
            callback = .customScheme(scheme)
        } else if let https = request.callback.httpsHostAndPath {
            guard callbackAPI else {
                throw .userAgentFailed("ASWebAuthenticationSession completes on an https callback from iOS 17.4 and macOS 14.4 only")
            }
            callback = .https(host: https.host, path: https.path)
        } else {
            throw .userAgentFailed("ASWebAuthenticationSession cannot complete on a loopback callback; use LoopbackUserAgent")
        }
        guard callbackAPI || request.additionalHeaderFields.isEmpty else {
            throw .userAgentFailed("ASWebAuthenticationSession sends additional header fields from iOS 17.4 and macOS 14.4 only")
        }
        additionalHeaderFields = callbackAPI ? request.additionalHeaderFields : [:]
    }
}
