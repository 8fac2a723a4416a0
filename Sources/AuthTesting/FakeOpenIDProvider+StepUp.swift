// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthCallback
import AuthClient
import AuthJSON
import AuthJWT
import AuthSession

extension FakeOpenIDProvider {
    /// Makes the user authenticate with `acr` and `amr` (RFC 8176 values) at the next authorization: its ID
    /// token carries them (and so do the ID tokens of its refreshes, as OpenID Connect Core §12.2 keeps the
    /// original authentication), and the protected resource judges its access tokens by them. Calls queue:
    /// each applies to one authorization. Without one, ID tokens carry neither claim — as a provider that
    /// ignores `acr_values` (they are voluntary, Core §3.1.2.1).
    ///
    /// ```swift
    /// provider.authenticateNextLogin(acr: "urn:example:loa:2", amr: ["pwd", "otp"])
    /// let user = try await client.login(with: provider.browser(), options: LoginOptions(expectedAMR: [.otp]))
    /// ```
    public func authenticateNextLogin(acr: String? = nil, amr: [String] = []) {
        state.withLock { $0.nextAuthentications.append((acr, amr)) }
    }

    /// What the ``Endpoint/resource`` endpoint requires of an access token, answering RFC 6750 §3 and RFC
    /// 9470 §3 challenges: a token whose grant lacks one of `scope` gets 403 `insufficient_scope`; one whose
    /// `acr` is not in `acrValues` (when not empty), or whose `auth_time` is more than `maxAge` seconds ago,
    /// gets 401 `insufficient_user_authentication` with `acr_values` and `max_age`; an unknown or expired
    /// token gets 401 `invalid_token`; any other gets 200 with `{"sub": …}`.
    ///
    /// ```swift
    /// provider.protectResource(acrValues: ["urn:example:loa:2"], maxAge: 300)
    /// _ = try await user.send(TransportRequest(method: .get, url: provider.url(of: .resource)))  // throws stepUpRequired
    /// ```
    public func protectResource(acrValues: [String] = [], maxAge: Int64? = nil, scope: [String] = []) {
        state.withLock { $0.resourceRequirement = (acrValues, maxAge, scope) }
    }

    /// The parameters of the last authorization request the provider saw (e.g. to see `acr_values` sent).
    public var lastAuthorizationParameters: [FormParameter] {
        state.withLock { $0.lastAuthorizationParameters }
    }

    /// The protected resource: the bearer token judged as ``protectResource(acrValues:maxAge:scope:)`` says.
    func protectedResource(_ request: TransportRequest) -> TransportResponse {
        let now = clock.now().secondsSince1970
        let (grant, requirement, skew) = state.withLock { state in
            let header = request.header("Authorization") ?? ""
            let grant = header.hasPrefix("Bearer ") ? state.accessTokens[String(header.dropFirst(7))] : nil
            return (grant, state.resourceRequirement, state.skew)
        }
        func challenge(_ status: Int, _ parameters: String) -> TransportResponse {
            TransportResponse(status: status, headerFields: [HeaderField(name: "WWW-Authenticate", value: "Bearer " + parameters)])
        }
        guard let grant, now + skew < grant.expiresAt else { return challenge(401, #"error="invalid_token""#) }
        let granted = grant.scope.split(separator: " ").map(String.init)
        if !requirement.scope.allSatisfy(granted.contains) {
            return challenge(403, #"error="insufficient_scope", scope="\#(requirement.scope.joined(separator: " "))""#)
        }
        let acrMissing = !requirement.acrValues.isEmpty && !requirement.acrValues.contains(grant.acr ?? "")
        let tooOld = requirement.maxAge.map { maxAge in (grant.authTime ?? .min) + maxAge < now + skew } ?? false
        if acrMissing || tooOld {
            var parameters = #"error="insufficient_user_authentication", error_description="A different authentication level is required""#
            if !requirement.acrValues.isEmpty { parameters += #", acr_values="\#(requirement.acrValues.joined(separator: " "))""# }
            if let maxAge = requirement.maxAge { parameters += ", max_age=\(maxAge)" }
            return challenge(401, parameters)
        }
        return Self.json(200, ["sub": .string(grant.subject)])
    }
}
