// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthDigest
import AuthJSON
import AuthJWT

/// How the loopback listener tells the session's own redirect from stray or forged requests on the
/// callback path: by the `state` the authorization URL carries (RFC 6749 §10.12, RFC 8252 §8.9).
///
/// ```swift
/// let check = RedirectCheck(authorizationURL: try URI(parsing: "https://as.example/authorize?state=xyz"))
/// check?.judge(try FormParameter.parse(Array("code=c&state=xyz".utf8)))   // .signedIn
/// check?.judge(try FormParameter.parse(Array("code=c&state=abc".utf8)))   // .foreign
/// ```
///
/// Checked: the response has exactly one `state` parameter and it equals the session's, compared in
/// constant time (`ConstantTime`); only then is it the session's response. Whether that response is a
/// success is then read by `AuthorizationResponse` (error, code, repeated parameters). Not checked:
/// anything a process that knows the `state` can forge — a local process that can read the authorization
/// URL (from the browser's command line, for instance) can still send a response the listener accepts.
///
/// A redirect (GET) with no `state` at all that is an OAuth error response — some providers omit `state`
/// from error redirects, against RFC 6749 §4.1.2.1 — is `unverifiedError`: the browser gets an error page, but
/// the wait goes on, since any local process or a web page that guesses the listener's port can send one. The
/// listener reports it only if the wait then ends without this session's response (timeout or cancel). A form
/// POST without `state` stays `foreign`.
struct RedirectCheck {
    /// What a request on the callback path is, for the listener.
    enum Verdict: Equatable {
        /// Not this session's response: no `state`, another one, more than one, or parameters that do not
        /// decode. Answered with an error page; the wait goes on.
        case foreign
        /// This session's response, and a success (a code and nothing wrong).
        case signedIn
        /// This session's response, but not a success: an OAuth error response (RFC 6749 §4.1.2.1), or nil
        /// for anything else wrong with it (no code, a repeated parameter). Answered with an error page and
        /// delivered: the caller's own check reports why.
        case failed(OAuthErrorResponse?)
        /// An OAuth error response with no `state` at all, in a GET: perhaps the provider's denial, perhaps
        /// anyone's. Answered with an error page; the wait goes on, and the error is reported only if it ends
        /// without this session's response.
        case unverifiedError(OAuthErrorResponse)
    }

    /// The `state` sent in the authorization request.
    let expectedState: String
    /// Whether the request asked for a JWT-secured response (JARM: `response_mode=jwt` or `….jwt`).
    let readsResponseJWT: Bool

    /// The check for a user agent's request: its ``UserAgentRequest/expectedRedirect`` when it has a
    /// non-empty `state` (a request object or a pushed request hides `state` from the URL), else the
    /// authorization URL's (``init(authorizationURL:)``); nil when neither has one.
    init?(request: UserAgentRequest) {
        if let expected = request.expectedRedirect, !expected.state.isEmpty {
            self.init(expectedState: expected.state, readsResponseJWT: expected.isResponseJWT)
        } else {
            self.init(authorizationURL: request.url)
        }
    }

    private init(expectedState: String, readsResponseJWT: Bool) {
        self.expectedState = expectedState
        self.readsResponseJWT = readsResponseJWT
    }

    /// The check for the authorization URL's `state`, or nil when the URL has none, an empty one, more than
    /// one, or a query that does not decode (the listener then accepts any request on the path, as it
    /// always did).
    init?(authorizationURL: URI) {
        guard let parameters = try? authorizationURL.queryParameters() else { return nil }
        let states = parameters.filter(Self.isState)
        guard states.count == 1, !states[0].value.isEmpty else { return nil }
        let mode = parameters.first { $0.name.utf8.elementsEqual("response_mode".utf8) }?.value ?? ""
        self.init(expectedState: states[0].value, readsResponseJWT: mode == "jwt" || mode.hasSuffix(".jwt"))
    }

    /// Judges a request's decoded parameters (the query of a GET, the body of a form POST); nil when they
    /// did not decode. With `readsStatelessError` (a GET redirect), an OAuth error response without any
    /// `state` is `unverifiedError` (see the type's documentation).
    func judge(_ parameters: [FormParameter]?, readsStatelessError: Bool = false) -> Verdict {
        guard let parameters else { return .foreign }
        if readsResponseJWT, let verdict = judgeResponseJWT(parameters) { return verdict }
        let states = parameters.filter(Self.isState)
        if states.isEmpty, readsStatelessError, let error = Self.statelessError(parameters) { return .unverifiedError(error) }
        guard states.count == 1, ConstantTime.isEqual(states[0].value.utf8, expectedState.utf8) else { return .foreign }
        do throws(AuthCallbackError) {
            _ = try AuthorizationResponse(parameters: parameters, expecting: .init(state: expectedState))
            return .signedIn
        } catch {
            if case .errorResponse(let response) = error { return .failed(response) }
            return .failed(nil)
        }
    }

    /// A JARM response (one `response` parameter, no `state` outside it): the session's when the JWT's
    /// `state` claim is the session's, compared in constant time. The listener has no keys: the signature,
    /// `iss`, `aud` and `exp` are the client's to check (`AuthClient.authorizationResponse(for:redirect:)`);
    /// what the listener reads only decides whether the wait ends — a forger would need the `state`. An
    /// encrypted (five-part) response cannot be read here, so its `state` cannot be shown: it is foreign
    /// (the client refuses JWE responses anyway), or anyone who reaches the port could end the login.
    /// Nil when the parameters are not a JARM response.
    private func judgeResponseJWT(_ parameters: [FormParameter]) -> Verdict? {
        let responses = parameters.filter { $0.name.utf8.elementsEqual("response".utf8) }
        guard responses.count == 1, !parameters.contains(where: Self.isState) else { return nil }
        let token = responses[0].value
        guard let jwt = try? JWT(compact: token), let state = jwt.claims["state"]?.stringValue,
            ConstantTime.isEqual(state.utf8, expectedState.utf8)
        else { return .foreign }
        if let error = jwt.claims["error"]?.stringValue {
            return .failed(
                OAuthErrorResponse(
                    error: OAuthErrorCode(rawValue: error), errorDescription: jwt.claims["error_description"]?.stringValue, errorURI: nil))
        }
        return .signedIn
    }

    /// The error of a response that has `error`, no `code` and no `state`; nil for anything else.
    private static func statelessError(_ parameters: [FormParameter]) -> OAuthErrorResponse? {
        guard !parameters.contains(where: { $0.name.utf8.elementsEqual("code".utf8) }) else { return nil }
        do throws(AuthCallbackError) {
            _ = try AuthorizationResponse(parameters: parameters, expecting: .init(state: "\u{0}"))
            return nil
        } catch {
            if case .unverifiedErrorResponse(let response) = error { return response }
            return nil
        }
    }

    /// Whether a parameter is `state`, by its exact bytes (not `String ==`, which folds Unicode equivalents).
    private static func isState(_ parameter: FormParameter) -> Bool {
        parameter.name.utf8.elementsEqual("state".utf8)
    }
}
