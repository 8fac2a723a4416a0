// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// Well-known URLs made by inserting `/.well-known/<suffix>` between an https URL's host and its path
/// (RFC 8615; RFC 8414 §3.1; RFC 9728 §3.1), and OpenID Connect Discovery's appending (§4).
enum WellKnownURL {
    /// `url` split into `scheme://authority`, its path without a terminating slash, and `?query` (or "").
    /// Nil when `url` has no `://`. A fragment is dropped (it is never sent).
    static func split(_ url: String) -> (origin: String, path: String, query: String)? {
        var rest = Substring(url)
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        guard let colon = rest.firstIndex(of: ":"), rest[colon...].hasPrefix("://") else { return nil }
        let afterScheme = rest[rest.index(colon, offsetBy: 3)...]
        let authorityEnd = afterScheme.firstIndex { $0 == "/" || $0 == "?" } ?? afterScheme.endIndex
        let origin = String(rest[..<authorityEnd])
        let tail = afterScheme[authorityEnd...]
        let queryStart = tail.firstIndex(of: "?") ?? tail.endIndex
        var path = tail[..<queryStart]
        while path.hasSuffix("/") { path = path.dropLast() }
        return (origin, String(path), String(tail[queryStart...]))
    }

    /// `origin/.well-known/<suffix><path><query>`: the RFC 8414 §3.1 / RFC 9728 §3.1 insertion.
    static func inserting(_ suffix: String, into url: String) -> String? {
        guard let parts = split(url) else { return nil }
        return parts.origin + "/.well-known/" + suffix + parts.path + parts.query
    }

    /// `url/.well-known/<suffix>` after removing a terminating slash: OpenID Connect Discovery §4.
    static func appending(_ suffix: String, to url: String) -> String? {
        guard let parts = split(url), parts.query.isEmpty else { return nil }
        return parts.origin + parts.path + "/.well-known/" + suffix
    }
}
