// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import HTTPTypes
public import Hummingbird

/// Where the absolute URL of a request comes from: the URL a DPoP proof's `htu` must name (RFC 9449 §4.3
/// check 9) and the resource the request is for.
///
/// A server behind a load balancer or a TLS-terminating proxy does not see the URL its clients used: its
/// own socket is `http://10.0.0.7:8080`, the client called `https://mcp.example.com`. And the request's
/// `Host` header is the client's to choose: building `htu` from it would accept a proof made for another
/// host. So the scheme and authority come from configuration, or from the forwarded headers of a proxy you
/// trust; the path and query are the request's own.
///
/// ```swift
/// let origin = RequestOrigin.fixed("https://mcp.example.com")
/// origin.url(for: request)   // "https://mcp.example.com/mcp"
/// ```
///
/// Checked: nothing here; the URL is compared with `htu` by `ResourceServer.authenticate` after RFC 3986
/// normalization. Not checked: that a forwarded header really came from your proxy — use
/// `trustingForwardedHeaders` only when the proxy overwrites or appends them on every request.
public struct RequestOrigin: Sendable, Hashable {
    enum Source: Sendable, Hashable {
        case fixed(String)
        case forwarded(fallback: String)
    }

    let source: Source

    /// The scheme and authority clients use, such as `"https://mcp.example.com"` (no trailing slash);
    /// usually the origin of your resource identifier. The safe default.
    public static func fixed(_ origin: String) -> RequestOrigin {
        RequestOrigin(source: .fixed(Self.trimmed(origin)))
    }

    /// The scheme from the last `X-Forwarded-Proto` value and the host from the last `X-Forwarded-Host`
    /// value — the ones your proxy, the nearest hop, added — or `fallback`'s when a header is absent. Only
    /// behind exactly one proxy that sets both on every request: otherwise a client chooses its own `htu`.
    public static func trustingForwardedHeaders(fallback: String) -> RequestOrigin {
        RequestOrigin(source: .forwarded(fallback: Self.trimmed(fallback)))
    }

    /// The request's absolute URL: this origin, then the request's path and query as received.
    public func url(for request: Request) -> String {
        let target = request.uri.string.hasPrefix("/") ? request.uri.string : request.uri.path
        switch source {
        case .fixed(let origin):
            return origin + target
        case .forwarded(let fallback):
            let (fallbackScheme, fallbackHost) = Self.split(fallback)
            let scheme = Self.lastValue(of: "X-Forwarded-Proto", in: request.headers) ?? fallbackScheme
            let host = Self.lastValue(of: "X-Forwarded-Host", in: request.headers) ?? fallbackHost
            return scheme + "://" + host + target
        }
    }

    private static func trimmed(_ origin: String) -> String {
        origin.hasSuffix("/") ? String(origin.dropLast()) : origin
    }

    private static func split(_ origin: String) -> (scheme: String, host: String) {
        guard let range = origin.range(of: "://") else { return ("https", origin) }
        return (String(origin[..<range.lowerBound]), String(origin[range.upperBound...]))
    }

    private static func lastValue(of name: String, in fields: HTTPFields) -> String? {
        guard let name = HTTPField.Name(name) else { return nil }
        let values = fields[values: name].flatMap { $0.split(separator: ",") }
        guard let last = values.last else { return nil }
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        let leading = last.drop(while: isSpace)
        let value = String(leading.reversed().drop(while: isSpace).reversed())
        return value.isEmpty ? nil : value
    }
}
