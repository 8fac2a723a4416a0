// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// An error from parsing a URI or an authorization response, or from checking it.
///
/// Each case has a stable numeric ``code``. Messages name the rule and, for URIs, the byte offset; they
/// never repeat a code, state or token.
public enum AuthCallbackError: Error, Sendable {
    // URIs (RFC 3986)
    /// The URI has no valid scheme (RFC 3986 §3.1).
    case invalidScheme(offset: Int)
    /// A byte that is not allowed in this part of a URI (RFC 3986 §2–3).
    case invalidCharacter(offset: Int)
    /// A `%` not followed by two hexadecimal digits (RFC 3986 §2.1).
    case invalidPercentEncoding(offset: Int)
    /// Percent-decoded bytes that are not UTF-8.
    case invalidUTF8
    /// The port is not a number from 0 to 65535 (RFC 3986 §3.2.3).
    case invalidPort(offset: Int)
    /// A host that is not a valid IP literal, IPv4 address or registered name (RFC 3986 §3.2.2).
    case invalidHost(offset: Int)

    // Callback matchers (RFC 8252 §7)
    /// A custom scheme that is not a valid scheme, or is `http`/`https`.
    case invalidCustomScheme(String)
    /// An https callback host or path that is not valid.
    case invalidCallback(String)
    /// The URI does not match the callback the session was started with.
    case callbackMismatch

    // Authorization responses (RFC 6749 §4.1.2, RFC 9207)
    /// A parameter appears more than once (RFC 6749 §3.1).
    case repeatedParameter(String)
    /// The response has no `state`, though one was sent (RFC 6749 §4.1.2).
    case missingState
    /// `state` is not the one sent: the response may be forged (RFC 6749 §10.12).
    case stateMismatch
    /// The response has no `iss`, and the server says it sends one (RFC 9207 §2.4).
    case missingIssuer
    /// `iss` is not the expected issuer: a mix-up attack (RFC 9207 §2.4).
    case issuerMismatch(expected: String, actual: String)
    /// A success response without `code`.
    case missingCode
    /// The parameters came in the fragment, where the query was expected: the classic "state is
    /// missing" confusion when the server used `response_mode=fragment`.
    case responseInFragment
    /// The server answered with an OAuth error (RFC 6749 §4.1.2.1).
    case errorResponse(OAuthErrorResponse)
    /// An `error_description` or `error_uri` with characters RFC 6749 §4.1.2.1 does not allow.
    ///
    /// No longer thrown: such an error response is reported as the error it names, with the text sanitised
    /// and ``OAuthErrorResponse/isConforming`` false. The case stays so that its code keeps its meaning.
    case invalidErrorParameter(String)
    /// An error response without the `state` that was sent (RFC 6749 §4.1.2.1 requires it). The error is
    /// reported so the user learns why the login ended, but it cannot be tied to this request: anyone
    /// could have sent it. Nothing is accepted from it.
    case unverifiedErrorResponse(OAuthErrorResponse)
    /// An error response without the `iss` the server promised to send (RFC 9207 §2.4): refused like
    /// ``missingIssuer``, since it cannot be tied to this issuer, but carrying the error so that the user
    /// learns why the login ended (`access_denied` is the user pressing Cancel, not a missing parameter).
    case errorResponseWithoutIssuer(OAuthErrorResponse)

    /// A stable number for the case: 6001 and up.
    public var code: Int {
        switch self {
        case .invalidScheme: 6001
        case .invalidCharacter: 6002
        case .invalidPercentEncoding: 6003
        case .invalidUTF8: 6004
        case .invalidPort: 6005
        case .invalidHost: 6006
        case .invalidCustomScheme: 6007
        case .invalidCallback: 6008
        case .callbackMismatch: 6009
        case .repeatedParameter: 6010
        case .missingState: 6011
        case .stateMismatch: 6012
        case .missingIssuer: 6013
        case .issuerMismatch: 6014
        case .missingCode: 6015
        case .responseInFragment: 6016
        case .errorResponse: 6017
        case .invalidErrorParameter: 6018
        case .unverifiedErrorResponse: 6019
        case .errorResponseWithoutIssuer: 6020
        }
    }

    /// The OAuth error response the server sent, whether or not it could be verified: for
    /// ``errorResponse(_:)``, ``unverifiedErrorResponse(_:)`` and ``errorResponseWithoutIssuer(_:)``; nil
    /// for every other case.
    ///
    /// ```swift
    /// if error.oauthErrorResponse?.error == .accessDenied { /* the user said no */ }
    /// ```
    public var oauthErrorResponse: OAuthErrorResponse? {
        switch self {
        case .errorResponse(let response), .unverifiedErrorResponse(let response), .errorResponseWithoutIssuer(let response): response
        default: nil
        }
    }
}

#if !hasFeature(Embedded)
    extension AuthCallbackError: Hashable {}
#endif

extension AuthCallbackError: CustomStringConvertible {
    public var description: String {
        let reason =
            switch self {
            case .invalidScheme(let offset): "no valid scheme at byte offset \(offset) (RFC 3986 §3.1)"
            case .invalidCharacter(let offset): "a character not allowed here at byte offset \(offset) (RFC 3986 §2)"
            case .invalidPercentEncoding(let offset): "'%' at byte offset \(offset) is not followed by two hex digits (RFC 3986 §2.1)"
            case .invalidUTF8: "percent-decoded bytes are not UTF-8"
            case .invalidPort(let offset): "the port at byte offset \(offset) is not a number from 0 to 65535"
            case .invalidHost(let offset): "the host at byte offset \(offset) is not valid (RFC 3986 §3.2.2)"
            case .invalidCustomScheme(let scheme): "'\(scheme)' cannot be a custom scheme: it must be a valid scheme and not http or https"
            case .invalidCallback(let reason): "invalid callback: \(reason)"
            case .callbackMismatch: "the URI does not match the session's callback"
            case .repeatedParameter(let name): "parameter '\(name)' appears more than once (RFC 6749 §3.1)"
            case .missingState: "the response has no 'state' parameter"
            case .stateMismatch: "'state' does not match the one sent (RFC 6749 §10.12)"
            case .missingIssuer: "the response has no 'iss' parameter, which the server promised (RFC 9207)"
            case .issuerMismatch(let expected, let actual): "'iss' is '\(actual)', expected '\(expected)' (RFC 9207)"
            case .missingCode: "the response has no 'code' parameter"
            case .responseInFragment: "the parameters are in the fragment (#), but were expected in the query (?)"
            case .errorResponse(let response): "the server returned an error: \(response)"
            case .invalidErrorParameter(let name): "'\(name)' has characters RFC 6749 §4.1.2.1 does not allow"
            case .unverifiedErrorResponse(let response):
                "an error response without 'state' (RFC 6749 §4.1.2.1 requires it), so it cannot be tied to this request: \(response)"
            case .errorResponseWithoutIssuer(let response):
                "an error response without 'iss', which the server promised (RFC 9207 §2.4), so it cannot be tied to this issuer: \(response)"
            }
        return "AuthCallbackError \(code): \(reason)"
    }
}
