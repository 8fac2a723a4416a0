// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthClient
import AuthJWT
import Foundation

extension FuzzTarget {
    /// Protected resource metadata (RFC 9728 §3.3: the `resource` must be the URL it was fetched for).
    static let resourceMetadata = FuzzTarget(
        name: "resource-metadata",
        checks: "RFC 9728 documents parse or refuse; an accepted one names exactly the expected resource and https servers"
    ) { bytes in
        let expected = "https://mcp.example.com/mcp"
        guard let metadata = try? ProtectedResourceMetadata(json: bytes, expectedResource: expected) else { return }
        check(metadata.resource == expected, "a document for another resource was accepted: \(metadata.resource)")
        for server in metadata.authorizationServers {
            check(isHTTPS(server), "an authorization server that is not https was accepted: \(server)")
        }
    }

    /// Pushed authorization responses (RFC 9126 §2.2): a `request_uri` and a positive lifetime, never shown.
    static let pushedAuthorizationResponse = FuzzTarget(
        name: "par-response",
        checks:
            "PAR responses parse or refuse; an accepted one has a request_uri and a positive expires_in; the description hides the request_uri"
    ) { bytes in
        let now = NumericDate(secondsSince1970: 1_700_000_000)
        guard let response = try? PushedAuthorizationResponse(json: bytes, receivedAt: now) else { return }
        check(!response.requestURI.isEmpty && response.expiresIn > 0, "a response without request_uri or lifetime was accepted")
        checkHidden(
            response.requestURI, in: "\(response)", template: parResponseTemplate, "the description shows the request_uri")
    }

    /// Token exchange responses (RFC 8693 §2.2.1): typed, tokens never in a description.
    static let tokenExchangeResponse = FuzzTarget(
        name: "token-exchange-response",
        checks: "token exchange responses parse or refuse; an accepted one has a token and issued_token_type; no token in its description"
    ) { bytes in
        let now = NumericDate(secondsSince1970: 1_700_000_000)
        guard let response = try? TokenExchangeResponse(json: bytes, receivedAt: now) else { return }
        check(!response.accessToken.isEmpty && !response.issuedTokenType.rawValue.isEmpty, "a response without a token was accepted")
        let description = "\(response)"
        for secret in [response.accessToken, response.refreshToken].compactMap({ $0 }) {
            checkHidden(
                secret, in: description, visible: [response.issuedTokenType.rawValue, response.tokenType],
                template: tokenExchangeResponseTemplate, "the description shows a token")
        }
    }

    /// A pending login restored after a relaunch: every value is checked again when decoded.
    static let pendingLogin = FuzzTarget(
        name: "pending-login",
        checks: "a stored pending login decodes or refuses; what decodes re-encodes to an equal login and hides its secrets"
    ) { bytes in
        guard let pending = try? JSONDecoder().decode(PendingLogin.self, from: Data(bytes)) else { return }
        guard let encoded = try? JSONEncoder().encode(pending), let again = try? JSONDecoder().decode(PendingLogin.self, from: encoded)
        else { violated("a decoded pending login does not survive encode → decode") }
        check(again.request.url == pending.request.url, "the URL changed across encode → decode")
        check(again.request.pkce.verifier.value == pending.request.pkce.verifier.value, "the verifier changed across encode → decode")
        let shown = "\(pending)"
        // The description shows the client id and where the login goes (the URL's host and path), never its
        // query: a stored client id, host or path that happens to hold a secret's text is the input's doing,
        // not a leak.
        let url = pending.request.url
        let shownByDesign = [pending.clientID, url.scheme, url.host, url.path, "\(pending.startedAt)"]
        for secret in [pending.request.pkce.verifier.value, pending.request.state.value, pending.request.nonce.value] {
            checkHidden(
                secret, in: shown, visible: shownByDesign, template: pendingLoginTemplate,
                "the description shows a secret of the pending login")
        }
    }
}

// The descriptions of reference values: the fixed text around the fields a description shows.
private let parResponseTemplate = String(
    describing: try! PushedAuthorizationResponse(
        json: Array(#"{"request_uri":"a","expires_in":1}"#.utf8), receivedAt: NumericDate(secondsSince1970: 0)))
private let tokenExchangeResponseTemplate = String(
    describing: try! TokenExchangeResponse(
        json: Array(
            #"{"access_token":"a","issued_token_type":"urn:ietf:params:oauth:token-type:access_token","token_type":"Bearer","expires_in":1,"refresh_token":"c"}"#
                .utf8),
        receivedAt: NumericDate(secondsSince1970: 0)))
/// Fuzz/Seeds/pending-login/version-1.json.
private let pendingLoginTemplate = String(
    describing: try! JSONDecoder().decode(
        PendingLogin.self,
        from: Data(
            #"""
            {"version":1,"client_id":"s6BhdRkqt3","started_at":1700000000,"request":{"url":"https://server.example.com/authorize?response_type=code&client_id=s6BhdRkqt3&redirect_uri=com.example.app%3A%2Fcb&scope=openid&state=af0ifjsldkjaf0ifjsldkj&nonce=n-0S6_WzA2Mjn-0S6_WzA2Mj&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256","code_verifier":"dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk","state":"af0ifjsldkjaf0ifjsldkj","nonce":"n-0S6_WzA2Mjn-0S6_WzA2Mj","redirect_uri":"com.example.app:/cb","issuer":"https://server.example.com","requires_iss":false,"resources":[],"options":{"prompt":[],"additional_parameters":[],"extra_scopes":[],"acr_values":[],"expected_acr":[],"expected_amr":[],"pushed_authorization":"automatic"}}}
            """#.utf8)))
