// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthClient
import AuthJSON
import AuthJWT
import AuthSession
import AuthTesting
import Foundation
import Testing

/// A `jwks_uri` for tests: counts requests, answers with the keys, status or failure it is set to, and can
/// hold requests until released (to line up concurrent validations).
final class KeySetEndpoint: HTTPTransport, Sendable {
    enum Answer: Sendable {
        case keys(JSONValue)
        case body([UInt8])
        case status(Int)
        case noResponse
    }

    private struct State {
        var answer: Answer
        var requests = 0
        var holding = false
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private let state: Locked<State>

    init(_ answer: Answer) {
        state = Locked(State(answer: answer))
    }

    var requests: Int { state.withLock { $0.requests } }

    func answer(_ answer: Answer) { state.withLock { $0.answer = answer } }

    /// From now on, requests wait for ``release()``.
    func hold() { state.withLock { $0.holding = true } }

    func release() {
        let waiting = state.withLock { state in
            state.holding = false
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting { continuation.resume() }
    }

    func send(_ request: TransportRequest) async throws(AuthHTTPError) -> TransportResponse {
        await withCheckedContinuation { continuation in
            let held = state.withLock { state in
                state.requests += 1
                if state.holding { state.waiting.append(continuation) }
                return state.holding
            }
            if !held { continuation.resume() }
        }
        switch state.withLock({ $0.answer }) {
        case .keys(let set): return TransportResponse(status: 200, body: set.serialized())
        case .body(let body): return TransportResponse(status: 200, body: body)
        case .status(let status): return TransportResponse(status: status)
        case .noResponse: throw .transportFailed(TransportFailure(.connectionLost, host: "jwks.test"))
        }
    }

    /// Waits (in real time, at most 2 s) until `count` requests have arrived, then a little longer so that
    /// any request that should not come has had its chance.
    func waitForRequests(_ count: Int) async throws {
        for _ in 0..<2000 where requests < count { try await Task.sleep(for: .milliseconds(1)) }
        try await Task.sleep(for: .milliseconds(100))
    }
}

@Suite("The JWK Set cache: one fetch at a time, a cooldown on refetches, faults keep the keys")
struct KeySetCacheTests {
    static let start = NumericDate(secondsSince1970: 1_800_000_000)
    static let provider = FakeOpenIDProvider()
    static let current = TestSigningKey.es256  // kid "authflow-test-p256"
    static let next = TestSigningKey.es256(privateKey: Array(repeating: 7, count: 32), keyID: "next")!

    /// An ID token from the fake provider's issuer for its client, issued at `start`, valid for an hour.
    static func token(_ key: TestSigningKey, issuedAt: Int64 = 1_800_000_000, seed: UInt64 = 1) -> String {
        let claims: JSONValue = [
            "iss": .string(provider.configuration.issuer), "aud": .string(provider.configuration.clientID), "sub": "alice",
            "iat": .number(JSONNumber(issuedAt)), "exp": .number(JSONNumber(issuedAt + 3600)),
        ]
        var generator = SeededRandomNumberGenerator(seed: seed)
        return key.sign(claims: claims.objectValue ?? JSONObject(), using: &generator)
    }

    static let tokenCurrent = token(current)
    static let tokenNext = token(next)

    struct Setup {
        let endpoint: KeySetEndpoint
        let time: ManualWallClock
        let client: AuthClient
    }

    static func setup(
        _ answer: KeySetEndpoint.Answer = .keys(TestSigningKey.jwkSet([current])),
        configure: (inout ClientConfiguration) -> Void = { _ in }
    ) throws -> Setup {
        var configuration = try provider.clientConfiguration
        configure(&configuration)
        let endpoint = KeySetEndpoint(answer)
        let time = ManualWallClock(start)
        let client = try AuthClient(configuration: configuration, metadata: provider.metadata, transport: endpoint, clock: .manual(time))
        return Setup(endpoint: endpoint, time: time, client: client)
    }

    /// The error of a validation that must fail.
    static func failure(_ client: AuthClient, _ token: String) async -> AuthClientError? {
        do {
            _ = try await client.validateIDToken(token, nonce: nil)
            Issue.record("the token was accepted")
            return nil
        } catch {
            return error
        }
    }

    /// `object` with member `name` set to `value` (replaced in place, or appended).
    static func changing(_ object: JSONObject, _ name: String, _ value: JSONValue) throws -> JSONObject {
        var result = JSONObject()
        for (member, old) in object.members where member != name { try result.append(member, old) }
        try result.append(name, value)
        return result
    }

    static func isNoMatchingKey(_ error: AuthClientError?, _ keyID: String) -> Bool {
        guard case .idToken(.noMatchingKey(keyID, "ES256"))? = error else { return false }
        return true
    }

    @Test("metadata without jwks_uri (RFC 8414 §2) makes validation fail with endpointNotAvailable, without a request, every time")
    func noKeySetURI() async throws {
        var metadata = Self.provider.metadata
        metadata.jwksURI = nil
        let endpoint = KeySetEndpoint(.keys(TestSigningKey.jwkSet([Self.current])))
        let client = try AuthClient(
            configuration: try Self.provider.clientConfiguration, metadata: metadata, transport: endpoint,
            clock: .manual(ManualWallClock(Self.start)))
        for _ in 0..<2 {
            #expect(await Self.failure(client, Self.tokenCurrent) == .endpointNotAvailable("jwks_uri"))
        }
        #expect(endpoint.requests == 0)
        #expect(await client.keySetFetchCount == 0)
        #expect(AuthClientError.endpointNotAvailable("jwks_uri").description.contains("no jwks_uri"))
    }

    @Test("eight validations at once with an empty cache make exactly one JWK Set request")
    func singleFlight() async throws {
        let setup = try Self.setup()
        setup.endpoint.hold()
        let client = setup.client
        let token = Self.tokenCurrent
        let validations = (0..<8).map { _ in Task { try await client.validateIDToken(token, nonce: nil).subject } }
        try await setup.endpoint.waitForRequests(8)
        #expect(setup.endpoint.requests == 1)
        setup.endpoint.release()
        for validation in validations { #expect(try await validation.value == "alice") }
        #expect(setup.endpoint.requests == 1)
        #expect(await client.keySetFetchCount == 1)
    }

    @Test(
        "a key rotated right after the first fetch is fetched at once, and so is a second rotation: a refetch that helped starts no cooldown"
    )
    func rotationWithinTheCooldown() async throws {
        let setup = try Self.setup()
        _ = try await setup.client.validateIDToken(Self.tokenCurrent, nonce: nil)
        #expect(setup.endpoint.requests == 1)
        setup.endpoint.answer(.keys(TestSigningKey.jwkSet([Self.current, Self.next])))
        setup.time.advance(by: 2)
        #expect(try await setup.client.validateIDToken(Self.tokenNext, nonce: nil).subject == "alice")
        #expect(setup.endpoint.requests == 2)
        let third = try #require(TestSigningKey.es256(privateKey: Array(repeating: 9, count: 32), keyID: "third"))
        setup.endpoint.answer(.keys(TestSigningKey.jwkSet([Self.current, Self.next, third])))
        setup.time.advance(by: 2)
        #expect(try await setup.client.validateIDToken(Self.token(third), nonce: nil).subject == "alice")
        #expect(try await setup.client.validateIDToken(Self.tokenNext, nonce: nil).subject == "alice")
        #expect(setup.endpoint.requests == 3)
    }

    @Test(
        "a kid that never exists causes at most one refetch per cooldown (default 60 s of the client's clock), however many tokens name it")
    func cooldown() async throws {
        let setup = try Self.setup()
        _ = try await setup.client.validateIDToken(Self.tokenCurrent, nonce: nil)
        #expect(setup.endpoint.requests == 1)
        // The first unknown kid refetches at once, whatever the age of the set; the refetch does not help.
        #expect(Self.isNoMatchingKey(await Self.failure(setup.client, Self.tokenNext), "next"))
        #expect(setup.endpoint.requests == 2)
        for _ in 0..<5 { #expect(Self.isNoMatchingKey(await Self.failure(setup.client, Self.tokenNext), "next")) }
        setup.time.advance(by: 59)
        #expect(Self.isNoMatchingKey(await Self.failure(setup.client, Self.tokenNext), "next"))
        #expect(setup.endpoint.requests == 2)
        setup.time.advance(by: 1)  // 60 s after the refetch that did not help: one more, which still lacks the key
        #expect(Self.isNoMatchingKey(await Self.failure(setup.client, Self.tokenNext), "next"))
        #expect(setup.endpoint.requests == 3)
        #expect(Self.isNoMatchingKey(await Self.failure(setup.client, Self.tokenNext), "next"))
        #expect(setup.endpoint.requests == 3)
        // The provider rotates; within the cooldown the key is not fetched, after it the refetch finds it.
        setup.endpoint.answer(.keys(TestSigningKey.jwkSet([Self.current, Self.next])))
        #expect(Self.isNoMatchingKey(await Self.failure(setup.client, Self.tokenNext), "next"))
        setup.time.advance(by: 60)
        #expect(try await setup.client.validateIDToken(Self.tokenNext, nonce: nil).subject == "alice")
        #expect(try await setup.client.validateIDToken(Self.tokenCurrent, nonce: nil).subject == "alice")
        #expect(setup.endpoint.requests == 4)
        #expect(await setup.client.keySetFetchCount == 4)
        #expect(try Self.provider.clientConfiguration.keySetRefetchCooldownSeconds == 60)
    }

    @Test("the cooldown is configurable: 0 refetches on every unknown kid, 600 holds for ten minutes after a refetch that did not help")
    func configurableCooldown() async throws {
        let eager = try Self.setup { $0.keySetRefetchCooldownSeconds = 0 }
        _ = try await eager.client.validateIDToken(Self.tokenCurrent, nonce: nil)
        for _ in 0..<3 { _ = await Self.failure(eager.client, Self.tokenNext) }
        #expect(eager.endpoint.requests == 4)

        let patient = try Self.setup { $0.keySetRefetchCooldownSeconds = 600 }
        _ = try await patient.client.validateIDToken(Self.tokenCurrent, nonce: nil)
        _ = await Self.failure(patient.client, Self.tokenNext)
        #expect(patient.endpoint.requests == 2)
        patient.time.advance(by: 599)
        _ = await Self.failure(patient.client, Self.tokenNext)
        #expect(patient.endpoint.requests == 2)
        patient.time.advance(by: 1)
        _ = await Self.failure(patient.client, Self.tokenNext)
        #expect(patient.endpoint.requests == 3)
    }

    @Test("a key the provider removed stops verifying ID tokens once the set is 10 minutes old; hours later one fetch per 10 minutes")
    func removedKeyStopsVerifying() async throws {
        let setup = try Self.setup(.keys(TestSigningKey.jwkSet([Self.current, Self.next])))
        _ = try await setup.client.validateIDToken(Self.tokenCurrent, nonce: nil)
        setup.endpoint.answer(.keys(TestSigningKey.jwkSet([Self.next])))  // the provider drops a compromised key
        setup.time.advance(by: 599)
        #expect(try await setup.client.validateIDToken(Self.tokenCurrent, nonce: nil).subject == "alice")
        #expect(setup.endpoint.requests == 1)
        setup.time.advance(by: 1)
        let refusal = await Self.failure(setup.client, Self.tokenCurrent)
        #expect(Self.isNoMatchingKey(refusal, "authflow-test-p256"))
        #expect(setup.endpoint.requests == 2)
        // Three hours on, tokens of the remaining key every minute for 15 minutes: two fetches, not fifteen.
        setup.time.advance(by: 3 * 3600 - 600)
        for minute in 0..<15 {
            let token = Self.token(Self.next, issuedAt: Self.start.secondsSince1970 + 3 * 3600 + Int64(minute) * 60)
            #expect(try await setup.client.validateIDToken(token, nonce: nil).subject == "alice")
            setup.time.advance(by: 60)
        }
        #expect(setup.endpoint.requests == 4)
    }

    @Test("keySetMaximumAgeSeconds nil keeps the set for days; 0 is refused as invalidConfiguration")
    func maximumAgeSettings() async throws {
        let setup = try Self.setup { $0.keySetMaximumAgeSeconds = nil }
        _ = try await setup.client.validateIDToken(Self.tokenCurrent, nonce: nil)
        setup.time.advance(by: 3 * 86_400)
        let later = Self.token(Self.current, issuedAt: Self.start.secondsSince1970 + 3 * 86_400)
        #expect(try await setup.client.validateIDToken(later, nonce: nil).subject == "alice")
        #expect(setup.endpoint.requests == 1)
        let zero = try Self.setup { $0.keySetMaximumAgeSeconds = 0 }
        guard case .invalidConfiguration(let reason)? = await Self.failure(zero.client, Self.tokenCurrent) else {
            Issue.record("keySetMaximumAgeSeconds 0 was accepted")
            return
        }
        #expect(reason.contains("keySetMaximumAgeSeconds"))
        #expect(zero.endpoint.requests == 0)
    }

    @Test("when the clock goes back, the cooldown does not hold the refetch back")
    func clockGoesBack() async throws {
        let setup = try Self.setup()
        _ = try await setup.client.validateIDToken(Self.tokenCurrent, nonce: nil)
        _ = await Self.failure(setup.client, Self.tokenNext)  // a refetch that does not help: the cooldown starts
        #expect(setup.endpoint.requests == 2)
        setup.endpoint.answer(.keys(TestSigningKey.jwkSet([Self.current, Self.next])))
        setup.time.advance(by: -3600)  // the tokens' iat is now in the future, beyond the leeway
        _ = await Self.failure(setup.client, Self.tokenNext)
        #expect(setup.endpoint.requests == 3)
    }

    @Test("a refetch that fails (503, no response, not a JWK Set) keeps the cached keys and says what happened")
    func failedRefetch() async throws {
        let setup = try Self.setup()
        _ = try await setup.client.validateIDToken(Self.tokenCurrent, nonce: nil)
        let failures: [(KeySetEndpoint.Answer, (AuthClientError) -> Bool)] = [
            (.status(503), { if case .unexpectedResponse("jwks_uri", 503, _) = $0 { true } else { false } }),
            (.noResponse, { if case .transportFailed(let failure) = $0 { failure.kind == .connectionLost } else { false } }),
            (.body(Array("<html>".utf8)), { if case .invalidKeySet = $0 { true } else { false } }),
        ]
        for (index, (answer, isCause)) in failures.enumerated() {
            setup.endpoint.answer(answer)
            setup.time.advance(by: 60)
            let error = await Self.failure(setup.client, Self.tokenNext)
            guard case .keySetRefetchFailed("next", let cause)? = error else {
                Issue.record("\(String(describing: error))")
                continue
            }
            #expect(isCause(cause), "\(cause)")
            #expect(error?.code == 10022)
            #expect(error?.description.contains("the cached keys were kept") == true)
            // The cached key still verifies, without another request (the failed attempt started a cooldown).
            #expect(try await setup.client.validateIDToken(Self.tokenCurrent, nonce: nil).subject == "alice")
            #expect(Self.isNoMatchingKey(await Self.failure(setup.client, Self.tokenNext), "next"))
            #expect(setup.endpoint.requests == 2 + index)
        }
        setup.endpoint.answer(.keys(TestSigningKey.jwkSet([Self.current, Self.next])))
        setup.time.advance(by: 60)
        #expect(try await setup.client.validateIDToken(Self.tokenNext, nonce: nil).subject == "alice")
    }

    @Test("six validations naming a new kid at once, right after the first fetch, share one refetch")
    func singleFlightRefetch() async throws {
        let setup = try Self.setup()
        _ = try await setup.client.validateIDToken(Self.tokenCurrent, nonce: nil)
        setup.endpoint.answer(.keys(TestSigningKey.jwkSet([Self.current, Self.next])))
        setup.endpoint.hold()
        let client = setup.client
        let token = Self.tokenNext
        let validations = (0..<6).map { _ in Task { try await client.validateIDToken(token, nonce: nil).subject } }
        try await setup.endpoint.waitForRequests(7)
        #expect(setup.endpoint.requests == 2)
        setup.endpoint.release()
        for validation in validations { #expect(try await validation.value == "alice") }
        #expect(setup.endpoint.requests == 2)
    }

    @Test("keys in the provider's set that cannot verify are skipped; with none left the error names them")
    func unusableKeys() async throws {
        let good = try #require(Self.current.publicJWK)
        // The same kid: its y changed in one whole-bits character (off the curve), `use` enc, `key_ops` sign.
        let y = try #require(good["y"]?.stringValue)
        let index = y.index(y.startIndex, offsetBy: 10)
        let otherY = String(y[..<index]) + (y[index] == "A" ? "B" : "A") + String(y[y.index(after: index)...])
        let offCurve = try Self.changing(good, "y", .string(otherY))
        let encryption = try Self.changing(good, "use", "enc")
        let signOnly = try Self.changing(good, "key_ops", ["sign"])
        let unusable: [JSONValue] = [.object(offCurve), .object(encryption), .object(signOnly)]
        let setup = try Self.setup(.keys(["keys": .array(unusable + [.object(good)])]))
        #expect(try await setup.client.validateIDToken(Self.tokenCurrent, nonce: nil).subject == "alice")

        let none = try Self.setup(.keys(["keys": .array(unusable)]))
        let error = await Self.failure(none.client, Self.tokenCurrent)
        guard case .idToken(.noUsableKey("authflow-test-p256", "ES256", let rejected))? = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(rejected.map(\.reason.code) == [5012, 5037, 5038])
        #expect(none.endpoint.requests == 1, "an unusable key is not an unknown kid: no refetch")
        #expect(error?.description.contains(y) == false)
    }

    @Test("a token without kid tries at most maximumCandidateKeys keys (default 4); at least 1 is required")
    func candidateCap() async throws {
        let decoys = (1...5).compactMap { TestSigningKey.es256(privateKey: Array(repeating: UInt8($0), count: 32), keyID: nil) }
        let keys = TestSigningKey.jwkSet(decoys + [Self.current.withKeyID(nil)])
        let token = Self.token(Self.current.withKeyID(nil))
        let setup = try Self.setup(.keys(keys))
        let error = await Self.failure(setup.client, token)
        guard case .idToken(.candidateKeyLimitReached(nil, "ES256", 4, 6))? = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        let wider = try Self.setup(.keys(keys)) { $0.maximumCandidateKeys = 6 }
        #expect(try await wider.client.validateIDToken(token, nonce: nil).subject == "alice")
        let broken = try Self.setup(.keys(keys)) { $0.maximumCandidateKeys = 0 }
        guard case .invalidConfiguration? = await Self.failure(broken.client, token) else {
            Issue.record("maximumCandidateKeys 0 accepted")
            return
        }
    }
}
