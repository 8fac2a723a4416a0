// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthCallback
public import Foundation

extension URL {
    /// Foundation's `URL` for an AuthFlow `URI`, from its exact text; nil when Foundation cannot read it.
    ///
    /// ```swift
    /// let request = try client.authorizationRequest(using: &generator)
    /// let url = URL(request.url)          // for ASWebAuthenticationSession, UIApplication.open, …
    /// ```
    ///
    /// The text is passed as it is (RFC 3986 §3): nothing is re-encoded, so `URI(URL(uri)!) == uri`.
    /// Foundation is stricter than `URI` about some characters; then the answer is nil, not a guess.
    public init?(_ uri: URI) {
        self.init(string: uri.text)
    }
}

extension URI {
    /// An AuthFlow `URI` for Foundation's `URL`, from its `absoluteString`, checked as `URI(parsing:)` checks
    /// any text (RFC 3986 §3).
    ///
    /// ```swift
    /// func application(_ app: UIApplication, open url: URL, options: …) -> Bool {
    ///     guard let uri = try? URI(url) else { return false }
    ///     …
    /// }
    /// ```
    public init(_ url: URL) throws(AuthCallbackError) {
        try self.init(parsing: url.absoluteString)
    }
}
