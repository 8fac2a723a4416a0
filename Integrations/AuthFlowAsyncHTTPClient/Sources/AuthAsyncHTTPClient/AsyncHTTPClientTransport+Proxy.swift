// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AsyncHTTPClient
import AuthCallback
public import AuthClient

extension AsyncHTTPClientTransport {
    /// The proxies requests go through, by the scheme of the request's URL, and the hosts that go direct:
    /// what curl (and so `URLSessionTransport` on Linux) reads from `https_proxy`, `http_proxy` and `no_proxy`.
    /// AsyncHTTPClient reads no environment variable itself.
    ///
    /// ```swift
    /// var configuration = AsyncHTTPClientTransport.Configuration()
    /// configuration.proxies = try .environment { getenv($0).map { String(cString: $0) } }
    /// // or: .init(https: .init(host: "proxy.corp.example", port: 3128), noProxy: ["localhost", ".corp.example"])
    /// let transport = try AsyncHTTPClientTransport(configuration: configuration)
    /// ```
    ///
    /// A request goes through an HTTP proxy as a tunnel (`CONNECT`, RFC 9110 §9.3.6), http and https alike
    /// (AsyncHTTPClient tunnels both): the proxy sees the host name and port, never the request, and an https
    /// server's certificate is verified end to end as without a proxy. A SOCKS5 proxy (`socks5://`) carries
    /// both too. Not supported: a proxy reached over TLS
    /// (`https://` proxy URLs are refused with a typed error), CIDR ranges and wildcards other than `*` in
    /// `no_proxy` (an address there is matched exactly).
    public struct ProxySettings: Sendable, Hashable, CustomStringConvertible {
        /// The proxy for `https` URLs; nil: those go direct.
        public var https: Server?
        /// The proxy for `http` URLs; nil: those go direct.
        public var http: Server?
        /// Hosts that go direct (`no_proxy`): `*` for all; a name matches itself and its subdomains (a
        /// leading dot is optional: `example.com` and `.example.com` both match `api.example.com`); an
        /// address matches exactly. A port in an entry is ignored. Compared without case.
        public var noProxy: [String]

        /// A proxy server: an HTTP proxy (CONNECT for https) or a SOCKS5 one, with optional Basic credentials
        /// for an HTTP proxy (`Proxy-Authorization`). The password appears in no description.
        public struct Server: Sendable, Hashable, CustomStringConvertible {
            /// How the client talks to the proxy.
            public enum Kind: String, Sendable, Hashable {
                case http
                case socks5
            }

            public var kind: Kind
            public var host: String
            public var port: Int
            public var username: String?
            public var password: String?

            /// A proxy at `host:port`; `port` defaults to 1080, curl's default for a proxy URL without one.
            public init(kind: Kind = .http, host: String, port: Int = 1080, username: String? = nil, password: String? = nil) {
                self.kind = kind
                self.host = host
                self.port = port
                self.username = username
                self.password = password
            }

            /// `http://host:port` or `socks5://host:port`, with `user@` when there are credentials (never the
            /// password).
            public var description: String {
                "\(kind.rawValue)://\(username.map { "\($0)@" } ?? "")\(host.contains(":") ? "[\(host)]" : host):\(port)"
            }

            /// AsyncHTTPClient's proxy.
            var proxy: HTTPClient.Configuration.Proxy {
                switch kind {
                case .socks5: .socksServer(host: host, port: port)
                case .http:
                    .server(
                        host: host, port: port,
                        authorization: username.map { .basic(username: $0, password: password ?? "") })
                }
            }
        }

        public init(https: Server? = nil, http: Server? = nil, noProxy: [String] = []) {
            self.https = https
            self.http = http
            self.noProxy = noProxy
        }

        /// The settings curl takes from the environment: `https_proxy` (or `HTTPS_PROXY`) for https URLs,
        /// `http_proxy` for http URLs (not `HTTP_PROXY`, which a CGI program's request can set: "httpoxy"),
        /// `all_proxy` (or `ALL_PROXY`) for either when its own is unset, and `no_proxy` (or `NO_PROXY`),
        /// a comma-separated list. An empty variable counts as unset. A proxy URL is
        /// `[http://|socks5://|socks5h://][user[:password]@]host[:port]`; the port defaults to 1080.
        ///
        /// Throws ``AuthClientError/invalidConfiguration(_:)`` naming the variable (never its credentials) for
        /// a value that is not such a URL, or an `https://` proxy, which AsyncHTTPClient cannot reach.
        public static func environment(_ variable: (String) -> String?) throws(AuthClientError) -> ProxySettings {
            func value(_ names: String...) -> (name: String, value: String)? {
                for name in names {
                    if let value = variable(name), !value.isEmpty { return (name, value) }
                }
                return nil
            }
            func server(_ names: String...) throws(AuthClientError) -> Server? {
                for name in names {
                    if let text = variable(name), !text.isEmpty { return try Self.server(text, variable: name) }
                }
                return nil
            }
            let all = try server("all_proxy", "ALL_PROXY")
            let https = try server("https_proxy", "HTTPS_PROXY")
            let http = try server("http_proxy")
            let noProxy = value("no_proxy", "NO_PROXY")?.value.split(separator: ",").map { $0.trimmingSpaces } ?? []
            return ProxySettings(https: https ?? all, http: http ?? all, noProxy: noProxy.filter { !$0.isEmpty })
        }

        /// The proxy a request to `scheme://host` goes through; nil: direct.
        public func server(scheme: String, host: String) -> Server? {
            let server: Server? =
                switch scheme.lowercased() {
                case "https": https
                case "http": http
                default: nil
                }
            guard let server, !bypasses(host: host) else { return nil }
            return server
        }

        /// Whether `host` goes direct (``noProxy``).
        public func bypasses(host: String) -> Bool {
            let host = Self.bare(host).lowercased()
            for entry in noProxy {
                if entry == "*" { return true }
                var name = Self.bare(Self.withoutPort(entry)).lowercased()
                if name.hasPrefix(".") { name.removeFirst() }
                guard !name.isEmpty else { continue }
                if host == name || host.hasSuffix("." + name) { return true }
            }
            return false
        }

        /// `https: …, http: …, no_proxy: …`, without passwords.
        public var description: String {
            "https: \(https.map(\.description) ?? "direct"), http: \(http.map(\.description) ?? "direct"), no_proxy: \(noProxy)"
        }

        /// A proxy URL of the environment.
        static func server(_ text: String, variable: String) throws(AuthClientError) -> Server {
            let hasScheme = text.contains("://")
            let full = hasScheme ? text : "http://" + text
            guard let uri = try? URI(parsing: full), let host = uri.host, !host.isEmpty else {
                throw .invalidConfiguration("$\(variable) is not a proxy URL ([http://|socks5://][user:password@]host[:port])")
            }
            let kind: Server.Kind
            switch uri.scheme.lowercased() {
            case "http": kind = .http
            case "socks5", "socks5h": kind = .socks5
            case "https":
                throw .invalidConfiguration(
                    "$\(variable) names an https:// proxy, which AsyncHTTPClient cannot reach over TLS: use the proxy's http:// address")
            default:
                throw .invalidConfiguration("$\(variable): the proxy scheme '\(uri.scheme)' is not http://, socks5:// or socks5h://")
            }
            guard uri.path.isEmpty || uri.path == "/", uri.query == nil, uri.fragment == nil else {
                throw .invalidConfiguration("$\(variable) is a proxy URL with a path or query: only [scheme://][user:password@]host[:port]")
            }
            var username: String?
            var password: String?
            if let userinfo = uri.userinfo {
                let parts = userinfo.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
                username = decoded(String(parts[0]))
                password = parts.count > 1 ? decoded(String(parts[1])) : nil
            }
            return Server(kind: kind, host: bare(host), port: uri.port ?? 1080, username: username, password: password)
        }

        /// `%XX` decoded (a `+` stays a `+`: this is a URI's userinfo, not a form).
        private static func decoded(_ text: String) -> String {
            let escaped = text.replacingPlus
            return (try? FormParameter.parse(Array(("v=" + escaped).utf8)))?.first?.value ?? text
        }

        /// A host without the brackets of an IPv6 literal.
        private static func bare(_ host: String) -> String {
            host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        }

        /// A `no_proxy` entry without a `:port` (an IPv6 literal keeps its colons).
        private static func withoutPort(_ entry: String) -> String {
            if entry.hasPrefix("["), let close = entry.firstIndex(of: "]") { return String(entry[...close]) }
            let colons = entry.filter { $0 == ":" }.count
            guard colons == 1, let colon = entry.firstIndex(of: ":") else { return entry }
            return String(entry[..<colon])
        }
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs.
    fileprivate var trimmingSpaces: String {
        var text = Substring(self)
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return String(text)
    }

    /// `+` as `%2B`, so that a form decoder keeps it.
    fileprivate var replacingPlus: String {
        var result = ""
        for character in self { result += character == "+" ? "%2B" : String(character) }
        return result
    }
}
