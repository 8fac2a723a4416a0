// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthBase64URL
import AuthDigest
import AuthHTTP
import AuthJSON
import AuthJWT
import AuthResourceServer
import AuthTesting
import Synchronization

/// Shared values for the resource server's tests: an authorization server's key, tokens it mints, DPoP
/// proofs and an in-memory network.
enum Fixtures {
    static let now: Int64 = 1_800_000_000
    static let issuer = "https://as.example.com"
    static let resource = "https://mcp.example.com/mcp"
    static let jwksURL = "https://as.example.com/jwks"

    static func key(_ seed: UInt64, keyID: String?) -> P256PrivateKey {
        var generator = SeededRandomNumberGenerator(seed: seed)
        return P256PrivateKey.generate(keyID: keyID, using: &generator)
    }

    static let signingKey = key(1, keyID: "as-1")
    static let rotatedKey = key(2, keyID: "as-2")
    static let proofKey = key(3, keyID: nil)
    static let otherProofKey = key(4, keyID: nil)

    static func jwks(_ keys: [P256PrivateKey]) -> [UInt8] {
        (["keys": .array(keys.map { .object($0.publicJWK) })] as JSONValue).serialized()
    }

    static func keySet(_ keys: [P256PrivateKey]) -> JWKSet {
        // swift-format-ignore: NeverUseForceTry
        try! JWKSet(json: jwks(keys))
    }

    /// The claims of a valid access token, then `changes` (nil removes a claim).
    static func claims(_ changes: [String: JSONValue?] = [:]) -> JSONObject {
        var members: [(String, JSONValue)] = [
            ("iss", .string(issuer)), ("exp", .number(JSONNumber(now + 300))), ("aud", .string(resource)), ("sub", "user-42"),
            ("client_id", "mcp-client"), ("iat", .number(JSONNumber(now - 10))), ("jti", "token-1"), ("scope", "mcp:tools mcp:resources"),
        ]
        for (name, value) in changes.sorted(by: { $0.key < $1.key }) {
            if let index = members.firstIndex(where: { $0.0 == name }) {
                if let value { members[index].1 = value } else { members.remove(at: index) }
            } else if let value {
                members.append((name, value))
            }
        }
        var object = JSONObject()
        for (name, value) in members { try? object.append(name, value) }
        return object
    }

    /// An ES256 access token with `typ` (nil: none) signed by `key`.
    static func token(_ changes: [String: JSONValue?] = [:], typ: String? = "at+jwt", key: P256PrivateKey = signingKey) -> String {
        var header = JSONObject()
        if let typ { try? header.append("typ", .string(typ)) }
        return key.signedJWT(claims: claims(changes), header: header)
    }

    /// A token bound to `proofKey` (`cnf.jkt`).
    static func boundToken(_ changes: [String: JSONValue?] = [:]) -> String {
        var all = changes
        all["cnf"] = ["jkt": .string(proofKey.thumbprint)] as JSONValue
        return token(all)
    }

    /// A DPoP proof (RFC 9449 §4.2) for `method` `url`, with `ath` of `accessToken`.
    static func proof(
        key: P256PrivateKey = proofKey, method: String = "POST", url: String = resource, accessToken: String?, jti: String = "proof-1",
        nonce: String? = nil, iat: Int64 = now
    ) -> String {
        var header = JSONObject()
        try? header.append("typ", "dpop+jwt")
        try? header.append("jwk", .object(key.publicJWK))
        var claims = JSONObject()
        try? claims.append("jti", .string(jti))
        try? claims.append("htm", .string(method))
        try? claims.append("htu", .string(url))
        try? claims.append("iat", .number(JSONNumber(iat)))
        if let accessToken { try? claims.append("ath", .string(Base64URL.encode(SHA256.hash(data: accessToken.utf8)))) }
        if let nonce { try? claims.append("nonce", .string(nonce)) }
        return key.signedJWT(claims: claims, header: header)
    }

    static func request(_ fields: [(String, String)], method: String = "POST", url: String = resource) -> ProtectedRequest {
        ProtectedRequest(method: method, url: url, headerFields: fields.map { HeaderField(name: $0.0, value: $0.1) })
    }

    static func bearer(_ token: String) -> ProtectedRequest {
        request([("Authorization", "Bearer " + token)])
    }

    static func configuration(keys: ResourceServerConfiguration.Keys = .jwksURL(jwksURL)) -> ResourceServerConfiguration {
        ResourceServerConfiguration(resource: resource, authorizationServers: [issuer], scopesSupported: ["mcp:tools"], keys: keys)
    }

    static func server(_ configuration: ResourceServerConfiguration = configuration(), network: Network = Network.standard())
        -> ResourceServer
    {
        ResourceServer(configuration: configuration, transport: network, now: { now })
    }

    static func json(_ bytes: [UInt8]) -> JSONObject? {
        (try? JSONValue(parsing: bytes))?.objectValue
    }
}

/// An in-memory network: answers by URL, counts requests, and can hold requests until released.
final class Network: HTTPTransport, Sendable {
    private struct State {
        var routes: [String: TransportResponse] = [:]
        var requests: [TransportRequest] = []
        var held = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    init(_ routes: [String: TransportResponse] = [:]) {
        state.withLock { $0.routes = routes }
    }

    /// The AS's JWK Set (with `signingKey`) at `jwksURL`.
    static func standard(keys: [P256PrivateKey] = [Fixtures.signingKey]) -> Network {
        Network([Fixtures.jwksURL: TransportResponse(status: 200, body: Fixtures.jwks(keys))])
    }

    func route(_ url: String, _ response: TransportResponse) {
        state.withLock { $0.routes[url] = response }
    }

    func route(_ url: String, json: JSONValue, status: Int = 200, contentType: String = "application/json") {
        route(
            url,
            TransportResponse(
                status: status, headerFields: [HeaderField(name: "Content-Type", value: contentType)], body: json.serialized()))
    }

    var requests: [TransportRequest] { state.withLock { $0.requests } }

    func count(_ url: String) -> Int { requests.filter { $0.url == url }.count }

    /// Holds every request until ``release()``.
    func hold() { state.withLock { $0.held = true } }

    func release() {
        let waiters = state.withLock { state in
            state.held = false
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    func send(_ request: TransportRequest) async throws(AuthHTTPError) -> TransportResponse {
        let held = state.withLock { state in
            state.requests.append(request)
            return state.held
        }
        if held {
            await withCheckedContinuation { continuation in
                let resumeNow = state.withLock { state in
                    guard state.held else { return true }
                    state.waiters.append(continuation)
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        }
        guard let response = state.withLock({ $0.routes[request.url] }) else {
            return TransportResponse(status: 404)
        }
        return response
    }
}
