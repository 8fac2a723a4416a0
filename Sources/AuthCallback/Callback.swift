// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// Which redirects complete a web authentication session, like Apple's
/// `ASWebAuthenticationSession.Callback` (RFC 8252 §7 lists the three kinds for native apps).
///
/// ```swift
/// let callback = try Callback.customScheme("com.example.app")          // com.example.app:/anything
/// let universal = try Callback.https(host: "example.com", path: "/auth") // https://example.com/auth
/// let desktop = try Callback.loopback(path: "/callback")                // http://127.0.0.1:PORT/callback
/// callback.matches(try URI(parsing: "com.example.app:/oauth2redirect?code=x"))   // true
/// ```
///
/// Matching rules: a custom scheme compares case-insensitively (RFC 3986 §3.1) and may not be `http` or
/// `https` (RFC 8252 §7.1). An https callback needs the exact host (case-insensitive), no port or 443, and
/// the exact path. A loopback callback needs `http`, the host `127.0.0.1` or `[::1]`, a port (any), and the
/// exact path (RFC 8252 §7.3); `localhost` is not accepted (§8.3). User information never matches.
public struct Callback: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        case customScheme(String)
        case https(host: String, path: String)
        case loopback(path: String)
    }

    let kind: Kind

    /// A private-use URI scheme such as `com.example.app` (RFC 8252 §7.1).
    public static func customScheme(_ scheme: String) throws(AuthCallbackError) -> Callback {
        let bytes = Array(scheme.utf8)
        guard let first = bytes.first, CharacterSet.isAlpha(first), bytes.allSatisfy(CharacterSet.isScheme) else {
            throw .invalidCustomScheme(scheme)
        }
        let lowered = Self.lowercased(scheme)
        guard lowered != "http", lowered != "https" else { throw .invalidCustomScheme(scheme) }
        return Callback(kind: .customScheme(lowered))
    }

    /// An https URL the app claims (a universal link, RFC 8252 §7.2).
    public static func https(host: String, path: String) throws(AuthCallbackError) -> Callback {
        guard !host.isEmpty, host.utf8.allSatisfy({ CharacterSet.has($0, .registeredName) }) else {
            throw .invalidCallback("'\(host)' is not a host name")
        }
        guard path.utf8.first == UInt8(ascii: "/"), path.utf8.allSatisfy({ CharacterSet.has($0, .path) }) else {
            throw .invalidCallback("the path must start with '/' and use URI path characters")
        }
        return Callback(kind: .https(host: Self.lowercased(host), path: path))
    }

    /// A loopback redirect for desktop and command-line apps (RFC 8252 §7.3).
    public static func loopback(path: String) throws(AuthCallbackError) -> Callback {
        guard path.utf8.first == UInt8(ascii: "/"), path.utf8.allSatisfy({ CharacterSet.has($0, .path) }) else {
            throw .invalidCallback("the path must start with '/' and use URI path characters")
        }
        return Callback(kind: .loopback(path: path))
    }

    /// Whether `uri` is a redirect this callback accepts.
    public func matches(_ uri: URI) -> Bool {
        guard uri.userinfo == nil else { return false }
        let scheme = Self.lowercased(uri.scheme)
        switch kind {
        case .customScheme(let expected):
            return scheme == expected
        case .https(let host, let path):
            return scheme == "https" && uri.host.map(Self.lowercased) == host && (uri.port == nil || uri.port == 443)
                && ExactText.equal(uri.path, path)
        case .loopback(let path):
            guard scheme == "http", uri.port != nil, let host = uri.host else { return false }
            return (host == "127.0.0.1" || host == "[::1]") && ExactText.equal(uri.path, path)
        }
    }

    /// Whether the text is a URI this callback accepts; false for text that is not a URI.
    public func matches(_ text: String) -> Bool {
        (try? URI(parsing: text)).map(matches) ?? false
    }

    /// The scheme of a custom-scheme callback, lowercased; nil for https and loopback callbacks.
    public var customSchemeName: String? {
        if case .customScheme(let scheme) = kind { return scheme }
        return nil
    }

    /// The host (lowercased) and path of an https callback; nil for custom-scheme and loopback callbacks.
    /// What Apple's `ASWebAuthenticationSession.Callback.https(host:path:)` takes.
    public var httpsHostAndPath: (host: String, path: String)? {
        if case .https(let host, let path) = kind { return (host, path) }
        return nil
    }

    static func lowercased(_ text: String) -> String {
        String(decoding: text.utf8.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
}
