// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback

/// The transport-security rule for the issuer and every endpoint: https, or plain http to a loopback
/// address only when the configuration explicitly allows it (OpenID Connect Discovery §3, RFC 8252 §8.3).
enum SecureURL {
    static let loopbackHosts = ["127.0.0.1", "[::1]", "localhost"]

    /// Parses `text` and checks it is an absolute https URL with a host (or loopback http, if allowed).
    @discardableResult
    static func check(_ text: String, name: String, allowsInsecureLoopback: Bool) throws(AuthClientError) -> URI {
        let uri: URI
        do {
            uri = try URI(parsing: text)
        } catch {
            throw .insecureURL(name: name, url: text)
        }
        guard let host = uri.host, !host.isEmpty else { throw .insecureURL(name: name, url: text) }
        switch uri.scheme.lowercased() {
        case "https":
            return uri
        case "http" where allowsInsecureLoopback && loopbackHosts.contains(host.lowercased()):
            return uri
        default:
            throw .insecureURL(name: name, url: text)
        }
    }

    /// `url` with `parameters` appended to its query.
    static func appending(_ parameters: [FormParameter], to url: String) -> String {
        guard !parameters.isEmpty else { return url }
        let separator = url.utf8.contains(UInt8(ascii: "?")) ? "&" : "?"
        return url + separator + FormParameter.encode(parameters)
    }
}

extension SecureURL {
    /// `url` up to its first `?` or `#`: queries and fragments carry codes, states and tokens.
    static func withoutQuery(_ url: String) -> String {
        String(url[..<(url.firstIndex { $0 == "?" || $0 == "#" } ?? url.endIndex)])
    }
}
