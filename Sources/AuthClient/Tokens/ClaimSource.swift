// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthJSON

/// One aggregated or distributed claims source of a userinfo response (OpenID Connect Core §5.6.2): its
/// name in `_claim_sources`, the claims `_claim_names` maps to it, and where the claims are.
///
/// ```swift
/// for source in try profile.claimSources {
///     print(source.name, source.claimNames)        // "src1" ["address", "phone_number"]
///     if case .distributed(let endpoint, _) = source.location { print(endpoint) }
/// }
/// ```
///
/// Nothing here is verified: a source's JWT is checked only by ``AuthClient/resolvingClaimSources(of:policy:)``.
/// The description never shows the JWT or the access token.
public struct ClaimSource: Sendable, Hashable {
    /// Where a source's claims are.
    public enum Location: Sendable, Hashable {
        /// Aggregated claims: a JWT, signed by the claims provider, holding the claims (`JWT`).
        case aggregated(jwt: String)
        /// Distributed claims: an endpoint that answers a JWT holding the claims, and the access token to ask
        /// with, if the provider gave one (`endpoint`, `access_token`).
        case distributed(endpoint: String, accessToken: String?)
    }

    /// The source's name in `_claim_sources`.
    public let name: String
    /// The claims `_claim_names` maps to this source, in their order there.
    public let claimNames: [String]
    /// Where the claims are.
    public let location: Location

    /// Reads one member of `_claim_sources`.
    init(name: String, claimNames: [String], member: JSONValue) throws(AuthClientError) {
        guard let object = member.objectValue else { throw .invalidClaimSource(source: name, reason: "not a JSON object", cause: nil) }
        self.name = name
        self.claimNames = claimNames
        if let jwt = object["JWT"] {
            guard let token = jwt.stringValue, object["endpoint"] == nil else {
                throw .invalidClaimSource(source: name, reason: "JWT is not a string, or comes with an endpoint", cause: nil)
            }
            location = .aggregated(jwt: token)
        } else if let endpoint = object["endpoint"]?.stringValue {
            let token = object["access_token"]
            guard token == nil || token?.stringValue != nil else {
                throw .invalidClaimSource(source: name, reason: "access_token is not a string", cause: nil)
            }
            location = .distributed(endpoint: endpoint, accessToken: token?.stringValue)
        } else {
            throw .invalidClaimSource(source: name, reason: "it has neither a JWT nor an endpoint", cause: nil)
        }
    }
}

extension ClaimSource: CustomStringConvertible {
    /// The name, the claims and the kind of source; never the JWT or the access token.
    public var description: String {
        "ClaimSource(\(name): [\(claimNames.joined(separator: ", "))], \(location))"
    }
}
