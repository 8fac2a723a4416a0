// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthDPoP

extension ResourceServer {
    /// RFC 9449 §7.1: the proof verifies for this request and this token (every check of §4.3, and `ath`),
    /// and its key is the one the token is bound to: the proof key's RFC 7638 thumbprint equals `cnf.jkt`
    /// (§6.1). The verified proof goes into the principal.
    func checkProof(
        _ proof: String, of request: ProtectedRequest, token: String, thumbprint: String, into principal: inout AccessPrincipal
    ) async throws(ResourceServerError) {
        let verified: VerifiedDPoPProof
        do {
            verified = try await dpopVerifier.verify(proof: proof, method: request.method, url: request.url, accessToken: token)
        } catch {
            throw .dpopProof(error)
        }
        guard verified.thumbprint.utf8.elementsEqual(thumbprint.utf8) else { throw .dpopKeyMismatch }
        principal.dpop = verified
    }
}
