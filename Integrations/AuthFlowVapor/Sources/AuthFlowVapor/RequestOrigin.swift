// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import Vapor

/// Where the absolute URL of a request comes from: the URL a DPoP proof's `htu` must name (RFC 9449 §4.3
/// check 9) and the resource the request is for.
///
/// A server behind a load balancer or a TLS-terminating proxy does not see the URL its clients used, and the
/// request's `Host` header is the client's to choose: building `htu` from it would accept a proof made
/// for another host. So the scheme and authority come from configuration, or from the forwarded headers of
/// a proxy you trust; the path and query are the request's own.
///
/// ```swift
/// let origin = RequestOrigin.fixed("https://api.example.com")
/// origin.url(for: request)   // "https://api.example.com/orders?page=2"
/// ```
///
/// Not checked: that a forwarded header really came from your proxy — use `trustingForwardedHeaders`
/// only when the proxy sets them on every request.
public struct RequestOrigin: Sendable, Hashable {
    enum Source: Sendable, Hashable {
        case fixed(String)
        case forwarded(fallback: String)
    }

    let source: Source

    /// The scheme and authority clients use, such as `"https://api.example.com"` (no trailing slash);
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
        var target = request.url.path.isEmpty ? "/" : request.url.path
        if let query = request.url.query { target += "?" + query }
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

    private static func lastValue(of name: String, in headers: HTTPHeaders) -> String? {
        let values = headers[name].flatMap { $0.split(separator: ",") }
        guard let last = values.last?.trimmingCharacters(in: .whitespaces), !last.isEmpty else { return nil }
        return last
    }
}
