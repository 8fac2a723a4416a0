// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthCredentials
import AuthSession
import Testing

@Suite("AuthClientError: the OAuth error is reachable however the response was refused")
struct AuthClientErrorTests {
    static let denied = OAuthErrorResponse(error: .accessDenied, errorDescription: "the user pressed Cancel")

    @Test("oauthError gives the code for a verified, an unverified (no state) and an issuer-less (no iss) error response")
    func oauthErrorFromCallbacks() {
        for error: AuthClientError in [
            .callback(.errorResponse(Self.denied)), .callback(.unverifiedErrorResponse(Self.denied)),
            .callback(.errorResponseWithoutIssuer(Self.denied)),
        ] {
            #expect(error.oauthError == .accessDenied, "\(error)")
        }
        #expect(AuthClientError.callback(.stateMismatch).oauthError == nil)
    }

    @Test("oauthError gives the code of a stateless error the loopback listener reported when its wait ended")
    func oauthErrorFromUnverifiedLoopbackError() {
        #expect(AuthClientError.session(.unverifiedErrorResponse(Self.denied)).oauthError == .accessDenied)
        #expect(AuthClientError.session(.timedOut).oauthError == nil)
    }

    @Test("oauthError gives the code of a token-endpoint error and of a refused refresh")
    func oauthErrorFromTokenEndpoint() {
        let grant = OAuthErrorResponse(error: .invalidGrant)
        #expect(AuthClientError.tokenEndpoint(.tokenErrorResponse(grant)).oauthError == .invalidGrant)
        #expect(AuthClientError.refreshFailed(.refused(grant)).oauthError == .invalidGrant)
        #expect(AuthClientError.refreshFailed(.noRefreshToken).oauthError == nil)
    }
}
