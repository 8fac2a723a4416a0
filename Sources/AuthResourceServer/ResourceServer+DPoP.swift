// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthDPoP
import AuthJSON

extension ResourceServer {
    /// RFC 9449 §7.1: the proof verifies for this request and this token (every check of §4.3, and `ath`),
    /// and its key is the one the token is bound to: the proof key's RFC 7638 thumbprint equals `cnf.jkt`
    /// (§6.1). The verified proof goes into the principal.
    func checkProof(
        _ proof: String, of request: ProtectedRequest, token: String, thumbprint: String, into principal: inout AccessPrincipal
    ) async throws(ResourceServerError) {
        let verified: VerifiedDPoPProof
        do {
            verified = try dpopVerifier.verifyWithoutReplayCheck(
                proof: proof, method: request.method, url: request.url, accessToken: token, now: dpopVerifier.currentTime)
        } catch {
            throw .dpopProof(error)
        }
        guard verified.thumbprint.hasSameBytes(as: thumbprint) else { throw .dpopKeyMismatch }
        // Only a proof by the token's own key takes a place in the replay cache (RFC 9449 §11.1).
        do { try await dpopVerifier.remember(verified) } catch { throw .dpopProof(error) }
        principal.dpop = verified
    }
}
