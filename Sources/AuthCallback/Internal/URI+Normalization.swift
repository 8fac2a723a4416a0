// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// Syntax-based and scheme-based normalization of a URI (RFC 3986 §6.2.2, §6.2.3), over UTF-8 bytes and
/// without Foundation: what a DPoP proof's `htu` is compared after (RFC 9449 §4.3).
///
/// ```swift
/// let uri = try URI(parsing: "HTTPS://Example.COM:443/a/./b/../c/%7efoo?q=%7e#top")
/// uri.normalized          // "https://example.com/a/c/~foo?q=~#top"
/// uri.normalizedTarget    // "https://example.com/a/c/~foo"
/// ```
///
/// Done: the scheme and host in lower case (§6.2.2.1); percent-encodings with upper-case hex digits, and
/// those of unreserved characters decoded (§6.2.2.1, §6.2.2.2), in every component; dot-segments removed
/// from a hierarchical path (§6.2.2.3, the algorithm of §5.2.4); the scheme's default port and an empty port
/// dropped, and an empty path with an authority written `/` for http, https, ws and wss (§6.2.3). Not done:
/// IDNA or IP-address canonical forms, which §6.2.2 does not ask for.
extension URI {
    /// The whole URI, normalized (see the extension's documentation).
    package var normalized: String { normalizedText(keepsUserinfo: true, keepsQueryAndFragment: true) }

    /// The normalized target URI without user information, query and fragment: a DPoP proof's `htu`
    /// (RFC 9449 §4.2; RFC 9110 §4.2.4 keeps user information out of a target URI).
    package var normalizedTarget: String { normalizedText(keepsUserinfo: false, keepsQueryAndFragment: false) }

    private func normalizedText(keepsUserinfo: Bool, keepsQueryAndFragment: Bool) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(layout.end)
        let scheme = Self.lowercased(Array(self.scheme.utf8))
        bytes += scheme
        bytes.append(UInt8(ascii: ":"))
        if let host = layout.host {
            bytes += [UInt8(ascii: "/"), UInt8(ascii: "/")]
            if keepsUserinfo, let userinfo = layout.userinfo {
                withBytes(of: userinfo) { Self.appendNormalizingPercentEncoding($0, to: &bytes, lowercasing: false) }
                bytes.append(UInt8(ascii: "@"))
            }
            withBytes(of: host) { Self.appendNormalizingPercentEncoding($0, to: &bytes, lowercasing: true) }
            if let port, port != Self.defaultPort(scheme) { bytes += Array(":\(port)".utf8) }
        }
        var path: [UInt8] = []
        withBytes(of: layout.path) { Self.appendNormalizingPercentEncoding($0, to: &path, lowercasing: false) }
        if layout.host != nil || path.first == UInt8(ascii: "/") { path = Self.removingDotSegments(path) }
        if path.isEmpty, layout.host != nil, Self.defaultPort(scheme) != nil { path = [UInt8(ascii: "/")] }
        bytes += path
        if keepsQueryAndFragment {
            if let query = layout.query {
                bytes.append(UInt8(ascii: "?"))
                withBytes(of: query) { Self.appendNormalizingPercentEncoding($0, to: &bytes, lowercasing: false) }
            }
            if let fragment = layout.fragment {
                bytes.append(UInt8(ascii: "#"))
                withBytes(of: fragment) { Self.appendNormalizingPercentEncoding($0, to: &bytes, lowercasing: false) }
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The default port of a scheme whose syntax-based normalization RFC 3986 §6.2.3 describes by example:
    /// http and ws 80, https and wss 443 (RFC 9110 §4.2, RFC 6455 §3). `scheme` is lower-case.
    static func defaultPort(_ scheme: [UInt8]) -> Int? {
        switch String(decoding: scheme, as: UTF8.self) {
        case "http", "ws": 80
        case "https", "wss": 443
        default: nil
        }
    }

    static func lowercased(_ bytes: [UInt8]) -> [UInt8] {
        bytes.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 + 32 : $0 }
    }

    /// Appends `component` with each `%XX` of an unreserved character decoded and every other `%XX` in
    /// upper-case hex (RFC 3986 §6.2.2.1–2); with `lowercasing`, letters outside percent-encodings in lower
    /// case (a host, §3.2.2). The parser has checked that every `%` has two hex digits after it.
    static func appendNormalizingPercentEncoding(_ component: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8], lowercasing: Bool) {
        func lower(_ byte: UInt8) -> UInt8 {
            lowercasing && byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
        }
        var index = 0
        while index < component.count {
            let byte = component[index]
            guard byte == UInt8(ascii: "%"), index + 2 < component.count, let high = CharacterSet.hexValue(component[index + 1]),
                let low = CharacterSet.hexValue(component[index + 2])
            else {
                bytes.append(lower(byte))
                index += 1
                continue
            }
            let decoded = high << 4 | low
            if CharacterSet.has(decoded, .unreserved) {
                bytes.append(lower(decoded))
            } else {
                bytes += [UInt8(ascii: "%"), upperHex(high), upperHex(low)]
            }
            index += 3
        }
    }

    private static func upperHex(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
    }

    /// `remove_dot_segments` (RFC 3986 §5.2.4), one segment at a time over the input.
    static func removingDotSegments(_ path: [UInt8]) -> [UInt8] {
        let slash = UInt8(ascii: "/")
        let dot = UInt8(ascii: ".")
        var output: [UInt8] = []
        output.reserveCapacity(path.count)
        var input = path[...]
        func starts(with prefix: [UInt8]) -> Bool { input.starts(with: prefix) }
        func removeLastSegment() {
            if let last = output.lastIndex(of: slash) { output.removeSubrange(last...) } else { output.removeAll() }
        }
        while !input.isEmpty {
            if starts(with: [dot, dot, slash]) {  // A: "../"
                input = input.dropFirst(3)
            } else if starts(with: [dot, slash]) {  // A: "./"
                input = input.dropFirst(2)
            } else if starts(with: [slash, dot, slash]) {  // B: "/./" → "/"
                input = input.dropFirst(2)
            } else if input.elementsEqual([slash, dot]) {  // B: "/." at the end → "/"
                input = [slash][...]
            } else if starts(with: [slash, dot, dot, slash]) {  // C: "/../" → "/", dropping the last output segment
                input = input.dropFirst(3)
                removeLastSegment()
            } else if input.elementsEqual([slash, dot, dot]) {  // C: "/.." at the end
                input = [slash][...]
                removeLastSegment()
            } else if input.elementsEqual([dot]) || input.elementsEqual([dot, dot]) {  // D
                input = input.dropFirst(input.count)
            } else {  // E: the first segment, with its leading "/", moves to the output
                let start = input.startIndex
                let searchFrom = input[start] == slash ? input.index(after: start) : start
                let end = input[searchFrom...].firstIndex(of: slash) ?? input.endIndex
                output += input[start..<end]
                input = input[end...]
            }
        }
        return output
    }
}
