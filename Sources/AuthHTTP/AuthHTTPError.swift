// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthJWT

/// An error at the HTTP edge that clients and resource servers share: a request that got no response, a
/// `WWW-Authenticate` value that cannot be read, a JWK Set that cannot be fetched.
///
/// ```swift
/// struct MyTransport: HTTPTransport {
///     func send(_ request: TransportRequest) async throws(AuthHTTPError) -> TransportResponse {
///         throw .transportFailed(TransportFailure(.timedOut, host: "login.example.com"))
///     }
/// }
/// ```
///
/// Each case has a stable numeric ``code`` (11001 and up) that never changes across releases. `AuthClient`
/// turns each case into its `AuthClientError` case of the same name, so a client's callers see the errors
/// they always saw. Messages never repeat a request's headers or body, which carry credentials.
public enum AuthHTTPError: Error, Hashable, Sendable {
    /// The request did not get an HTTP response: the kind of failure, the host and the platform's code.
    case transportFailed(TransportFailure)
    /// The transport cannot send this request as configured (a timeout that is not a positive number).
    case invalidConfiguration(String)
    /// A test double was asked for something it was not scripted to answer; the message says what.
    case unimplemented(String)
    /// A `WWW-Authenticate` field value cannot be read unambiguously (RFC 9110 §11.6.1); the reason names
    /// the byte offset.
    case invalidChallenge(String)
    /// There is no endpoint to ask: the metadata lists no `jwks_uri` (optional in RFC 8414 §2).
    case endpointNotAvailable(String)
    /// The endpoint answered, but not as it must (a status other than 200, a body over the size limit).
    case unexpectedResponse(endpoint: String, status: Int, reason: String)
    /// The JWK Set is not a JWK Set (RFC 7517 §5).
    case invalidKeySet(AuthJWTError)
    /// A token introspection answer (RFC 7662 §2.2, RFC 9701 §5) is not one: the reason names the check that
    /// failed (a status other than 200, no boolean `active`, a signed answer that does not verify).
    case invalidIntrospectionResponse(String)

    /// The stable numeric code.
    public var code: Int {
        switch self {
        case .transportFailed: 11001
        case .invalidConfiguration: 11002
        case .unimplemented: 11003
        case .invalidChallenge: 11004
        case .endpointNotAvailable: 11005
        case .unexpectedResponse: 11006
        case .invalidKeySet: 11007
        case .invalidIntrospectionResponse: 11008
        }
    }
}

extension AuthHTTPError: CustomStringConvertible {
    /// The code and a readable message.
    public var description: String {
        let message: String =
            switch self {
            case .transportFailed(let failure): "the HTTP request failed: \(failure)"
            case .invalidConfiguration(let reason): "invalid transport configuration: \(reason)"
            case .unimplemented(let message): message
            case .invalidChallenge(let reason): "the WWW-Authenticate header cannot be read: \(reason)"
            case .endpointNotAvailable(let name): "there is no \(name) endpoint"
            case .unexpectedResponse(let endpoint, let status, let reason): "the \(endpoint) endpoint answered \(status): \(reason)"
            case .invalidKeySet(let error): "the JWK Set is not valid: \(error) [\(error.code)]"
            case .invalidIntrospectionResponse(let reason): "the token introspection answer is not valid: \(reason)"
            }
        return "error \(code): \(message)"
    }
}
