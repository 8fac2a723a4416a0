// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// An OAuth error response from the authorization endpoint (RFC 6749 §4.1.2.1) or the token endpoint
/// (§5.2).
///
/// ```swift
/// catch AuthCallbackError.errorResponse(let response) {
///     response.error == .accessDenied    // the user pressed Cancel
///     response.errorDescription          // "The user said \"no\"\n" arrives as "The user said \"no\"\\n"
///     response.isConforming              // false: quotes and a line feed are outside §4.1.2.1's set
/// }
/// ```
///
/// The `error` code is kept exactly as sent, like AppAuth does, so that codes from newer specifications
/// survive. `state` is not part of the description.
///
/// RFC 6749 limits `error`, `error_description` and `error_uri` to %x20-21 / %x23-5B / %x5D-7E, but real
/// providers send quotes, backslashes, UTF-8 and line breaks. Such a response is still the error it
/// names: the text is kept, sanitised for display (control, invisible and bidirectional characters
/// escaped as `\n`, `\u{7}`, `\u{202e}`; a backslash as `\\`), and ``isConforming`` is false. So a
/// description can never forge a log line or reorder a terminal's text, and the user still learns why
/// the login ended.
public struct OAuthErrorResponse: Hashable, Sendable {
    /// `error`, exactly as sent (compare it with the constants of ``OAuthErrorCode``).
    public let error: OAuthErrorCode
    /// `error_description`: text for the developer, not for the user, sanitised for display.
    public let errorDescription: String?
    /// `error_uri`: a page about the error, sanitised for display.
    public let errorURI: String?
    /// Whether `error`, `error_description` and `error_uri` all kept to RFC 6749 §4.1.2.1's characters
    /// (%x20-21 / %x23-5B / %x5D-7E) as sent, before sanitising.
    public let isConforming: Bool

    /// Makes the response from the parameters as sent; the description and URI are sanitised for display
    /// and ``isConforming`` says whether they, and the code, kept to RFC 6749 §4.1.2.1's characters.
    public init(error: OAuthErrorCode, errorDescription: String? = nil, errorURI: String? = nil) {
        self.error = error
        isConforming = [error.rawValue, errorDescription, errorURI].allSatisfy { $0.map(DisplayText.conforms) ?? true }
        self.errorDescription = errorDescription.map(DisplayText.sanitized)
        self.errorURI = errorURI.map(DisplayText.sanitized)
    }

    public static func == (lhs: OAuthErrorResponse, rhs: OAuthErrorResponse) -> Bool {
        lhs.error == rhs.error && Self.same(lhs.errorDescription, rhs.errorDescription) && Self.same(lhs.errorURI, rhs.errorURI)
            && lhs.isConforming == rhs.isConforming
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(error)
        for byte in (errorDescription ?? "").utf8 { hasher.combine(byte) }
    }

    private static func same(_ lhs: String?, _ rhs: String?) -> Bool {
        switch (lhs, rhs) {
        case (nil, nil): true
        case (let l?, let r?): ExactText.equal(l, r)
        default: false
        }
    }
}

extension OAuthErrorResponse: CustomStringConvertible {
    /// The code and the description, both safe to print, marked when the server's text broke RFC 6749's
    /// character rules: `access_denied (The user said no)`.
    public var description: String {
        DisplayText.sanitized(error.rawValue) + (errorDescription.map { " (\($0))" } ?? "")
            + (isConforming ? "" : " [text outside RFC 6749 §4.1.2.1's characters, escaped]")
    }
}
