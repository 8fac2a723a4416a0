// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// A `response_mode` value (OAuth 2.0 Multiple Response Type Encoding Practices §2.1, OAuth 2.0 Form Post
/// Response Mode, and JARM — the JWT Secured Authorization Response Mode — §2.3): how the provider returns
/// the authorization response.
///
/// ```swift
/// let user = try await client.login(with: browser, options: .init(responseMode: .jwt))
/// ```
///
/// The JWT modes (``isJWT``) make the provider put `code`, `state` (or `error`) and `iss`/`aud`/`exp` in
/// one signed JWT, sent as the `response` parameter — in the query (``queryJWT``, and ``jwt`` for the code
/// flow), the fragment (``fragmentJWT``) or a form POST (``formPostJWT``). The client verifies its
/// signature with the provider's keys, and its `iss`, `aud` and `exp`, before it reads any parameter.
public struct ResponseMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// `query`: the parameters in the redirect's query.
    public static let query = ResponseMode(rawValue: "query")
    /// `fragment`: the parameters in the redirect's fragment.
    public static let fragment = ResponseMode(rawValue: "fragment")
    /// `form_post`: the parameters in a POSTed form.
    public static let formPost = ResponseMode(rawValue: "form_post")
    /// `jwt` (JARM §2.3.4): a signed response in the default place of the response type — the query for `code`.
    public static let jwt = ResponseMode(rawValue: "jwt")
    /// `query.jwt` (JARM §2.3.1).
    public static let queryJWT = ResponseMode(rawValue: "query.jwt")
    /// `fragment.jwt` (JARM §2.3.2).
    public static let fragmentJWT = ResponseMode(rawValue: "fragment.jwt")
    /// `form_post.jwt` (JARM §2.3.3).
    public static let formPostJWT = ResponseMode(rawValue: "form_post.jwt")

    /// Whether the response comes as a signed JWT (JARM): `jwt` or a `….jwt` mode.
    public var isJWT: Bool { rawValue == "jwt" || rawValue.hasSuffix(".jwt") }
}
