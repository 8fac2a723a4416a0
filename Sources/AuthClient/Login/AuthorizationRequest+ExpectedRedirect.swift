// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthPKCE
public import AuthSession

extension AuthorizationRequest {
    /// The redirect that completes this login, for the user agent: this request's `state` (RFC 6749 §4.1.1)
    /// and whether its response mode is a JWT one (JARM).
    ///
    /// A request object (RFC 9101) or a pushed request (RFC 9126) keeps `state` out of ``url``, so a
    /// `LoopbackUserAgent` that read the URL alone would take any request on its callback path as the
    /// response. ``AuthClient/login(with:options:using:)`` sets it on its session; an app that runs its own
    /// `AuthenticationSession` sets it too:
    ///
    /// ```swift
    /// let session = AuthenticationSession(url: request.url, callback: request.callback, userAgent: agent)
    /// session.expectedRedirect = request.expectedRedirect
    /// ```
    public var expectedRedirect: ExpectedRedirect {
        ExpectedRedirect(state: state.value, isResponseJWT: options.responseMode?.isJWT ?? false)
    }
}
