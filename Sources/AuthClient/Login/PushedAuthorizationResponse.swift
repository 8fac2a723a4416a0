// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthJSON
public import AuthJWT

/// The answer of a pushed authorization request endpoint (RFC 9126 §2.2): the `request_uri` that stands
/// for the pushed parameters, and how long it lives.
///
/// ```swift
/// let pushed = try PushedAuthorizationResponse(
///     json: #"{"request_uri": "urn:ietf:params:oauth:request_uri:6esc_11ACC5bwc014ltc14eY22c", "expires_in": 60}"#.utf8,
///     receivedAt: client.clock.now())
/// pushed.expiresAt   // receivedAt + 60 s
/// ```
///
/// Checked: the body is a JSON object with a non-empty string `request_uri` and a positive whole number
/// `expires_in` (both REQUIRED). Not checked: the form of the `request_uri` (any URI the provider chose).
/// The request URI is a one-time reference, not a credential; it is still left out of the description.
public struct PushedAuthorizationResponse: Sendable, Hashable {
    /// `request_uri`: what the authorization URL carries instead of the parameters (RFC 9126 §4).
    public let requestURI: String
    /// `expires_in`, in seconds.
    public let expiresIn: Int64
    /// When the request URI stops working, by the client's clock.
    public let expiresAt: NumericDate

    /// Reads a `201 Created` body (RFC 9126 §2.2).
    public init(json body: some Sequence<UInt8>, receivedAt: NumericDate) throws(AuthClientError) {
        guard let object = (try? JSONValue(parsing: body))?.objectValue else {
            throw .invalidPushedAuthorizationResponse("the body is not a JSON object")
        }
        guard let requestURI = object["request_uri"]?.stringValue, !requestURI.isEmpty else {
            throw .invalidPushedAuthorizationResponse("'request_uri' is missing or not a string")
        }
        guard let expiresIn = object["expires_in"]?.numberValue?.int64Value, expiresIn > 0 else {
            throw .invalidPushedAuthorizationResponse("'expires_in' is missing or not a positive whole number of seconds")
        }
        self.requestURI = requestURI
        self.expiresIn = expiresIn
        expiresAt = receivedAt.adding(seconds: expiresIn)
    }
}

extension PushedAuthorizationResponse: CustomStringConvertible {
    public var description: String { "PushedAuthorizationResponse(request_uri: <redacted>, expires_in: \(expiresIn))" }
}
