// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthHTTP
import AuthJSON
import AuthJWT
import Synchronization
import Testing

/// Answers with the response set last, counting requests.
private final class SwitchableAnswer: HTTPTransport, Sendable {
    private let state: Mutex<(response: TransportResponse, count: Int)>

    init(_ response: TransportResponse) {
        state = Mutex((response, 0))
    }

    var count: Int { state.withLock { $0.count } }

    func answer(_ response: TransportResponse) {
        state.withLock { $0.response = response }
    }

    func send(_ request: TransportRequest) async throws(AuthHTTPError) -> TransportResponse {
        state.withLock {
            $0.count += 1
            return $0.response
        }
    }
}

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
    static let t0 = NumericDate(secondsSince1970: 1_800_000_000)

    @Test("a JWK Set over 512 KiB is refused before parsing, and the cached set is kept")
    func sizeLimit() async throws {
        let padding = String(repeating: "a", count: KeySetCache.maximumBodyBytes)
        let large = FixedAnswer(TransportResponse(status: 200, body: Array(#"{"keys":[],"x":"\#(padding)"}"#.utf8)))
        let cache = KeySetCache(url: Self.url)
        await #expect(throws: AuthHTTPError.self) { try await cache.current(using: large, now: Self.t0, maximumAgeSeconds: nil) }
        do {
            _ = try await cache.current(using: large, now: Self.t0, maximumAgeSeconds: nil)
        } catch {
            guard case .unexpectedResponse(let endpoint, 200, let reason) = error else { throw error }
            #expect(endpoint == "jwks_uri")
            #expect(reason.contains("over the limit"))
        }
        let small = FixedAnswer(TransportResponse(status: 200, body: Array(#"{"keys":[]}"#.utf8)))
        #expect(try await cache.current(using: small, now: Self.t0.adding(seconds: 10), maximumAgeSeconds: nil).snapshot.keys.keys.isEmpty)
    }

    @Test("events report the fetch, its generation and a failure")
    func events() async throws {
        let seen = Mutex<[String]>([])
        let cache = KeySetCache(url: Self.url) { event in
            seen.withLock { $0.append("\(event)") }
        }
        _ = try await cache.current(
            using: FixedAnswer(TransportResponse(status: 200, body: Array(#"{"keys":[]}"#.utf8))), now: Self.t0, maximumAgeSeconds: nil)
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
            _ = try await KeySetCache(url: nil).current(using: transport, now: Self.t0, maximumAgeSeconds: nil)
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

@Suite("KeySetCache: the age of a set and failed fetches")
struct KeySetCacheFreshnessTests {
    static let url = "https://as.example.com/jwks"
    static let t0 = NumericDate(secondsSince1970: 1_800_000_000)
    /// RFC 7517 Appendix A.1's P-256 public key, under two `kid`s.
    static func set(_ keyID: String) -> TransportResponse {
        let key =
            #""kty":"EC","crv":"P-256","x":"MKBCTNIcKUSDii11ySs3526iDZ8AiTo7Tu6KPAqv7D4","y":"4Etl6SRW2YiLUrN5vfvVHuhp7x8PxltmWWlbbM4IFyM""#
        return TransportResponse(status: 200, body: Array(#"{"keys":[{\#(key),"kid":"\#(keyID)"}]}"#.utf8))
    }
    static let setA = set("a")
    static let setB = set("b")
    static let down = TransportResponse(status: 503)

    static func keyIDs(_ snapshot: KeySetCache.Snapshot) -> [String?] { snapshot.keys.keys.map(\.keyID) }

    /// A cache that fetched set A at `t0`, and a network that answers `next` from now on.
    fileprivate static func primed(then next: TransportResponse) async throws -> (network: SwitchableAnswer, cache: KeySetCache) {
        let network = SwitchableAnswer(setA)
        let cache = KeySetCache(url: url)
        #expect(try await cache.current(using: network, now: t0, maximumAgeSeconds: 600).fetched)
        network.answer(next)
        return (network, cache)
    }

    @Test("a set younger than the maximum age is served as it is; at the maximum age it is fetched again before use")
    func maximumAge() async throws {
        let (network, cache) = try await Self.primed(then: Self.setB)
        let young = try await cache.current(using: network, now: Self.t0.adding(seconds: 599), maximumAgeSeconds: 600)
        #expect(!young.fetched)
        #expect(Self.keyIDs(young.snapshot) == ["a"])
        #expect(network.count == 1)
        let old = try await cache.current(using: network, now: Self.t0.adding(seconds: 600), maximumAgeSeconds: 600)
        #expect(old.fetched)
        #expect(Self.keyIDs(old.snapshot) == ["b"], "the key removed from the set is gone")
        #expect(old.snapshot.generation == 2)
        #expect(network.count == 2)
        // Hours later the same: one fetch per maximum age, not per call.
        for hour in 1...3 {
            _ = try await cache.current(using: network, now: Self.t0.adding(seconds: 3600 * Int64(hour)), maximumAgeSeconds: 600)
            _ = try await cache.current(using: network, now: Self.t0.adding(seconds: 3600 * Int64(hour) + 5), maximumAgeSeconds: 600)
        }
        #expect(network.count == 5)
    }

    @Test("with no maximum age a set is kept however old it is")
    func noMaximumAge() async throws {
        let network = SwitchableAnswer(Self.setA)
        let cache = KeySetCache(url: Self.url)
        _ = try await cache.current(using: network, now: Self.t0, maximumAgeSeconds: nil)
        let later = try await cache.current(using: network, now: Self.t0.adding(seconds: 86_400 * 365), maximumAgeSeconds: nil)
        #expect(!later.fetched)
        #expect(network.count == 1)
    }

    @Test("an old set whose fetch fails is still served, and no fetch is tried again for 5 seconds")
    func lastKnownGood() async throws {
        let (network, cache) = try await Self.primed(then: Self.down)
        let stale = try await cache.current(using: network, now: Self.t0.adding(seconds: 700), maximumAgeSeconds: 600)
        #expect(!stale.fetched)
        #expect(Self.keyIDs(stale.snapshot) == ["a"])
        #expect(network.count == 2)
        for second in 1...4 {
            _ = try await cache.current(using: network, now: Self.t0.adding(seconds: 700 + Int64(second)), maximumAgeSeconds: 600)
        }
        #expect(network.count == 2, "the failure is remembered for KeySetCache.failureRetrySeconds")
        network.answer(Self.setB)
        let fresh = try await cache.current(using: network, now: Self.t0.adding(seconds: 705), maximumAgeSeconds: 600)
        #expect(fresh.fetched)
        #expect(Self.keyIDs(fresh.snapshot) == ["b"])
        #expect(network.count == 3)
    }

    @Test("the last known good set is served for a day after its fetch while fetches fail; then the failure is thrown")
    func lastKnownGoodEnds() async throws {
        let (network, cache) = try await Self.primed(then: Self.down)
        let hoursLater = try await cache.current(using: network, now: Self.t0.adding(seconds: 86_399), maximumAgeSeconds: 600)
        #expect(Self.keyIDs(hoursLater.snapshot) == ["a"])
        do {
            _ = try await cache.current(using: network, now: Self.t0.adding(seconds: 86_400), maximumAgeSeconds: 600)
            Issue.record("a set a day old was served while its provider cannot be reached")
        } catch {
            guard case .unexpectedResponse(_, 503, _) = error else { throw error }
        }
        network.answer(Self.setB)
        let back = try await cache.current(using: network, now: Self.t0.adding(seconds: 86_410), maximumAgeSeconds: 600)
        #expect(back.fetched && Self.keyIDs(back.snapshot) == ["b"])
    }

    @Test("a failed first fetch is remembered for 5 seconds: the same error, no request; then a fetch again")
    func failureRemembered() async throws {
        let network = SwitchableAnswer(Self.down)
        let cache = KeySetCache(url: Self.url)
        for second in 0...4 {
            do {
                _ = try await cache.current(using: network, now: Self.t0.adding(seconds: Int64(second)), maximumAgeSeconds: 600)
                Issue.record("a set from a server that is down")
            } catch {
                guard case .unexpectedResponse(_, 503, _) = error else { throw error }
            }
        }
        #expect(network.count == 1)
        network.answer(Self.setA)
        #expect(try await cache.current(using: network, now: Self.t0.adding(seconds: 5), maximumAgeSeconds: 600).fetched)
        #expect(network.count == 2)
    }

    @Test("a refetch for an unknown kid within 5 seconds of a failed fetch throws that failure without a request")
    func refetchAfterFailure() async throws {
        let (network, cache) = try await Self.primed(then: Self.down)
        _ = try await cache.current(using: network, now: Self.t0.adding(seconds: 600), maximumAgeSeconds: 600)
        #expect(network.count == 2)
        await #expect(throws: AuthHTTPError.self) {
            try await cache.refetch(after: 1, using: network, now: Self.t0.adding(seconds: 601), cooldownSeconds: 0)
        }
        #expect(network.count == 2)
    }

    @Test("a seeded set is as old as its save time; of unknown age it is fetched at its first use, and not served if that fails")
    func seeded() async throws {
        let seededKeys = try JWKSet(json: Self.setA.body)
        let network = SwitchableAnswer(Self.setB)
        let fetchedAgain = KeySetCache(url: Self.url, cached: seededKeys, body: nil)
        let first = try await fetchedAgain.current(using: network, now: Self.t0, maximumAgeSeconds: 600)
        #expect(first.fetched)
        #expect(Self.keyIDs(first.snapshot) == ["b"])
        network.answer(Self.down)
        // Of unknown age, it cannot be shown to be within a day of its fetch: the failure is thrown.
        let unknown = KeySetCache(url: Self.url, cached: seededKeys, body: nil)
        await #expect(throws: AuthHTTPError.self) { try await unknown.current(using: network, now: Self.t0, maximumAgeSeconds: 600) }
        // Saved an hour ago: old, so fetched again; the fetch fails, and the saved set is served.
        let offline = KeySetCache(url: Self.url, cached: seededKeys, body: nil, fetchedAt: Self.t0.adding(seconds: -3600))
        let served = try await offline.current(using: network, now: Self.t0, maximumAgeSeconds: 600)
        #expect(!served.fetched)
        #expect(Self.keyIDs(served.snapshot) == ["a"])
        #expect(network.count == 3)
        // Seeded with the time it was saved: as old as that.
        let saved = KeySetCache(url: Self.url, cached: seededKeys, body: nil, fetchedAt: Self.t0.adding(seconds: -300))
        #expect(try await !saved.current(using: network, now: Self.t0, maximumAgeSeconds: 600).fetched)
        #expect(network.count == 3)
        network.answer(Self.setB)
        #expect(try await saved.current(using: network, now: Self.t0.adding(seconds: 300), maximumAgeSeconds: 600).fetched)
        #expect(network.count == 4)
    }

    @Test("a clock gone back since the fetch makes the set old: it is fetched again")
    func clockWentBack() async throws {
        let (network, cache) = try await Self.primed(then: Self.setB)
        let back = try await cache.current(using: network, now: Self.t0.adding(seconds: -3600), maximumAgeSeconds: 600)
        #expect(back.fetched)
        #expect(Self.keyIDs(back.snapshot) == ["b"])
    }
}
