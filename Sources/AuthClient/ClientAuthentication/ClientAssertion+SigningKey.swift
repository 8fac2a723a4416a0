// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthBase64URL
import AuthJWT

extension ClientAssertion {
    /// The compact JWS of the assertion signed by `key` (`private_key_jwt`, OpenID Connect Core §9): the
    /// header is `{"alg": key.algorithm, "kid": key.keyID}`, the signature whatever ``SigningKey/sign(_:)``
    /// returns. A key that throws gives ``AuthClientError/signingFailed(_:)``.
    ///
    /// ```swift
    /// let jwt = try await assertion.signed(by: P256PrivateKey.generate(keyID: "k1", using: &generator))
    /// ```
    public func signed(by key: some SigningKey) async throws(AuthClientError) -> String {
        let input = signingInput(algorithm: key.algorithm, keyID: key.keyID)
        do {
            return input + "." + Base64URL.encode(try await key.sign(Array(input.utf8)))
        } catch {
            throw .signingFailed("\(error)")
        }
    }
}
