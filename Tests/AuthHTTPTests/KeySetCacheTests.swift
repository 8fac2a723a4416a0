// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthHTTP
import AuthJSON
import AuthJWT
import Synchronization
import Testing

/// Answers every request with one response, counting them.
private final class FixedAnswer: HTTPTransport, Sendable {
    let response: TransportResponse
    let count = Mutex(0)

    init(_ response: TransportResponse) {
        self.response = response
    }

    func send(_ request: TransportRequest) async throws(AuthHTTPError) -> TransportResponse {
        count.withLock { $0 += 1 }
        return response
    }
}

@Suite("KeySetCache, shared by the client and the resource server: limits and events")
struct KeySetCacheTests {
    static let url = "https://as.example.com/jwks"

    @Test("a JWK Set over 512 KiB is refused before parsing, and the cached set is kept")
    func sizeLimit() async throws {
        let padding = String(repeating: "a", count: KeySetCache.maximumBodyBytes)
        let large = FixedAnswer(TransportResponse(status: 200, body: Array(#"{"keys":[],"x":"\#(padding)"}"#.utf8)))
        let cache = KeySetCache(url: Self.url)
        await #expect(throws: AuthHTTPError.self) { try await cache.current(using: large) }
        do {
            _ = try await cache.current(using: large)
        } catch {
            guard case .unexpectedResponse(let endpoint, 200, let reason) = error else { throw error }
            #expect(endpoint == "jwks_uri")
            #expect(reason.contains("over the limit"))
        }
        let small = FixedAnswer(TransportResponse(status: 200, body: Array(#"{"keys":[]}"#.utf8)))
        #expect(try await cache.current(using: small).snapshot.keys.keys.isEmpty)
    }

    @Test("events report the fetch, its generation and a failure")
    func events() async throws {
        let seen = Mutex<[String]>([])
        let cache = KeySetCache(url: Self.url) { event in
            seen.withLock { $0.append("\(event)") }
        }
        _ = try await cache.current(using: FixedAnswer(TransportResponse(status: 200, body: Array(#"{"keys":[]}"#.utf8))))
        _ = try? await cache.refetch(
            after: 1, using: FixedAnswer(TransportResponse(status: 503)), now: NumericDate(secondsSince1970: 100), cooldownSeconds: 60)
        let events = seen.withLock { $0 }
        #expect(events.count == 4)
        #expect(events[0].contains("fetching"))
        #expect(events[1].contains("fetched(generation: 1)"))
        #expect(events[3].contains("fetchFailed"))
    }

    @Test("no jwks_uri: nothing is fetched, endpointNotAvailable (11005)")
    func noURL() async {
        let transport = FixedAnswer(TransportResponse(status: 200))
        do {
            _ = try await KeySetCache(url: nil).current(using: transport)
            Issue.record("a set without a URL")
        } catch {
            #expect(error.code == 11005)
        }
        #expect(transport.count.withLock { $0 } == 0)
    }
}

@Suite("ProtectedResourceMetadata serialization (RFC 9728 §2)")
struct ProtectedResourceMetadataSerializationTests {
    @Test("the modelled members first, then the document's others, none repeated")
    func members() throws {
        var metadata = ProtectedResourceMetadata(
            resource: "https://mcp.example.com/mcp", authorizationServers: ["https://as.example.com"], scopesSupported: ["a"],
            bearerMethodsSupported: ["header"], resourceName: "R")
        metadata.jwksURI = "https://mcp.example.com/jwks"
        var document = JSONObject()
        try document.append("resource", "https://ignored.example.com")
        try document.append("dpop_bound_access_tokens_required", true)
        metadata.document = document
        let object = metadata.jsonObject
        #expect(
            object.names == [
                "resource", "authorization_servers", "jwks_uri", "scopes_supported", "bearer_methods_supported", "resource_name",
                "dpop_bound_access_tokens_required",
            ])
        #expect(object["resource"] == "https://mcp.example.com/mcp")
        #expect(object["authorization_servers"] == ["https://as.example.com"])
    }
}
