// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthBase64URL
import AuthButtonLayout
import AuthCallback
import AuthClient
import AuthCredentials
import AuthDPoP
import AuthDigest
import AuthJSON
import AuthJWT
import AuthPKCE
import AuthSession
import AuthURLSession
import Foundation
import Testing

@Suite("LocalizedError: localizedDescription reads as the error's description on Apple platforms and Linux")
struct LocalizedErrorTests {
    static let exp = NumericDate(secondsSince1970: 1_800_000_000)

    /// One error of every module's error type (and the Apple-shaped ones), with its description.
    static let errors: [(any Error, String)] = [
        (AuthDigestError.oddHexLength(count: 3), AuthDigestError.oddHexLength(count: 3).description),
        (AuthBase64URLError.whitespace(offset: 2), AuthBase64URLError.whitespace(offset: 2).description),
        (AuthPKCEError.invalidVerifierLength(12), AuthPKCEError.invalidVerifierLength(12).description),
        (AuthJSONError.byteOrderMark, AuthJSONError.byteOrderMark.description),
        (
            AuthJWTError.expired(expiration: exp, now: exp, leewaySeconds: 0),
            AuthJWTError.expired(expiration: exp, now: exp, leewaySeconds: 0).description
        ),
        (AuthCallbackError.stateMismatch, AuthCallbackError.stateMismatch.description),
        (AuthCredentialsError.emailMismatch, AuthCredentialsError.emailMismatch.description),
        (AuthButtonLayoutError.invalidNumber("width"), AuthButtonLayoutError.invalidNumber("width").description),
        (AuthSessionError.canceledLogin, AuthSessionError.canceledLogin.description),
        (AuthClientError.loggedOut, AuthClientError.loggedOut.description),
        (AuthDPoPError.replayed, AuthDPoPError.replayed.description),
        (WebAuthenticationSessionError(.canceledLogin), WebAuthenticationSessionError(.canceledLogin).description),
        (AuthorizationError(.canceled), AuthorizationError(.canceled).description),
        (TransportFailure(.timedOut, host: "login.example.com"), TransportFailure(.timedOut, host: "login.example.com").description),
    ]

    @Test("(error as any Error).localizedDescription is the description, for every module's error type")
    func localizedDescription() {
        for (error, description) in Self.errors {
            #expect(error.localizedDescription == description)
            #expect(!error.localizedDescription.contains("The operation could not be completed"))
        }
    }

    @Test("a nested client error reads in full, and its cause is the failure reason")
    func nested() {
        let cause = AuthJWTError.expired(expiration: Self.exp, now: NumericDate(secondsSince1970: 1_800_000_600), leewaySeconds: 60)
        let error: any Error = AuthClientError.idToken(cause)
        #expect(error.localizedDescription == AuthClientError.idToken(cause).description)
        #expect((error as? any LocalizedError)?.failureReason == cause.description)
    }

    @Test("recovery suggestions: a clock hint for an expired ID token, sign in again when logged out, nothing for a cancel")
    func recoverySuggestions() {
        let expired = AuthClientError.idToken(.expired(expiration: Self.exp, now: Self.exp, leewaySeconds: 0))
        #expect(expired.recoverySuggestion?.contains("date, time and time zone") == true)
        #expect(AuthClientError.loggedOut.recoverySuggestion == "Sign in again.")
        #expect(AuthClientError.session(.canceledLogin).recoverySuggestion == nil)
        let notFound = AuthClientError.unexpectedResponse(endpoint: "discovery", status: 404, reason: "")
        #expect(notFound.recoverySuggestion?.contains("issuer") == true)
    }
}
