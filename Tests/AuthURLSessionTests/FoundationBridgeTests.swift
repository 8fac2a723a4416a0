// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthJWT
import AuthURLSession
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Foundation bridges: URI ↔ URL, TransportRequest ↔ URLRequest, TransportResponse ↔ HTTPURLResponse, NumericDate ↔ Date")
struct FoundationBridgeTests {
    static let uris = [
        "https://login.example.com/authorize?response_type=code&client_id=app&state=a%20b#frag",
        "com.example.app:/oauth/callback?code=abc&state=xyz",
        "http://127.0.0.1:8080/callback",
        "http://[::1]:9000/cb?x=%2F%3F",
        "https://user@login.example.com:8443/a/b/../c?q",
    ]

    @Test("a URI and a URL carry the same text both ways")
    func uriRoundTrip() throws {
        for text in Self.uris {
            let uri = try URI(parsing: text)
            let url = try #require(URL(uri), "\(text)")
            #expect(url.absoluteString == text)
            #expect(try URI(url) == uri)
            #expect(URL(try URI(url)) == url)
        }
    }

    @Test("a percent-encoded path survives the bridge; a raw space is refused by URI")
    func uriRefusesWhatFoundationAccepts() throws {
        let url = try #require(URL(string: "https://example.com/a%20b"))
        #expect(try URI(url).path == "/a%20b")
        #expect(throws: AuthCallbackError.self) { try URI(parsing: "https://example.com/a b") }
    }

    @Test("a TransportRequest becomes a URLRequest and back: method, URL, fields and body")
    func requestRoundTrip() throws {
        let request = TransportRequest(
            method: .post, url: "https://api.example.com/orders?page=2",
            headerFields: [HeaderField(name: "Content-Type", value: "application/json"), HeaderField(name: "Accept", value: "*/*")],
            body: Array(#"{"item":1}"#.utf8))
        let urlRequest = try URLRequest(request)
        #expect(urlRequest.httpMethod == "POST")
        #expect(urlRequest.url?.absoluteString == "https://api.example.com/orders?page=2")
        #expect(urlRequest.value(forHTTPHeaderField: "content-type") == "application/json")
        #expect(urlRequest.httpBody == Data(#"{"item":1}"#.utf8))
        let back = try TransportRequest(urlRequest)
        #expect(back.method == .post)
        #expect(back.url == request.url)
        #expect(back.body == request.body)
        #expect(back.headerFields.map(\.name) == ["Accept", "Content-Type"])  // sorted: a dictionary has no order
        #expect(back.header("content-type") == "application/json")
    }

    @Test("an empty body is no httpBody, a URLRequest without a method is a GET, and a body stream or a bad URL is refused")
    func requestEdges() throws {
        #expect(try URLRequest(TransportRequest(method: .get, url: "https://example.com/")).httpBody == nil)
        var urlRequest = URLRequest(url: try #require(URL(string: "https://example.com/x")))
        urlRequest.httpMethod = nil
        #expect(try TransportRequest(urlRequest).method == .get)
        urlRequest.httpBodyStream = InputStream(data: Data([1, 2, 3]))
        #expect(throws: AuthClientError.self) { try TransportRequest(urlRequest) }
        do {
            _ = try TransportRequest(urlRequest)
        } catch {
            #expect(error.code == 10153)
        }
        #expect(throws: AuthClientError.transportFailed(TransportFailure(.invalidURL))) {
            try URLRequest(TransportRequest(method: .get, url: "https://exa mple.com/"))
        }
    }

    @Test("a TransportResponse becomes an HTTPURLResponse and back; fields of one name are joined (RFC 9110 §5.3)")
    func responseRoundTrip() throws {
        let url = try #require(URL(string: "https://api.example.com/me"))
        let response = TransportResponse(
            status: 401,
            headerFields: [
                HeaderField(name: "WWW-Authenticate", value: #"Bearer error="invalid_token""#),
                HeaderField(name: "www-authenticate", value: #"DPoP algs="ES256""#),
                HeaderField(name: "Content-Type", value: "application/json"),
            ], body: Array("{}".utf8))
        let http = try #require(HTTPURLResponse(response, url: url))
        #expect(http.statusCode == 401)
        #expect(http.url == url)
        #expect(http.value(forHTTPHeaderField: "WWW-Authenticate") == #"Bearer error="invalid_token", DPoP algs="ES256""#)
        let back = TransportResponse(http, body: Data(response.body))
        #expect(back.status == 401)
        #expect(back.body == response.body)
        #expect(back.header("content-type") == "application/json")
        #expect(back.header("www-authenticate") == #"Bearer error="invalid_token", DPoP algs="ES256""#)
        #expect(back.headerFields.count == 2)
    }

    @Test("NumericDate ↔ Date: RFC 7519's example exp is 2011-03-22T18:43:00Z, fractions and negative dates round-trip")
    func dates() throws {
        // RFC 7519 §3.1: "exp":1300819380; its calendar date from ISO8601DateFormatter, independently of NumericDate.
        let exp = NumericDate(secondsSince1970: 1_300_819_380)
        let formatter = ISO8601DateFormatter()
        #expect(formatter.string(from: Date(exp)) == "2011-03-22T18:43:00Z")
        #expect(NumericDate(try #require(formatter.date(from: "2011-03-22T18:43:00Z"))) == exp)
        let half = try #require(NumericDate(secondsSince1970: 1_800_000_000, nanoseconds: 500_000_000))
        #expect(Date(half).timeIntervalSince1970 == 1_800_000_000.5)
        #expect(NumericDate(Date(half)) == half)
        #expect(NumericDate(Date(timeIntervalSince1970: -1.25)) == NumericDate(secondsSince1970: -2, nanoseconds: 750_000_000))
        #expect(Date(try #require(NumericDate(secondsSince1970: -2, nanoseconds: 750_000_000))).timeIntervalSince1970 == -1.25)
        #expect(NumericDate(Date(timeIntervalSince1970: .infinity)) == nil)
        #expect(NumericDate(Date(timeIntervalSince1970: .nan)) == nil)
        #expect(NumericDate(Date(timeIntervalSince1970: 1e300)) == nil)
        #expect(NumericDate(Date(timeIntervalSince1970: 0.999_999_999_9)) == NumericDate(secondsSince1970: 1))
    }
}
