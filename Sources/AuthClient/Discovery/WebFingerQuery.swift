// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthJSON

/// The WebFinger query that finds a user's OpenID Provider (OpenID Connect Discovery 1.0 §2): the
/// identifier the user typed, normalized to a `resource`, and the `host` to ask.
///
/// ```swift
/// let query = try WebFingerQuery(normalizing: "joe@example.com")
/// query.resource   // "acct:joe@example.com"
/// query.url        // "https://example.com/.well-known/webfinger?resource=acct%3Ajoe%40example.com&rel=http%3A%2F%2F…"
/// let issuer = try query.issuer(fromResponse: body)   // "https://server.example.com"
/// ```
///
/// Normalization (§2.1.2): an XRI (first character `=`, `@`, `+`, `$`, `!`) is refused; an input with an
/// explicit scheme (`acct:`, or `scheme://`) is kept as it is; otherwise, an input that is `userinfo@host`
/// with no port, path or query becomes `acct:` + the input (an `@` inside the userinfo percent-encoded), and
/// any other becomes `https://` + the input (with the path `/` when it has none, RFC 3986 §6.2.3). A
/// fragment is always removed. The host asked is the acct URI's host (after its last `@`; refused unless it is
/// a host with an optional port and nothing else), or the URL's authority (host and port). Not checked: that
/// the JRD's `subject` is the resource (RFC 7033 allows an alias).
public struct WebFingerQuery: Hashable, Sendable {
    /// The link relation of an OpenID Provider's issuer (§2).
    public static let issuerRelation = "http://openid.net/specs/connect/1.0/issuer"

    /// The normalized identifier, sent as `resource`.
    public let resource: String
    /// The host (and port, when the input named one) whose WebFinger resource is asked.
    public let host: String

    /// Normalizes `input` (§2.1.2; see the type's documentation); throws
    /// ``AuthClientError/webFinger(_:)`` with ``WebFingerRefusal/invalidInput(_:)``.
    public init(normalizing input: String) throws(AuthClientError) {
        var text = input
        if let hash = text.firstIndex(of: "#") { text = String(text[..<hash]) }
        guard let first = text.first else { throw .webFinger(.invalidInput("it is empty")) }
        guard !"=@+$!".contains(first) else { throw .webFinger(.invalidInput("XRI identifiers are not supported")) }
        guard !text.contains(where: { $0 == " " || $0.isNewline }) else { throw .webFinger(.invalidInput("it contains white space")) }
        if text.lowercased().hasPrefix("acct:") {
            let account = text.dropFirst(5)
            guard let at = account.lastIndex(of: "@"), account.index(after: at) < account.endIndex, at > account.startIndex else {
                throw .webFinger(.invalidInput("an acct URI needs user@host"))
            }
            host = try Self.plainAuthority(account[account.index(after: at)...])
            resource = text
            return
        }
        if let colon = text.firstIndex(of: ":"), text[colon...].hasPrefix("://"), Self.isScheme(text[..<colon]) {
            resource = text
            host = try Self.authority(of: text)
            return
        }
        // No scheme: [userinfo "@"] host [":" port] path-abempty ["?" query].
        let authorityEnd = text.firstIndex { $0 == "/" || $0 == "?" } ?? text.endIndex
        let authority = text[..<authorityEnd]
        let rest = text[authorityEnd...]
        if let at = authority.lastIndex(of: "@") {
            let userinfo = authority[..<at]
            let hostPort = authority[authority.index(after: at)...]
            if rest.isEmpty, !hostPort.contains(":"), !userinfo.isEmpty, !hostPort.isEmpty {
                host = try Self.plainAuthority(hostPort)
                resource = "acct:" + userinfo.replacingAll("@", with: "%40") + "@" + hostPort
                return
            }
        }
        let url = "https://" + authority + (rest.first == "/" ? rest : "/" + rest)
        resource = url
        host = try Self.authority(of: url)
    }

    /// The WebFinger request URL (RFC 7033 §4.1): `https://host/.well-known/webfinger` with `resource` and
    /// `rel` percent-encoded.
    public var url: String {
        "https://\(host)/.well-known/webfinger?resource=\(FormParameter.encode(component: resource))&rel="
            + FormParameter.encode(component: Self.issuerRelation)
    }

    /// The issuer in a WebFinger answer (a JRD, RFC 7033 §4.4): the `href` of the first link whose `rel` is
    /// ``issuerRelation``, which must be an https URL with a host and without userinfo, query or fragment.
    public func issuer(fromResponse body: [UInt8]) throws(AuthClientError) -> String {
        let document: JSONValue
        do {
            document = try JSONValue(parsing: body)
        } catch {
            throw .webFinger(.invalidJSON("\(error)"))
        }
        guard let object = document.objectValue else { throw .webFinger(.invalidJSON("not a JSON object")) }
        guard let links = object["links"] else { throw .webFinger(.noIssuerLink) }
        guard let list = links.arrayValue else { throw .webFinger(.invalidJSON("links is not an array")) }
        let issuer = list.lazy.compactMap { link -> String? in
            guard link["rel"]?.stringValue == Self.issuerRelation else { return nil }
            return link["href"]?.stringValue
        }.first
        guard let issuer else { throw .webFinger(.noIssuerLink) }
        guard let uri = try? URI(parsing: issuer), uri.scheme.lowercased() == "https", uri.userinfo == nil,
            let host = uri.host, !host.isEmpty, uri.query == nil, uri.fragment == nil
        else { throw .webFinger(.insecureIssuer(issuer)) }
        return issuer
    }

    /// RFC 3986 §3.1: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ).
    private static func isScheme(_ text: Substring) -> Bool {
        guard let first = text.unicodeScalars.first, first.isASCIIAlpha else { return false }
        return text.unicodeScalars.allSatisfy { $0.isASCIIAlpha || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0) }
    }

    /// The host of an acct URI (after its last `@`), which must be an authority and nothing else: no userinfo,
    /// path, query or fragment, so that `https://` + it + `/.well-known/webfinger` goes to that host
    /// (`evil.example/.corp.example.com` or `corp.example.com?x` are refused).
    private static func plainAuthority(_ text: Substring) throws(AuthClientError) -> String {
        let text = String(text)
        guard let uri = try? URI(parsing: "https://" + text + "/"), uri.userinfo == nil, uri.path == "/", uri.query == nil,
            uri.fragment == nil, let host = uri.host, !host.isEmpty,
            (uri.port.map { "\(host):\($0)" } ?? host).utf8.elementsEqual(text.utf8)
        else { throw .webFinger(.invalidInput("'\(text)' is not a host (with an optional port)")) }
        return text
    }

    /// The host and port of a URL.
    private static func authority(of url: String) throws(AuthClientError) -> String {
        guard let uri = try? URI(parsing: url), let host = uri.host, !host.isEmpty else {
            throw .webFinger(.invalidInput("no host in '\(url)'"))
        }
        return uri.port.map { "\(host):\($0)" } ?? host
    }
}

extension Unicode.Scalar {
    fileprivate var isASCIIAlpha: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}

extension Substring {
    fileprivate func replacingAll(_ character: Character, with replacement: String) -> String {
        reduce(into: "") { result, next in
            if next == character { result += replacement } else { result.append(next) }
        }
    }
}
