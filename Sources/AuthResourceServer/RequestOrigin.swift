// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// Where the absolute URL of a request comes from: the URL a DPoP proof's `htu` must name (RFC 9449 §4.3
/// check 9) and the resource the request is for. The web framework integrations (Hummingbird, Vapor) take
/// one and give it each request's target and header fields.
///
/// A server behind a load balancer or a TLS-terminating proxy does not see the URL its clients used: its
/// own socket is `http://10.0.0.7:8080`, the client called `https://mcp.example.com`. And the request's
/// `Host` header is the client's to choose: building `htu` from it would accept a proof made for another
/// host. So the scheme and authority come from configuration, or from the forwarded headers of a proxy you
/// trust; the path and query are the request's own.
///
/// ```swift
/// let origin = RequestOrigin.fixed("https://mcp.example.com")
/// origin.url(target: "/mcp?session=1", headerValues: { _ in [] })   // "https://mcp.example.com/mcp?session=1"
/// ```
///
/// Checked: nothing here; the URL is compared with `htu` by ``ResourceServer/authenticate(_:requiring:userAuthentication:)``
/// after RFC 3986 normalization. Not checked: that a forwarded header really came from your proxy — use
/// ``trustingForwardedHeaders(fallback:)`` only when the proxy overwrites or appends them on every request.
public struct RequestOrigin: Sendable, Hashable {
    enum Source: Sendable, Hashable {
        case fixed(String)
        case forwarded(fallback: String)
    }

    let source: Source

    /// The scheme and authority clients use, such as `"https://mcp.example.com"` (a trailing slash is
    /// dropped); usually the origin of your resource identifier. The safe default.
    public static func fixed(_ origin: String) -> RequestOrigin {
        RequestOrigin(source: .fixed(Self.trimmed(origin)))
    }

    /// The scheme from the last `X-Forwarded-Proto` value and the host from the last `X-Forwarded-Host`
    /// value — the ones your proxy, the nearest hop, added — or `fallback`'s when a header is absent. Only
    /// behind exactly one proxy that sets both on every request: otherwise a client chooses its own `htu`.
    public static func trustingForwardedHeaders(fallback: String) -> RequestOrigin {
        RequestOrigin(source: .forwarded(fallback: Self.trimmed(fallback)))
    }

    /// The request's absolute URL: this origin, then `target`, the request's path and query as received
    /// (`"/"` when empty). `headerValues` gives the values of a header field by name, in order (read only
    /// for ``trustingForwardedHeaders(fallback:)``).
    public func url(target: String, headerValues: (String) -> [String]) -> String {
        let target = target.isEmpty ? "/" : target
        switch source {
        case .fixed(let origin):
            return origin + target
        case .forwarded(let fallback):
            let (fallbackScheme, fallbackHost) = Self.split(fallback)
            let scheme = Self.lastValue(headerValues("X-Forwarded-Proto")) ?? fallbackScheme
            let host = Self.lastValue(headerValues("X-Forwarded-Host")) ?? fallbackHost
            return scheme + "://" + host + target
        }
    }

    private static func trimmed(_ origin: String) -> String {
        origin.hasSuffix("/") ? String(origin.dropLast()) : origin
    }

    private static func split(_ origin: String) -> (scheme: String, host: String) {
        let text = Array(origin.utf8)
        for index in text.indices where text[index...].starts(with: "://".utf8) {
            return (String(decoding: text[..<index], as: UTF8.self), String(decoding: text[(index + 3)...], as: UTF8.self))
        }
        return ("https", origin)
    }

    /// The last comma-separated value of `values`, without surrounding spaces and tabs; nil when empty.
    private static func lastValue(_ values: [String]) -> String? {
        guard let last = values.flatMap({ $0.split(separator: ",") }).last else { return nil }
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        let value = String(last.drop(while: isSpace).reversed().drop(while: isSpace).reversed())
        return value.isEmpty ? nil : value
    }
}
