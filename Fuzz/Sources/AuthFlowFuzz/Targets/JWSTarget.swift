// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthJSON
import AuthJWT

extension FuzzTarget {
    /// Compact JWS/JWT decoding and signature verification against the harness's fixed keys: a forgery check.
    /// The only texts that may verify are the tokens the harness signed itself.
    static let jws = FuzzTarget(
        name: "jws",
        checks: "decoding never traps; only the harness's own signed tokens verify (HS256, RS256, ES256) or validate as ID tokens",
        seeds: Harness.tokenSeeds
    ) { bytes in
        guard let token = text(bytes) else { return }
        let harness = Harness.shared
        guard let jws = try? JWS(compact: token) else { return }
        _ = try? JWT(compact: token)
        if (try? jws.verifySignature(using: harness.keySet, allowedAlgorithms: [.hs256, .rs256, .es256])) != nil {
            check(harness.tokens.contains(token), "a token the harness did not sign verified: \(token)")
        }
        if (try? harness.validator.validate(token, keys: harness.keySet, now: harness.now, nonce: Harness.nonce)) != nil {
            check(harness.tokens.contains(token), "a token the harness did not sign validated as an ID token: \(token)")
        }
    }

    /// JWK Set parsing (RFC 7517 §5) and verification with a hostile set: a key that verifies a harness token
    /// must be that token's own key.
    static let jwks = FuzzTarget(
        name: "jwks",
        checks: "JWK Sets parse or refuse; a fuzzed key verifies a harness token only if it is that token's key",
        seeds: Harness.keySetSeeds
    ) { bytes in
        guard let set = try? JWKSet(json: bytes) else { return }
        let harness = Harness.shared
        for (token, expected) in zip(harness.tokens, harness.materials) {
            guard let jws = try? JWS(compact: token),
                let key = try? jws.verifySignature(using: set, allowedAlgorithms: [.hs256, .rs256, .es256])
            else { continue }
            check(Harness.same(key.material, expected), "a key that is not the signer's verified \(jws.header.algorithm.rawValue)")
        }
    }
}
