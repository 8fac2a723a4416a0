// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

extension User {
    /// Reads a resource's refusal from its `WWW-Authenticate` challenges (RFC 9110 §11.6.1) and throws the
    /// refusals a refresh cannot fix:
    /// - `insufficient_user_authentication` (RFC 9470 §3, a 401): ``AuthClientError/stepUpRequired(acrValues:maxAge:)``
    ///   with the challenge's `acr_values` and `max_age`, for `LoginOptions(stepUp:)`;
    /// - `insufficient_scope` (RFC 6750 §3.1, a 403, or a 401 from some servers):
    ///   ``AuthClientError/insufficientScope(scope:)`` with the challenge's `scope`;
    /// - `invalid_dpop_proof` in a `DPoP` challenge (RFC 9449 §7.1, a 401): ``AuthClientError/dpopProofRefused(reason:)``
    ///   with its `error_description` — a new access token would not make the proof valid, and the refresh
    ///   would spend a refresh token for nothing.
    ///
    /// ```swift
    /// do {
    ///     let response = try await user.send(request)
    /// } catch .stepUpRequired(let acrValues, let maxAge) {
    ///     let options = LoginOptions(maxAge: maxAge, acrValues: acrValues.map(AuthenticationContextClass.init(rawValue:)))
    ///     _ = try await client.login(with: browser, options: options)      // then send again
    /// }
    /// ```
    ///
    /// Returns for anything else — `invalid_token`, no error code, no challenge, a field that cannot be
    /// parsed (the tolerant `TransportResponse.challenges`): the caller then treats a 401 as an expired
    /// token (refresh once) and returns other statuses as they came. A 401 `use_dpop_nonce` (RFC 9449 §9)
    /// is not a refusal here either: ``AuthClient/send(_:authorizedWith:)`` has already retried it once with
    /// the server's nonce.
    static func classifyRefusal(_ response: TransportResponse) throws(AuthClientError) {
        guard response.status == 401 || response.status == 403 else { return }
        for challenge in response.challenges {
            switch challenge.error {
            case .insufficientUserAuthentication? where response.status == 401:
                throw .stepUpRequired(acrValues: challenge.acrValues, maxAge: challenge.maxAge.map(Int64.init))
            case .insufficientScope?:
                throw .insufficientScope(scope: challenge.scope)
            case .invalidDPoPProof? where response.status == 401 && challenge.isScheme("DPoP"):
                throw .dpopProofRefused(reason: challenge.errorDescription)
            default: continue
            }
        }
    }
}
