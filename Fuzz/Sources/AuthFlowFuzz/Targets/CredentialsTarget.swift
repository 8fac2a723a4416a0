// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthCredentials
import AuthJWT

extension FuzzTarget {
    /// Token endpoint responses (RFC 6749 §5.1): typed, and their tokens never in a description or dump.
    static let tokenResponse = FuzzTarget(
        name: "token-response",
        checks: "token responses parse or refuse; an accepted one has a token and a type; neither description nor dump shows a token"
    ) { bytes in
        guard let response = try? TokenResponse(json: bytes) else { return }
        check(!response.accessToken.isEmpty && !response.tokenType.isEmpty, "a response without access_token or token_type was accepted")
        let visible = [response.tokenType, response.scope] + response.additionalParameters.names
        let (description, dump) = ("\(response)", dumped(response))
        for secret in [response.accessToken, response.refreshToken, response.idToken].compactMap({ $0 }) {
            checkHidden(
                secret, in: description, visible: visible, template: tokenResponseTemplate.description, "the description shows a token")
            checkHidden(secret, in: dump, visible: visible, template: tokenResponseTemplate.dump, "dump shows a token")
        }
    }

    /// Sign in with Apple's form_post (the `id_token` and the unsigned `user` JSON) against a validated token.
    static let signInWithApple = FuzzTarget(
        name: "sign-in-with-apple",
        checks:
            "a credential is made only when the posted id_token is exactly the validated one; the unsigned email never overrides the signed one",
        seeds: Harness.appleFormPostSeeds
    ) { bytes in
        var expectations = AuthorizationResponse.Expectations(state: "fuzz-state")
        expectations.responseMode = .formPost
        guard let response = try? AuthorizationResponse(formPostBody: bytes, expecting: expectations) else { return }
        let harness = Harness.shared
        guard
            let credential = try? AppleIDCredential(
                signInWithApple: response, identityToken: harness.appleIdentityToken, requestedScopes: [.fullName, .email])
        else { return }
        check(response.idToken == harness.appleToken, "a credential was made from another id_token")
        check(credential.user == "001234.fuzz.5678", "the credential's user is not the token's sub")
        check(credential.email == nil || credential.email == "fuzz@privaterelay.appleid.com", "the unsigned email overrode the signed one")
    }
}

/// The description and dump of a response with every member: the fixed text around the shown fields.
private let tokenResponseTemplate = {
    let reference = try! TokenResponse(
        json: Array(#"{"access_token":"a","token_type":"Bearer","expires_in":1,"refresh_token":"c","scope":"d","id_token":"e"}"#.utf8))
    return (description: "\(reference)", dump: dumped(reference))
}()
