// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthCallback

/// What a user agent delivers when the authorization server sends the browser to the callback: the
/// redirect URI and, for `response_mode=form_post`, the POST body.
///
/// ```swift
/// let redirect = try await session.authenticate()
/// let response = try AuthorizationResponse(callback: redirect.callbackURL, expecting: expected)
/// ```
public struct Redirect: Hashable, Sendable {
    /// The URI the browser was sent to (Apple's `callbackURL`), with its query and fragment.
    public let callbackURL: URI
    /// The form body of a `form_post` response (`application/x-www-form-urlencoded`), if the server POSTed.
    public let formBody: [UInt8]?

    public init(callbackURL: URI, formBody: [UInt8]? = nil) {
        self.callbackURL = callbackURL
        self.formBody = formBody
    }
}

extension Redirect: CustomStringConvertible {
    /// The URI with its query, fragment and body redacted (they carry codes and tokens).
    public var description: String {
        "Redirect(\(callbackURL)\(formBody.map { ", form body: \($0.count) bytes" } ?? ""))"
    }
}
