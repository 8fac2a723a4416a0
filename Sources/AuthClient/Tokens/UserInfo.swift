// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthJSON
public import AuthJWT

/// The claims the userinfo endpoint returns (OpenID Connect Core §5.3.2), with the same typed accessors as
/// an ID token's claims.
///
/// ```swift
/// let profile = try await user.fetchProfile()
/// profile.subject              // "alice"
/// try profile.claims.email     // "alice@example.com"
/// profile.claims["name"]       // any claim, as sent
/// profile.signingAlgorithm     // .rs256 when the answer was a signed JWT, nil for plain JSON
/// ```
///
/// Checked: the body is a JSON object with a string `sub`; ``User/fetchProfile(resolvingClaimSourcesWith:)``
/// also checks that `sub` is the signed-in user's. A signed answer (`application/jwt`) is verified before
/// it becomes a `UserInfo` (see ``AuthClient/userInfo(from:expectedSubject:)``); an encrypted one is refused.
/// Aggregated and distributed claims (Core §5.6.2) are listed in ``claimSources`` and merged only when asked
/// (``AuthClient/resolvingClaimSources(of:policy:)``).
public struct UserInfo: Sendable {
    /// `sub`.
    public let subject: String
    /// Every claim.
    public let claims: JWTClaims
    /// The `alg` of a signed userinfo response (Core §5.3.2), verified; nil when the answer was plain JSON.
    public let signingAlgorithm: JWSAlgorithm?
    /// The `kid` of the key that verified a signed response, if the key has one.
    public let signingKeyID: String?

    /// Reads a userinfo response body.
    public init(json body: some Sequence<UInt8>) throws(AuthClientError) {
        let object: JSONObject
        do {
            guard let parsed = try JSONValue(parsing: body).objectValue else { throw AuthClientError.invalidUserInfo("not a JSON object") }
            object = parsed
        } catch let error as AuthClientError {
            throw error
        } catch {
            throw .invalidUserInfo("not JSON")
        }
        try self.init(object, signingAlgorithm: nil, signingKeyID: nil)
    }

    /// Userinfo from claims already read (and, for a signed response, verified).
    init(_ object: JSONObject, signingAlgorithm: JWSAlgorithm?, signingKeyID: String?) throws(AuthClientError) {
        guard let subject = object["sub"]?.stringValue, !subject.isEmpty else { throw .invalidUserInfo("'sub' is missing") }
        self.subject = subject
        claims = JWTClaims(object)
        self.signingAlgorithm = signingAlgorithm
        self.signingKeyID = signingKeyID
    }

    /// The aggregated and distributed claims sources (OpenID Connect Core §5.6.2) that `_claim_names` and
    /// `_claim_sources` name, in the order of `_claim_sources`; empty when the response has neither.
    ///
    /// Throws ``AuthClientError/invalidClaimSource(source:reason:cause:)`` when they are malformed: a member
    /// that is not an object, a claim mapped to a source that is not there, a source with neither `JWT` nor
    /// `endpoint`.
    public var claimSources: [ClaimSource] {
        get throws(AuthClientError) {
            let names = claims["_claim_names"]
            let sources = claims["_claim_sources"]
            if names == nil, sources == nil { return [] }
            guard let names = names?.objectValue else {
                throw .invalidClaimSource(source: "_claim_names", reason: "not a JSON object", cause: nil)
            }
            guard let sources = sources?.objectValue else {
                throw .invalidClaimSource(source: "_claim_sources", reason: "not a JSON object", cause: nil)
            }
            var claimsBySource: [String: [String]] = [:]
            for (claim, value) in names.members {
                guard let source = value.stringValue else {
                    throw .invalidClaimSource(source: "_claim_names", reason: "'\(claim)' does not name a source", cause: nil)
                }
                guard sources[source] != nil else {
                    throw .invalidClaimSource(source: source, reason: "'\(claim)' is mapped to it, and _claim_sources lacks it", cause: nil)
                }
                claimsBySource[source, default: []].append(claim)
            }
            var result: [ClaimSource] = []
            for (name, value) in sources.members {
                guard let claimNames = claimsBySource[name] else { continue }
                result.append(try ClaimSource(name: name, claimNames: claimNames, member: value))
            }
            return result
        }
    }
}
