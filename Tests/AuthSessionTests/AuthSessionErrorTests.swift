// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthCredentials
import AuthSession
import Testing

@Suite("AuthSessionError: a cancel reads as a cancel on every platform")
struct AuthSessionErrorTests {
    @Test("canceledLogin says the login was canceled before Apple's domain and code, which follow for searching")
    func canceledLogin() {
        let text = AuthSessionError.canceledLogin.description
        #expect(text.hasPrefix("AuthSessionError 9001: the login was canceled"), "\(text)")
        #expect(text.hasSuffix("(com.apple.AuthenticationServices.WebAuthenticationSession error 1, canceledLogin)"), "\(text)")
    }

    @Test("the presentation-context errors say what to set or show")
    func presentationContext() {
        let missing = WebAuthenticationSessionError(.presentationContextNotProvided).description
        #expect(missing.hasPrefix("the session has no presentation context provider; set presentationContextProvider before start()"))
        let invalid = WebAuthenticationSessionError(.presentationContextInvalid).description
        #expect(invalid.hasPrefix("the presentation context could not show the browser"))
    }

    @Test("a canceled Sign in with Apple reads as a cancel")
    func authorizationCanceled() {
        #expect(AuthorizationError(.canceled).description.hasPrefix("the user canceled the authorization request"))
        for code in AuthorizationError.Code.allCases {
            #expect(!AuthorizationError(code).description.hasPrefix("com.apple"), "\(code)")
        }
    }

    @Test("errors compare by case and payload, the reason of an Apple-shaped error included")
    func equatable() {
        #expect(AuthSessionError.canceledLogin == .webAuthenticationSession(WebAuthenticationSessionError(.canceledLogin)))
        #expect(AuthSessionError.canceledLogin != .webAuthenticationSession(WebAuthenticationSessionError(.canceledLogin, reason: "x")))
        #expect(AuthSessionError.invalidRedirect(.invalidScheme(offset: 0)) != .invalidRedirect(.invalidScheme(offset: 1)))
    }
}
