// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthJWT

extension AuthClient {
    /// Checks a validated ID token's authentication claims against what the login asked for (OpenID Connect
    /// Core §3.1.3.7 items 12–13; `auth_time` against `max_age` is checked by the ID-token validation):
    /// `acr` must be one of `expectedACR` when that is not empty, and `amr` must contain one of
    /// `expectedAMR` when that is not empty (RFC 8176 values; AccountSDKIOSWeb's "missing expected MFA").
    ///
    /// ```swift
    /// let idToken = try await client.validateIDToken(token, nonce: request.nonce.value, maxAge: options.maxAge)
    /// try client.checkAuthentication(of: idToken, against: options)   // throws missingExpectedMFA, acrNotSatisfied
    /// ```
    ///
    /// Not checked: that the provider honoured `acr_values` when nothing is expected (they are voluntary,
    /// Core §3.1.2.1), and what an `acr` value means (that is the provider's vocabulary).
    public func checkAuthentication(of idToken: IDToken, against options: LoginOptions) throws(AuthClientError) {
        let claims = IDTokenClaims(idToken.claims.object)
        if !options.expectedACR.isEmpty {
            let acr: AuthenticationContextClass?
            do {
                acr = try claims.authenticationContextClass
            } catch {
                throw .idToken(error)
            }
            guard let acr, options.expectedACR.contains(where: { $0.rawValue.utf8.elementsEqual(acr.rawValue.utf8) }) else {
                throw .acrNotSatisfied(expected: options.expectedACR.map(\.rawValue), actual: acr?.rawValue)
            }
        }
        if !options.expectedAMR.isEmpty {
            let amr: [AuthenticationMethodReference]
            do {
                amr = try claims.authenticationMethods
            } catch {
                throw .idToken(error)
            }
            let satisfied = amr.contains { method in options.expectedAMR.contains { $0.rawValue.utf8.elementsEqual(method.rawValue.utf8) } }
            guard satisfied else {
                throw .missingExpectedMFA(expected: options.expectedAMR.map(\.rawValue), actual: amr.map(\.rawValue))
            }
        }
    }
}
