// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// Sends one HTTP request and returns its response: the only door to the network of a client (`AuthClient`)
/// and of a resource server (`AuthResourceServer`: JWK Sets, discovery, introspection), so that tests run
/// offline (`AuthTesting`'s fake provider and scripted transports) and apps can bring their own stack.
///
/// ```swift
/// struct MyTransport: HTTPTransport {
///     func send(_ request: TransportRequest) async throws(AuthHTTPError) -> TransportResponse { … }
/// }
/// let client = try AuthClient(configuration: configuration, metadata: metadata, transport: MyTransport())
/// ```
///
/// Contract for conformances:
/// - return every HTTP response, whatever its status (the client reads 4xx bodies: RFC 6749 §5.2);
/// - **do not follow redirects** — return the 3xx response itself; a token endpoint that redirects is an
///   error, and following it could send credentials to another host;
/// - throw ``AuthHTTPError/transportFailed(_:)`` only when no response arrived, and never put the
///   request's headers or body in the message (they carry secrets); `AuthClient` reports it as
///   `AuthClientError.transportFailed`;
/// - stop promptly when the calling task is cancelled.
///
/// `AuthURLSession.URLSessionTransport` is the Foundation-based default.
public protocol HTTPTransport: Sendable {
    /// Sends `request` and returns the response.
    func send(_ request: TransportRequest) async throws(AuthHTTPError) -> TransportResponse
}
