// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// The little URL handling a resource server needs: the https rule, and well-known URIs (RFC 8615)
/// inserted between the authority and the path, as RFC 8414 §3.1 and RFC 9728 §3.1 do.
enum WebURL {
    static let loopbackHosts = ["127.0.0.1", "[::1]", "localhost"]

    /// `scheme://authority` and the rest (path and query, fragment removed), or nil when `url` is not an
    /// absolute http(s) URL with a host.
    static func split(_ url: String) -> (scheme: String, authority: String, pathAndQuery: String)? {
        guard let colon = url.firstIndex(of: ":"), url[colon...].hasPrefix("://") else { return nil }
        let scheme = url[..<colon].lowercased()
        guard scheme == "https" || scheme == "http" else { return nil }
        var rest = url[url.index(colon, offsetBy: 3)...]
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
        let authority = String(rest[..<authorityEnd])
        guard !authority.isEmpty, !authority.contains("@") else { return nil }
        return (scheme, authority, String(rest[authorityEnd...]))
    }

    /// The host of an authority, lowercased, without the port (`[::1]` keeps its brackets).
    static func host(ofAuthority authority: String) -> String {
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
            return String(authority[...close]).lowercased()
        }
        return String(authority.prefix { $0 != ":" }).lowercased()
    }

    /// Whether `url` is https with a host, or http to a loopback host when `allowsInsecureLoopback`.
    static func isSecure(_ url: String, allowsInsecureLoopback: Bool) -> Bool {
        guard let parts = split(url) else { return false }
        if parts.scheme == "https" { return true }
        return allowsInsecureLoopback && loopbackHosts.contains(host(ofAuthority: parts.authority))
    }

    /// `url` with `/.well-known/<name>` inserted after the authority; a lone `/` path is dropped first.
    static func wellKnown(_ name: String, insertedInto url: String) -> String? {
        guard let parts = split(url) else { return nil }
        return "\(parts.scheme)://\(parts.authority)" + wellKnownPath(name, pathAndQuery: parts.pathAndQuery)
    }

    /// `/.well-known/<name>` followed by the path and query, without a terminating `/` (RFC 9728 §3.1).
    static func wellKnownPath(_ name: String, pathAndQuery: String) -> String {
        var rest = Substring(pathAndQuery)
        if rest.hasPrefix("/?") || rest == "/" { rest = rest.dropFirst() }
        if rest.hasSuffix("/") { rest = rest.dropLast() }
        return "/.well-known/" + name + rest
    }
}
