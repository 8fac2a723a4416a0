// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a ``LoopbackUserAgent`` does when no browser can be started (a server, a container, an SSH session):
/// by default it shows the URL and keeps waiting, so the user can open it in a browser anywhere — on this
/// machine or another one that can reach the loopback port (RFC 8252 §7.3; what `gh`, `gcloud` and
/// `authflow login` do).
///
/// ```swift
/// let agent = LoopbackUserAgent(listener: listener, browserUnavailable: .fail)   // throw instead
/// let agent = LoopbackUserAgent(listener: listener, browserUnavailable: .custom { url, _ in show(url) })
/// ```
///
/// The URL holds the request's `state`, `nonce` and PKCE challenge, never the verifier: showing it reveals
/// nothing the browser would not see.
public struct BrowserFallback: Sendable {
    let handle: @Sendable (_ url: String, _ reason: AuthSessionError) throws(AuthSessionError) -> Void

    init(_ handle: @escaping @Sendable (_ url: String, _ reason: AuthSessionError) throws(AuthSessionError) -> Void) {
        self.handle = handle
    }

    /// Writes why the browser did not open and the URL to standard error, then keeps waiting for the redirect.
    public static let printURL = BrowserFallback { url, reason in
        let why: String
        if case .userAgentFailed(let text) = reason { why = text } else { why = "\(reason)" }
        let text = "No browser could be opened (\(why)).\nOpen this URL in a browser to sign in:\n\n  \(url)\n\n"
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }  // standard error, unbuffered
    }

    /// Throws the reason: the session fails with ``AuthSessionError/userAgentFailed(_:)`` at once.
    public static let fail = BrowserFallback { _, reason throws(AuthSessionError) in throw reason }

    /// Calls `show` with the URL and the reason, then keeps waiting for the redirect.
    public static func custom(_ show: @escaping @Sendable (_ url: String, _ reason: AuthSessionError) -> Void) -> BrowserFallback {
        BrowserFallback { url, reason in show(url, reason) }
    }
}
