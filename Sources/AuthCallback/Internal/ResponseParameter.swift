// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// The parameters of an authorization response that ``AuthorizationResponse`` reads (RFC 6749 §4.1.2 and
/// §4.1.2.1, RFC 9207, OpenID Connect Core §3.3.2.5, Sign in with Apple's `user`), and the other
/// parameters the specifications define for a redirect (RFC 6749 §4.2.2 and §3.3, OpenID Connect Session
/// Management §3), recognised by their names' bytes. The form parser tags each parameter with it, so the
/// checks find them without comparing strings, and a recognised name is the constant string, not a new one.
enum ResponseParameter: UInt8, CaseIterable {
    case state = 1
    case iss, error, errorDescription, errorURI, code, idToken, user
    case accessToken, tokenType, expiresIn, scope, sessionState

    /// The parameter's name.
    var name: String {
        switch self {
        case .state: "state"
        case .iss: "iss"
        case .error: "error"
        case .errorDescription: "error_description"
        case .errorURI: "error_uri"
        case .code: "code"
        case .idToken: "id_token"
        case .user: "user"
        case .accessToken: "access_token"
        case .tokenType: "token_type"
        case .expiresIn: "expires_in"
        case .scope: "scope"
        case .sessionState: "session_state"
        }
    }

    /// The parameter `bytes` names, compared byte for byte; nil for any other name.
    static func named(_ bytes: UnsafeBufferPointer<UInt8>) -> ResponseParameter? {
        switch bytes.count {
        case 3: matches(bytes, "iss") ? .iss : nil
        case 4: matches(bytes, "code") ? .code : matches(bytes, "user") ? .user : nil
        case 5: matches(bytes, "state") ? .state : matches(bytes, "error") ? .error : matches(bytes, "scope") ? .scope : nil
        case 8: matches(bytes, "id_token") ? .idToken : nil
        case 9: matches(bytes, "error_uri") ? .errorURI : nil
        case 10: matches(bytes, "token_type") ? .tokenType : matches(bytes, "expires_in") ? .expiresIn : nil
        case 12: matches(bytes, "access_token") ? .accessToken : nil
        case 13: matches(bytes, "session_state") ? .sessionState : nil
        case 17: matches(bytes, "error_description") ? .errorDescription : nil
        default: nil
        }
    }

    /// The parameter `name` names, compared byte for byte; nil for any other name.
    static func named(_ name: String) -> ResponseParameter? {
        switch name.utf8.count {
        case 3, 4, 5, 8, 9, 10, 12, 13, 17: ExactText.withBytes(name) { named($0) }
        default: nil
        }
    }

    /// Whether `bytes` are the literal's bytes; the caller has checked that the counts are equal.
    @inline(__always)
    private static func matches(_ bytes: UnsafeBufferPointer<UInt8>, _ literal: StaticString) -> Bool {
        let expected = literal.utf8Start
        for index in 0..<bytes.count where bytes[index] != expected[index] { return false }
        return true
    }
}
