// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
public import AuthSession

/// A `UserAgent` for code paths that must not open a browser: presenting throws
/// `AuthSessionError.userAgentFailed(_:)` naming the URL's host and where the double was made.
///
/// ```swift
/// let session = AuthenticationSession(url: url, callback: callback, userAgent: .unimplemented("resume must not log in"))
/// ```
public struct UnimplementedUserAgent: UserAgent {
    /// Why no browser was expected.
    public let reason: String
    private let origin: String

    public init(_ reason: String = "", file: StaticString = #fileID, line: UInt = #line) {
        self.reason = reason
        origin = "\(file):\(line)"
    }

    public var requiresPresentationContext: Bool { false }

    public func present(_ request: UserAgentRequest) async throws(AuthSessionError) -> Redirect {
        throw .userAgentFailed(
            "unimplemented UserAgent made at \(origin) was asked to open \(request.url.host ?? "a page")\(reason.isEmpty ? "" : " — \(reason)")"
        )
    }
}

extension UserAgent where Self == UnimplementedUserAgent {
    /// A user agent that fails loudly when used.
    public static func unimplemented(_ reason: String = "", file: StaticString = #fileID, line: UInt = #line) -> UnimplementedUserAgent {
        UnimplementedUserAgent(reason, file: file, line: line)
    }
}
