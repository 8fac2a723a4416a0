// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

package import AuthJWT

/// A JWK Set from one `jwks_uri`, fetched on first use and kept: the one cache a client (ID tokens) and a
/// resource server (access tokens) both use, so both handle key rotation the same way.
///
/// - One fetch at a time: however many validations need the set at once, one request is made and they
///   all wait for it (single flight).
/// - When a token names a `kid` the cached set lacks (key rotation), `refetch(after:using:now:cooldownSeconds:)`
///   fetches it again at once, whatever the age of the set (the first fetch starts no cooldown). A refetch
///   starts a cooldown, measured on the caller's clock from its start, unless a validation it served
///   reports with `refetchHelped(generation:)` that it found the key; a failed refetch never helped. Within
///   the cooldown no refetch is made. If the clock has gone back since, the cooldown is over.
/// - A set older than the caller's maximum age (measured from the fetch that brought it, on the caller's
///   clock) is fetched again before use, so a key the provider removed stops verifying within that age. If
///   that fetch fails, the older set is used (the last known good set: an outage of the provider does not
///   refuse every token) until `lastKnownGoodSeconds` after its fetch, then the failure is thrown; no fetch is
///   tried again for `failureRetrySeconds`. A seeded set is as old as
///   the time it was seeded with (fetched again at its first use when that is unknown, and then never
///   served as the last known good set). If the clock has
///   gone back since a fetch, the set counts as old.
/// - A fetch that fails (no response, a status other than 200, a body over `maximumBodyBytes`, a document
///   that is not a JWK Set) leaves the cached set as it was, and is remembered for `failureRetrySeconds`:
///   within that time a caller with no set gets the same error without a request, so a provider that is down
///   is not asked once per token.
/// - Without a `jwks_uri` (a plain OAuth 2.0 server, RFC 8414 §2) there is nothing to fetch: asking for the
///   set throws `endpointNotAvailable("jwks_uri")` and no request is made (a seeded set is still served).
///
/// `package`: the modules of AuthFlow share it; it is not public API.
package actor KeySetCache {
    /// A set and its generation: each successful fetch makes a new generation.
    package struct Snapshot: Sendable {
        package let keys: JWKSet
        package let generation: Int
        /// The set as sent, for the provider cache (nil for a set that was not fetched as text).
        package var body: String? = nil

        package init(keys: JWKSet, generation: Int, body: String? = nil) {
            self.keys = keys
            self.generation = generation
            self.body = body
        }
    }

    /// What the cache did, for the owner's log.
    package enum Event: Sendable {
        /// A fetch starts: the URL and the how-many-th request this is.
        case fetching(url: String, attempt: Int)
        /// A fetch brought a new generation.
        case fetched(generation: Int)
        /// A fetch failed; the cached keys are kept.
        case fetchFailed(AuthHTTPError)
        /// An unknown `kid`, but a refetch that did not find it was made less than `cooldownSeconds` ago.
        case cooldown(seconds: Int64)
    }

    /// The largest JWK Set body read (512 KiB; real sets are a few kilobytes): a larger one is refused
    /// before it is parsed.
    package static let maximumBodyBytes = 512 * 1024

    /// How long a failed fetch is remembered (5 seconds): no other fetch is started meanwhile.
    package static let failureRetrySeconds: Int64 = 5

    /// How long after its fetch an old set is still used when fetching it again fails (a day): past that,
    /// the failure is thrown.
    package static let lastKnownGoodSeconds: Int64 = 86_400

    /// The `jwks_uri`; nil when the metadata lists none.
    private let url: String?
    private let observe: @Sendable (Event) -> Void
    private var cached: Snapshot?
    /// When the fetch that brought `cached` started (nil: seeded, or never fetched).
    private var fetchedAt: NumericDate?
    /// The last fetch, when it failed: its start and its error.
    private var lastFailure: (at: NumericDate, error: AuthHTTPError)?
    /// When the last refetch that did not help started (nil: none, or the last one helped).
    private var cooldownStart: NumericDate?
    private var inFlight: Task<Result<Snapshot, AuthHTTPError>, Never>?
    /// How many requests for the set were made, failed ones included (for tests and the demo).
    package private(set) var fetchCount = 0

    package init(url: String?, observe: @escaping @Sendable (Event) -> Void = { _ in }) {
        self.url = url
        self.observe = observe
    }

    /// A cache that starts with `keys` (read from a store, `body` as stored, or configured) — for an owner
    /// that could not reach the provider, or has its keys already. A `kid` it lacks is fetched as usual.
    /// `fetchedAt` is when the keys were known to be the provider's (a store's save time); nil: unknown, so
    /// a caller with a maximum age fetches the set at its first use.
    package init(
        url: String?, cached keys: JWKSet, body: String?, fetchedAt: NumericDate? = nil,
        observe: @escaping @Sendable (Event) -> Void = { _ in }
    ) {
        self.url = url
        self.observe = observe
        cached = Snapshot(keys: keys, generation: 1, body: body)
        self.fetchedAt = fetchedAt
    }

    /// The set as last fetched (or seeded), as text.
    package var body: String? { cached?.body }

    /// The cached set, fetching it (or waiting for the fetch under way) if there is none or it is older
    /// than `maximumAgeSeconds` at `now` (nil: no limit); `fetched` tells whether this call waited for a
    /// successful fetch, so the set is as fresh as it can be. An old set whose fetch fails is returned as it
    /// is (`fetched` false) up to `lastKnownGoodSeconds` after its fetch; with no set (or an older one), the
    /// failure is thrown, and thrown again without a request for `failureRetrySeconds`.
    package func current(
        using transport: any HTTPTransport, now: NumericDate, maximumAgeSeconds: Int64?
    ) async throws(AuthHTTPError) -> (snapshot: Snapshot, fetched: Bool) {
        if let cached {
            guard isOld(at: now, maximumAgeSeconds: maximumAgeSeconds) else { return (cached, false) }
            let failure: AuthHTTPError
            if let recent = recentFailure(at: now) {
                failure = recent
            } else {
                switch await fetch(using: transport, now: now) {
                case .success(let fresh): return (fresh, true)
                case .failure(let error): failure = error
                }
            }
            // The last known good set, for a day at most: whoever makes every fetch fail cannot keep a
            // removed key verifying for ever.
            guard let fetchedAt, fetchedAt <= now, now < fetchedAt.adding(seconds: Self.lastKnownGoodSeconds) else { throw failure }
            return (cached, false)
        }
        if let failure = recentFailure(at: now) { throw failure }
        return (try await fetch(using: transport, now: now).get(), true)
    }

    /// The set to verify a JWS whose header names `keyID` with: the current set (see
    /// `current(using:now:maximumAgeSeconds:)`), or, when it has no key `keyID` and was not fetched by this
    /// call, the set a refetch brings (see `refetch(after:using:now:cooldownSeconds:)`; within the cooldown, the
    /// current set). For answers whose check does not report back with `refetchHelped(generation:)`.
    package func keys(
        forKeyID keyID: String?, using transport: any HTTPTransport, now: NumericDate, maximumAgeSeconds: Int64?,
        cooldownSeconds: Int64
    ) async throws(AuthHTTPError) -> Snapshot {
        let (snapshot, fetched) = try await current(using: transport, now: now, maximumAgeSeconds: maximumAgeSeconds)
        guard let keyID, !fetched, !snapshot.keys.keys.contains(where: { $0.keyID == keyID }) else { return snapshot }
        return try await refetch(after: snapshot.generation, using: transport, now: now, cooldownSeconds: cooldownSeconds) ?? snapshot
    }

    /// Whether the cached set was fetched more than `maximumAgeSeconds` before `now`, or at an unknown or
    /// later time.
    private func isOld(at now: NumericDate, maximumAgeSeconds: Int64?) -> Bool {
        guard let maximumAgeSeconds else { return false }
        guard let fetchedAt, fetchedAt <= now else { return true }
        return fetchedAt.adding(seconds: maximumAgeSeconds) <= now
    }

    /// The error of a fetch that failed less than `failureRetrySeconds` before `now`.
    private func recentFailure(at now: NumericDate) -> AuthHTTPError? {
        guard let lastFailure, lastFailure.at <= now, now < lastFailure.at.adding(seconds: Self.failureRetrySeconds) else { return nil }
        return lastFailure.error
    }

    /// A set to try again a token whose `kid` was not in generation `seen`: the set a fetch under way
    /// brings, or a newer set than `seen` if one arrived meanwhile, or a new fetch — unless a refetch that
    /// did not help started less than `cooldownSeconds` before `now`, then nil. The new fetch counts as not
    /// helping (it starts a cooldown now) until `refetchHelped(generation:)` says otherwise, so tokens with
    /// made-up `kid`s arriving meanwhile cannot start another. Throws what a fetch failure was; the cache
    /// keeps its set.
    package func refetch(
        after seen: Int, using transport: any HTTPTransport, now: NumericDate, cooldownSeconds: Int64
    ) async throws(AuthHTTPError) -> Snapshot? {
        if let inFlight { return try await inFlight.value.get() }
        if let cached, cached.generation != seen { return cached }
        if let cooldownStart, cooldownStart <= now, now < cooldownStart.adding(seconds: cooldownSeconds) {
            observe(.cooldown(seconds: cooldownSeconds))
            return nil
        }
        if let failure = recentFailure(at: now) { throw failure }
        cooldownStart = now
        return try await fetch(using: transport, now: now).get()
    }

    /// A validation found its key in generation `generation`, which a refetch brought: that refetch helped,
    /// so it starts no cooldown (a later rotation is fetched at once). Nothing changes when a newer set has
    /// been fetched since.
    package func refetchHelped(generation: Int) {
        guard cached?.generation == generation else { return }
        cooldownStart = nil
    }

    /// Joins the fetch under way or starts one. The fetch runs in its own task, so a caller that is
    /// cancelled does not cancel it for the others; it installs its result itself before anyone resumes.
    private func fetch(using transport: any HTTPTransport, now: NumericDate) async -> Result<Snapshot, AuthHTTPError> {
        if let inFlight { return await inFlight.value }
        // Nothing to fetch, and no attempt to count: the metadata lists no `jwks_uri` (RFC 8414 §2).
        guard let url else { return .failure(.endpointNotAvailable("jwks_uri")) }
        fetchCount += 1
        observe(.fetching(url: url, attempt: fetchCount))
        let task = Task {
            let result = await Self.download(url, using: transport)
            return self.install(result, startedAt: now)
        }
        inFlight = task
        return await task.value
    }

    private func install(_ result: Result<(JWKSet, String?), AuthHTTPError>, startedAt: NumericDate) -> Result<Snapshot, AuthHTTPError> {
        inFlight = nil
        switch result {
        case .success(let (keys, body)):
            let snapshot = Snapshot(keys: keys, generation: (cached?.generation ?? 0) + 1, body: body)
            observe(.fetched(generation: snapshot.generation))
            cached = snapshot
            fetchedAt = startedAt
            lastFailure = nil
            return .success(snapshot)
        case .failure(let error):
            observe(.fetchFailed(error))
            lastFailure = (startedAt, error)
            return .failure(error)
        }
    }

    private static func download(_ url: String, using transport: any HTTPTransport) async -> Result<(JWKSet, String?), AuthHTTPError> {
        var request = TransportRequest(method: .get, url: url)
        request.setHeader("Accept", "application/jwk-set+json, application/json")
        let response: TransportResponse
        do {
            response = try await transport.send(request)
        } catch {
            return .failure(error)
        }
        guard response.status == 200 else {
            return .failure(.unexpectedResponse(endpoint: "jwks_uri", status: response.status, reason: "the JWK Set could not be fetched"))
        }
        guard response.body.count <= maximumBodyBytes else {
            return .failure(
                .unexpectedResponse(
                    endpoint: "jwks_uri", status: response.status,
                    reason: "the JWK Set is \(response.body.count) bytes, over the limit of \(maximumBodyBytes)"))
        }
        do {
            return .success((try JWKSet(json: response.body), String(validating: response.body, as: UTF8.self)))
        } catch {
            return .failure(.invalidKeySet(error))
        }
    }
}
