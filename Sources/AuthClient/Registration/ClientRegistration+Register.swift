// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
public import AuthCredentials
import AuthJSON

extension ClientRegistration {
    /// Registers the client at `metadata`'s `registration_endpoint` (RFC 7591 §3.1), with
    /// `initialAccessToken` as a bearer token when the server requires one (§3), and reads the answer.
    ///
    /// ```swift
    /// let registered = try await registration.register(at: metadata, transport: transport)
    /// try await store.saveClientRegistration(registered)
    /// ```
    ///
    /// Checked in the response (§3.2.1): status 201 (200 tolerated), a JSON object with a non-empty
    /// `client_id`; a `client_secret` when the method needs one; the numbers are integers. The returned
    /// record carries the server's redirect URIs and auth method when it sent them (it may change them,
    /// §3.2.1), else the requested ones. A 4xx with an OAuth error is
    /// ``AuthClientError/registrationRefused(status:_:)`` (e.g. `invalid_redirect_uri`,
    /// `invalid_client_metadata`, §3.2.2). Throws ``AuthClientError/endpointNotAvailable(_:)`` when the
    /// server has no registration endpoint.
    public func register(
        at metadata: ProviderMetadata, initialAccessToken: String? = nil, transport: some HTTPTransport,
        allowsInsecureLoopback: Bool = false
    ) async throws(AuthClientError) -> StoredClientRegistration {
        guard let endpoint = metadata.registrationEndpoint else { throw .endpointNotAvailable("registration") }
        try SecureURL.check(endpoint, name: "registration_endpoint", allowsInsecureLoopback: allowsInsecureLoopback)
        var request = TransportRequest(method: .post, url: endpoint)
        request.setHeader("Content-Type", "application/json")
        request.setHeader("Accept", "application/json")
        if let initialAccessToken { request.setHeader("Authorization", "Bearer " + initialAccessToken) }
        request.body = json.serialized()
        let response = try await transport.exchange(request)
        return try registered(from: response, issuer: metadata.issuer)
    }

    /// Reads a registration endpoint's answer (see ``register(at:initialAccessToken:transport:allowsInsecureLoopback:)``).
    func registered(from response: TransportResponse, issuer: String) throws(AuthClientError) -> StoredClientRegistration {
        guard response.status == 201 || response.status == 200 else {
            if (400..<500).contains(response.status),
                let members = try? JSONMembers(parsing: response.body, fail: { _ in .missingIDToken }),
                let code = try? members.string("error"), !code.isEmpty
            {
                let description = try? members.string("error_description")
                throw .registrationRefused(
                    status: response.status, OAuthErrorResponse(error: OAuthErrorCode(rawValue: code), errorDescription: description))
            }
            throw .unexpectedResponse(
                endpoint: "registration", status: response.status, reason: "expected 201 with the client information (RFC 7591 §3.2.1)")
        }
        let members = try JSONMembers(parsing: response.body, fail: AuthClientError.invalidRegistrationResponse)
        let clientID = try members.required("client_id")
        guard !clientID.isEmpty else { throw .invalidRegistrationResponse("'client_id' is empty") }
        let method = try members.string("token_endpoint_auth_method") ?? tokenEndpointAuthMethod
        let secret = try members.string("client_secret")
        if method == "client_secret_basic" || method == "client_secret_post", secret?.isEmpty ?? true {
            throw .invalidRegistrationResponse("token_endpoint_auth_method is \(method) but no client_secret was issued")
        }
        return StoredClientRegistration(
            issuer: issuer, clientID: clientID, clientSecret: secret, clientIDIssuedAt: try members.integer("client_id_issued_at"),
            clientSecretExpiresAt: try members.integer("client_secret_expires_at"),
            registrationAccessToken: try members.string("registration_access_token"),
            registrationClientURI: try members.string("registration_client_uri"),
            redirectURIs: try members.strings("redirect_uris") ?? redirectURIs, tokenEndpointAuthMethod: method,
            clientName: try members.string("client_name") ?? clientName)
    }
}
