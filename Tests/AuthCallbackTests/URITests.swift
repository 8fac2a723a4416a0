// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import TestVectors
import Testing

@Suite("URI")
struct URITests {
    struct Cases: Decodable {
        struct Case: Decodable {
            let uri: String
            let scheme: String
            let netloc: String
            let path: String
            let query: String
            let fragment: String
            let port: Int?
            let parameters: [[String]]
        }
        let cases: [Case]
    }

    @Test("splits 200 URIs into the components Python's urlsplit finds, and decodes parse_qsl's parameters")
    func pythonURLLib() throws {
        let vectors = try Vectors.json("Python/uri-urllib.json", as: Cases.self)
        #expect(vectors.cases.count == 200)
        for vector in vectors.cases {
            let uri = try URI(parsing: vector.uri)
            #expect(uri.scheme.lowercased() == vector.scheme, "\(vector.uri)")
            let netloc = (uri.userinfo.map { $0 + "@" } ?? "") + (uri.host ?? "") + (uri.port.map { ":\($0)" } ?? "")
            #expect(netloc == vector.netloc)
            #expect(uri.path == vector.path)
            #expect((uri.query ?? "") == vector.query)
            #expect((uri.fragment ?? "") == vector.fragment)
            #expect(uri.port == vector.port)
            #expect(try uri.queryParameters().map { [$0.name, $0.value] } == vector.parameters, "\(vector.uri)")
        }
    }

    @Test("refuses what RFC 3986 does not allow, at the offending byte")
    func strictness() {
        #expect(throws: AuthCallbackError.invalidScheme(offset: 0)) { try URI(parsing: "1app:/x") }
        #expect(throws: AuthCallbackError.invalidScheme(offset: 3)) { try URI(parsing: "app/x") }
        #expect(throws: AuthCallbackError.invalidScheme(offset: 0)) { try URI(parsing: "") }
        #expect(throws: AuthCallbackError.invalidCharacter(offset: 21)) { try URI(parsing: "https://example.com/a b") }
        #expect(throws: AuthCallbackError.invalidCharacter(offset: 26)) { try URI(parsing: "https://example.com/?code=\"x\"") }
        #expect(throws: AuthCallbackError.invalidCharacter(offset: 15)) { try URI(parsing: "myapp:/callback<script>") }
        #expect(throws: AuthCallbackError.invalidPercentEncoding(offset: 26)) { try URI(parsing: "https://example.com/?code=%zz") }
        #expect(throws: AuthCallbackError.invalidPercentEncoding(offset: 26)) { try URI(parsing: "https://example.com/?code=%4") }
        #expect(throws: AuthCallbackError.invalidPort(offset: 17)) { try URI(parsing: "http://127.0.0.1:65536/cb") }
        #expect(throws: AuthCallbackError.invalidPort(offset: 17)) { try URI(parsing: "http://127.0.0.1:8o/cb") }
        #expect(throws: AuthCallbackError.invalidHost(offset: 7)) { try URI(parsing: "http://[::1/cb") }
        #expect(throws: AuthCallbackError.invalidCharacter(offset: 10)) { try URI(parsing: "http://exa mple.com/") }
        #expect(throws: AuthCallbackError.invalidCharacter(offset: 20)) { try URI(parsing: "https://example.com/é") }
    }

    @Test("decodes + as a space only in form-encoded parameters, never in the path")
    func plusHandling() throws {
        let uri = try URI(parsing: "myapp:/a+b?x=a+b%2Bc&y")
        #expect(uri.path == "/a+b")
        #expect(try uri.queryParameters() == [FormParameter(name: "x", value: "a b+c"), FormParameter(name: "y", value: "")])
        #expect(throws: AuthCallbackError.invalidUTF8) { try URI(parsing: "myapp:/?x=%FF").queryParameters() }
    }

    // RFC 3986 §2.2–2.3 and §3: the character sets, written out from the ABNF.
    static let unreserved = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
    static let subDelimiters = "!$&'()*+,;="

    /// Every ASCII byte but "%", as a one-character string with its code.
    static var asciiBytes: [(UInt8, String)] {
        (0..<128).compactMap { code in code == 0x25 ? nil : (UInt8(code), String(UnicodeScalar(UInt8(code)))) }
    }

    @Test("accepts in a path exactly pchar and \"/\" (RFC 3986 §3.3), every ASCII byte tried in every position of a word")
    func pathCharacters() throws {
        let allowed = Set((Self.unreserved + Self.subDelimiters + ":@/").utf8)
        for (byte, character) in Self.asciiBytes where byte != UInt8(ascii: "?") && byte != UInt8(ascii: "#") {
            // Offsets 4…21 put the byte at every position of the eight-byte blocks the scanner reads.
            for prefix in 0..<18 {
                let text = "a:/p" + String(repeating: "p", count: prefix) + character + "xyzxyzxyz"
                if allowed.contains(byte) {
                    #expect(try URI(parsing: text).path == "/p" + String(repeating: "p", count: prefix) + character + "xyzxyzxyz")
                } else {
                    #expect(throws: AuthCallbackError.invalidCharacter(offset: 4 + prefix), "byte \(byte)") { try URI(parsing: text) }
                }
            }
        }
        #expect(throws: AuthCallbackError.invalidCharacter(offset: 3)) { try URI(parsing: "a:/é") }
    }

    /// Expects `value` to parse as a query and as a fragment when `allowed`, and else to be refused at `offset`.
    static func expectQueryAndFragment(
        _ value: String, allowed: Bool, offset: Int, _ label: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        if allowed {
            #expect(try URI(parsing: "a:/p?" + value).query == value, sourceLocation: sourceLocation)
            #expect(try URI(parsing: "a:/p#" + value).fragment == value, sourceLocation: sourceLocation)
        } else {
            for separator in ["?", "#"] {
                #expect(throws: AuthCallbackError.invalidCharacter(offset: offset), "\(label)", sourceLocation: sourceLocation) {
                    try URI(parsing: "a:/p" + separator + value)
                }
            }
        }
    }

    @Test("accepts in a query and a fragment exactly pchar, \"/\" and \"?\" (RFC 3986 §3.4, §3.5)")
    func queryAndFragmentCharacters() throws {
        let allowed = Set((Self.unreserved + Self.subDelimiters + ":@/?").utf8)
        for (byte, character) in Self.asciiBytes where byte != UInt8(ascii: "#") {
            for prefix in [0, 1, 6, 7, 8, 9, 15, 16, 17] {
                let value = String(repeating: "q", count: prefix) + character + "rest"
                try Self.expectQueryAndFragment(value, allowed: allowed.contains(byte), offset: 5 + prefix, "byte \(byte)")
            }
        }
    }

    @Test("checks every byte at 40 positions of a long query or fragment, across the scanner's eight-byte steps")
    func longQueryAndFragmentCharacters() throws {
        let allowed = Set((Self.unreserved + Self.subDelimiters + ":@/?").utf8)
        let rest = "0123456789abcdefghijklmnopqrstuv"  // 32 more allowed bytes: whole steps follow the byte too
        // Every ASCII byte but "#" and "%", and non-ASCII characters whose first bytes span 0xC2-0xF0.
        let characters =
            (0..<128).compactMap { code in code == 0x23 || code == 0x25 ? nil : String(UnicodeScalar(UInt8(code))) }
            + ["\u{80}", "\u{FF}", "\u{800}", "\u{FFFD}", "\u{10000}"]
        for character in characters {
            let isAllowed = character.utf8.count == 1 && allowed.contains(character.utf8.first ?? 0)
            for prefix in 0..<40 {
                let value = String(repeating: "q", count: prefix) + character + rest
                try Self.expectQueryAndFragment(
                    value, allowed: isAllowed, offset: 5 + prefix, "byte \(character.utf8.first ?? 0) after \(prefix)")
            }
        }
        // An escape at every position: "%2F" is kept as written, "%2" and "%G0" are refused at the "%".
        for prefix in 0..<40 {
            let head = String(repeating: "q", count: prefix)
            #expect(try URI(parsing: "a:/p?" + head + "%2F" + rest).query == head + "%2F" + rest)
            #expect(try URI(parsing: "a:/p#" + head + "%2f" + rest).fragment == head + "%2f" + rest)
            #expect(throws: AuthCallbackError.invalidPercentEncoding(offset: 5 + prefix)) {
                try URI(parsing: "a:/p?" + head + "%G0" + rest)
            }
            #expect(throws: AuthCallbackError.invalidPercentEncoding(offset: 5 + prefix)) { try URI(parsing: "a:/p#" + head + "%2") }
        }
    }

    @Test("accepts in a scheme exactly ALPHA, DIGIT, \"+\", \"-\" and \".\" after a letter (RFC 3986 §3.1)")
    func schemeCharacters() throws {
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-.".utf8)
        for (byte, character) in Self.asciiBytes where byte != UInt8(ascii: ":") {
            if allowed.contains(byte) {
                #expect(try URI(parsing: "a" + character + ":/").scheme == "a" + character)
            } else {
                #expect(throws: AuthCallbackError.invalidScheme(offset: 1), "byte \(byte)") { try URI(parsing: "a" + character + ":/") }
            }
        }
    }

    @Test("accepts in a host exactly unreserved and sub-delims (reg-name, RFC 3986 §3.2.2), and in userinfo also \":\"")
    func hostCharacters() throws {
        let host = Set((Self.unreserved + Self.subDelimiters).utf8)
        let delimiters = Set(":@/?#[".utf8)
        for (byte, character) in Self.asciiBytes where !delimiters.contains(byte) {
            if host.contains(byte) {
                #expect(try URI(parsing: "a://h" + character + "h/").host == "h" + character + "h")
                #expect(try URI(parsing: "a://u" + character + ":u@h/").userinfo == "u" + character + ":u")
            } else {
                #expect(throws: AuthCallbackError.invalidCharacter(offset: 5), "byte \(byte)") {
                    try URI(parsing: "a://h" + character + "h/")
                }
                #expect(throws: AuthCallbackError.invalidCharacter(offset: 5), "byte \(byte)") {
                    try URI(parsing: "a://u" + character + ":u@h/")
                }
            }
        }
    }

    @Test("refuses a % without two hex digits before the component ends, at the %, in every component")
    func percentAtTheEnd() throws {
        #expect(throws: AuthCallbackError.invalidPercentEncoding(offset: 10)) { try URI(parsing: "myapp:/?a=%") }
        #expect(throws: AuthCallbackError.invalidPercentEncoding(offset: 10)) { try URI(parsing: "myapp:/?a=%4") }
        #expect(throws: AuthCallbackError.invalidPercentEncoding(offset: 10)) { try URI(parsing: "myapp:/?a=%4#x") }
        #expect(throws: AuthCallbackError.invalidPercentEncoding(offset: 10)) { try URI(parsing: "myapp:/?a=%G1") }
        #expect(throws: AuthCallbackError.invalidPercentEncoding(offset: 8)) { try URI(parsing: "myapp:/a%?x") }
        #expect(throws: AuthCallbackError.invalidPercentEncoding(offset: 9)) { try URI(parsing: "myapp:/a#%4") }
        #expect(throws: AuthCallbackError.invalidPercentEncoding(offset: 8)) { try URI(parsing: "http://h%/") }
        #expect(throws: AuthCallbackError.invalidPercentEncoding(offset: 7)) { try URI(parsing: "http://%zz@h/") }
        // Lowercase and uppercase hex digits are both HEXDIG.
        #expect(try URI(parsing: "myapp:/%aF?a=%Af#%fa").path == "/%aF")
    }

    @Test("splits the query from the fragment at the first #, and keeps ? inside both")
    func queryAndFragment() throws {
        let uri = try URI(parsing: "myapp:/cb?code=1&next=/a?b#state=2&x=?")
        #expect(uri.query == "code=1&next=/a?b" && uri.fragment == "state=2&x=?")
        #expect(try uri.queryParameters() == [FormParameter(name: "code", value: "1"), FormParameter(name: "next", value: "/a?b")])
        #expect(try uri.fragmentParameters() == [FormParameter(name: "state", value: "2"), FormParameter(name: "x", value: "?")])
        #expect(try URI(parsing: "myapp:/cb#a=1").query == nil)
        #expect(try URI(parsing: "myapp:/cb?#").query == "")
        #expect(try URI(parsing: "myapp:/cb?#").fragment == "")
        #expect(try URI(parsing: "myapp:/cb?").queryParameters().isEmpty)
        #expect(throws: AuthCallbackError.invalidCharacter(offset: 11)) { try URI(parsing: "myapp:/cb#a#b") }
    }
}

// Normalization (RFC 3986 §6.2.2, §6.2.3): what a DPoP proof's htu is compared after (RFC 9449 §4.3).
extension URITests {
    private func normalized(_ text: String) throws -> String { try URI(parsing: text).normalized }
    private func target(_ text: String) throws -> String { try URI(parsing: text).normalizedTarget }

    @Test("normalizes RFC 3986 §6.2.2's examples: case, percent-encoding and dot-segments")
    func normalizationExamples() throws {
        // §6.2.2: the two URIs are equivalent, and both normalize to the first.
        #expect(try normalized("example://a/b/c/%7Bfoo%7D") == "example://a/b/c/%7Bfoo%7D")
        #expect(try normalized("eXAMPLE://a/./b/../b/%63/%7bfoo%7d") == "example://a/b/c/%7Bfoo%7D")
        // §6.2.2.1: scheme and host in lower case, percent-encodings in upper case.
        #expect(try normalized("HTTP://www.EXAMPLE.com/") == "http://www.example.com/")
        #expect(try normalized("http://a/%2f%3a%c3%a9") == "http://a/%2F%3A%C3%A9")
        // §6.2.2.2: unreserved characters decoded, in every component (a decoded host letter in lower case).
        #expect(try normalized("https://%41B.example/%7e%41%2D%2e%5F?q=%7e%2b#f%7E") == "https://ab.example/~A-._?q=~%2B#f~")
        // The issue's example.
        #expect(try normalized("HTTPS://Example.COM:443/a/./b/../c/%7efoo") == "https://example.com/a/c/~foo")
    }

    @Test("removes dot-segments as RFC 3986 §5.2.4 does, never above the root, %2E included")
    func dotSegments() throws {
        #expect(try normalized("http://a/a/b/c/./../../g") == "http://a/a/g")  // §5.2.4's first example
        #expect(try normalized("http://a/b/c/./../../g") == "http://a/g")
        #expect(try normalized("http://a/../../g") == "http://a/g")
        #expect(try normalized("http://a/b/.") == "http://a/b/")
        #expect(try normalized("http://a/b/..") == "http://a/")
        #expect(try normalized("http://a/b/%2E%2e/c") == "http://a/c")
        #expect(try normalized("http://a/b/..c/.d/") == "http://a/b/..c/.d/")  // not dot-segments
        #expect(try normalized("com.example.app:/cb/../x") == "com.example.app:/x")
        #expect(try normalized("urn:Example:./%7eA") == "urn:Example:./~A")  // a rootless path keeps its dots
    }

    @Test("drops the scheme's default port and an empty port, and writes an empty http path as / (RFC 3986 §6.2.3)")
    func schemeBased() throws {
        for text in [
            "http://example.com", "http://example.com/", "http://example.com:/", "http://example.com:80/", "HTTP://Example.com:0080",
        ] {
            #expect(try normalized(text) == "http://example.com/", "\(text)")
        }
        #expect(try normalized("https://a.test:443/x") == "https://a.test/x")
        #expect(try normalized("https://a.test:8443/x") == "https://a.test:8443/x")
        #expect(try normalized("http://a.test:443/x") == "http://a.test:443/x")  // 443 is not http's default
        #expect(try normalized("wss://a.test:443") == "wss://a.test/")
        #expect(try normalized("http://[FE80::1]:80/x") == "http://[fe80::1]/x")
        #expect(try normalized("myapp://host") == "myapp://host")  // no default port or path known for the scheme
    }

    @Test("the target URI leaves out user information, query and fragment; normalizing twice changes nothing")
    func targetURI() throws {
        #expect(try target("HTTPS://user:P%7e@API.authflow.test:443/a/../r?x=1#f") == "https://api.authflow.test/r")
        #expect(try normalized("HTTPS://user:P%7e@API.authflow.test:443/a/../r?x=1#f") == "https://user:P~@api.authflow.test/r?x=1#f")
        for text in ["eXAMPLE://a/./b/../b/%63/%7bfoo%7d", "HTTPS://Example.COM:443/a/./b/../c/%7efoo?q=%7e", "http://a/../../g"] {
            let once = try normalized(text)
            #expect(try normalized(once) == once)
        }
    }
}
