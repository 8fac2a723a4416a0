// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthHTTP
import AuthJSON
import AuthJWT

/// The signing keys of each trusted issuer: a fixed set, one JWK Set URL for all, or each issuer's
/// `jwks_uri` found in its metadata. Each URL has one `KeySetCache` (AuthHTTP's, the client's), so
/// fetches are single-flight and an unknown `kid` refetches at most once per cooldown.
///
/// Discovery is single-flight per issuer too, and a failed discovery is not retried for
/// ``discoveryRetrySeconds``, so a down authorization server is not asked once per request.
actor KeyDirectory {
    /// How long a failed discovery is remembered before another attempt.
    static let discoveryRetrySeconds: Int64 = 30
    /// The largest metadata document read.
    static let maximumMetadataBytes = 512 * 1024

    private enum Source {
        case fixed(JWKSet)
        case shared(url: String, cache: KeySetCache)
        case discover
    }

    private let source: Source
    /// How old a fetched set may be before it is fetched again (see `KeySetCache`); nil: no limit.
    nonisolated let keySetMaximumAgeSeconds: Int64?
    private let transport: any HTTPTransport
    private let allowsInsecureLoopback: Bool
    private var discovered: [String: KeySetCache] = [:]
    private var discovering: [String: Task<Result<KeySetCache, ResourceServerError>, Never>] = [:]
    private var failures: [String: (at: Int64, error: ResourceServerError)] = [:]

    init(
        keys: ResourceServerConfiguration.Keys, transport: any HTTPTransport, allowsInsecureLoopback: Bool,
        keySetMaximumAgeSeconds: Int64? = 600
    ) {
        self.keySetMaximumAgeSeconds = keySetMaximumAgeSeconds
        switch keys {
        case .keySet(let set): source = .fixed(set)
        case .jwksURL(let url): source = .shared(url: url, cache: KeySetCache(url: url))
        case .discover: source = .discover
        }
        self.transport = transport
        self.allowsInsecureLoopback = allowsInsecureLoopback
    }

    /// Where the keys of `issuer` are: a fixed set, or the cache to ask.
    enum Keys: Sendable {
        case fixed(JWKSet)
        case cached(KeySetCache)
    }

    func keys(for issuer: String, now: Int64) async throws(ResourceServerError) -> Keys {
        switch source {
        case .fixed(let set):
            return .fixed(set)
        case .shared(let url, let cache):
            guard WebURL.isSecure(url, allowsInsecureLoopback: allowsInsecureLoopback) else {
                throw .invalidConfiguration("the JWK Set URL is not https")
            }
            return .cached(cache)
        case .discover:
            if let cache = discovered[issuer] { return .cached(cache) }
            if let failure = failures[issuer], failure.at <= now, now < failure.at + Self.discoveryRetrySeconds {
                throw failure.error
            }
            let task: Task<Result<KeySetCache, ResourceServerError>, Never>
            if let running = discovering[issuer] {
                task = running
            } else {
                let transport = transport
                let insecure = allowsInsecureLoopback
                task = Task { await Self.discover(issuer, transport: transport, allowsInsecureLoopback: insecure) }
                discovering[issuer] = task
            }
            let result = await task.value
            discovering[issuer] = nil
            switch result {
            case .success(let cache):
                if let existing = discovered[issuer] { return .cached(existing) }
                discovered[issuer] = cache
                failures[issuer] = nil
                return .cached(cache)
            case .failure(let error):
                failures[issuer] = (now, error)
                throw error
            }
        }
    }

    /// The issuer's `jwks_uri` from its RFC 8414 metadata, or else its OpenID Connect discovery document.
    private static func discover(
        _ issuer: String, transport: any HTTPTransport, allowsInsecureLoopback: Bool
    ) async -> Result<KeySetCache, ResourceServerError> {
        guard WebURL.isSecure(issuer, allowsInsecureLoopback: allowsInsecureLoopback),
            let rfc8414 = WebURL.wellKnown("oauth-authorization-server", insertedInto: issuer)
        else {
            return .failure(.discoveryFailed(issuer: issuer, reason: "the issuer is not an https URL"))
        }
        let openID = (issuer.hasSuffix("/") ? String(issuer.dropLast()) : issuer) + "/.well-known/openid-configuration"
        var tried: [String] = []
        for url in [rfc8414, openID] {
            tried.append("\(url)")
            var request = TransportRequest(method: .get, url: url)
            request.setHeader("Accept", "application/json")
            let response: TransportResponse
            do {
                response = try await transport.send(request)
            } catch {
                return .failure(.discoveryFailed(issuer: issuer, reason: "\(url): \(error)"))
            }
            guard response.status == 200 else {
                tried[tried.count - 1] += " (\(response.status))"
                continue
            }
            guard response.body.count <= maximumMetadataBytes else {
                return .failure(.discoveryFailed(issuer: issuer, reason: "\(url): the document is over \(maximumMetadataBytes) bytes"))
            }
            guard let document = try? JSONValue(parsing: response.body).objectValue else {
                return .failure(.discoveryFailed(issuer: issuer, reason: "\(url): the document is not a JSON object"))
            }
            guard let stated = document["issuer"]?.stringValue, stated.hasSameBytes(as: issuer) else {
                return .failure(
                    .discoveryFailed(issuer: issuer, reason: "\(url): the document's issuer is not '\(issuer)' (RFC 8414 §3.3)"))
            }
            guard let jwksURI = document["jwks_uri"]?.stringValue else {
                return .failure(.discoveryFailed(issuer: issuer, reason: "\(url): the document has no jwks_uri"))
            }
            guard WebURL.isSecure(jwksURI, allowsInsecureLoopback: allowsInsecureLoopback) else {
                return .failure(.discoveryFailed(issuer: issuer, reason: "\(url): jwks_uri is not https"))
            }
            return .success(KeySetCache(url: jwksURI))
        }
        return .failure(.discoveryFailed(issuer: issuer, reason: "no metadata at \(tried.joined(separator: ", "))"))
    }
}
