// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthClient
public import Foundation

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// `URLSession`'s `data(for:)` for a signed-in `User`: the access token as
/// `Authorization: Bearer`, refreshed before it expires and once on 401 — the `User`'s own rules, through
/// `User.send(_:)`, so code written against Schibsted's `AuthenticatedURLSession` keeps its call sites.
///
/// ```swift
/// let session = AuthenticatedURLSession(user: user)
/// var request = URLRequest(url: URL(string: "https://api.example.com/orders")!)
/// request.setValue("application/json", forHTTPHeaderField: "Accept")
/// let (data, response) = try await session.data(for: request)
/// ```
///
/// What it does (each rule is `User.send(_:)`'s, tested there and here over real HTTP):
/// - refreshes first when the access token expires within the configuration's refresh window;
/// - a 401 is refreshed once and retried once; a second 401 is returned as the response, like any other
///   status (like `URLSession`, a non-2xx status is not an error here: see `User.get(_:as:decoder:)`);
/// - a refused refresh token logs the user out and throws `AuthClientError.refreshFailed(_:)`;
/// - the URL must be https (or loopback http where the configuration allows it): a bearer token is never
///   sent in the clear (RFC 6750 §5.3);
/// - the request goes through the client's `HTTPTransport` (usually ``URLSessionTransport``), so the
///   `URLRequest`'s cache policy, timeout and cookie settings are not used, and redirects are not
///   followed (a 3xx is returned).
///
/// Unlike `URLSession`, it throws a typed `AuthClientError`: a request that could not be sent is
/// `.transportFailed(_:)`, a `URLRequest` with an `httpBodyStream` is `.unsupportedURLRequest(_:)`.
public struct AuthenticatedURLSession: Sendable {
    /// The user whose tokens authorize the requests.
    public let user: User

    /// A session that authorizes every request as `user`.
    public init(user: User) {
        self.user = user
    }

    /// Sends `request` with the user's access token and returns the body and the `HTTPURLResponse`.
    public func data(for request: URLRequest) async throws(AuthClientError) -> (Data, URLResponse) {
        let response = try await user.send(TransportRequest(request))
        guard let url = request.url, let http = HTTPURLResponse(response, url: url) else {
            throw .transportFailed(TransportFailure(.notHTTP))
        }
        return (Data(response.body), http)
    }

    /// Sends a GET for `url` with the user's access token.
    public func data(from url: URL) async throws(AuthClientError) -> (Data, URLResponse) {
        try await data(for: URLRequest(url: url))
    }
}
