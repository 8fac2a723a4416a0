// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthJSON
import AuthSession

extension AuthClient {
    /// Revokes a token (RFC 7009 §2.1) at the provider's `revocation_endpoint`: from the discovery document,
    /// or, when that lacks one, from the provider's other metadata documents (see
    /// `revocationMetadataURLs(issuer:)`: RFC 8414 §3.1, then the OpenID-style appended locations RFC 8414
    /// §5 allows), looked up once and remembered. Returns false when none has an endpoint; a 200 means
    /// revoked or already invalid (§2.2).
    ///
    /// ```swift
    /// let revoked = try await client.revoke(refreshToken, hint: "refresh_token")
    /// if !revoked { print("no revocation endpoint: the token stays valid until it expires") }
    /// ```
    ///
    /// Every metadata document is used only when its `issuer` is this client's issuer exactly (RFC 8414
    /// §3.3): a document for another issuer throws ``AuthClientError/issuerMismatch(expected:actual:)`` and
    /// nothing is revoked. The endpoint must be https (or loopback http when allowed). Any other status of
    /// the revocation endpoint, or no response, throws: a revocation is never reported as done when it was not.
    @discardableResult
    public func revoke(_ token: String, hint: String) async throws(AuthClientError) -> Bool {
        guard let endpoint = try await revocationEndpoint() else { return false }
        let response = try await send(
            form: [FormParameter(name: "token", value: token), FormParameter(name: "token_type_hint", value: hint)], to: endpoint)
        guard response.status == 200 else {
            throw .unexpectedResponse(endpoint: "revocation", status: response.status, reason: "the token was not revoked (RFC 7009 §2.2)")
        }
        return true
    }

    /// Where the revocation endpoint is looked for when the discovery document lacks one, in order:
    /// 1. RFC 8414 §3.1: `/.well-known/oauth-authorization-server` inserted between the host and the
    ///    issuer's path;
    /// 2. RFC 8414 §5: OpenID Connect Discovery's location, `/.well-known/openid-configuration` appended to
    ///    the issuer (for a client made from other metadata than that document, e.g. `ProviderMetadata.fetch`
    ///    or `init(configuration:metadata:…)`; for a client made by `discover` it is the same document
    ///    again: one request, once);
    /// 3. `/.well-known/oauth-authorization-server` appended to the issuer, OpenID-style: where
    ///    django-oauth-toolkit mounted under a path (its documented layout) serves its RFC 8414 metadata.
    ///
    /// For an issuer without a path, 1 and 3 are the same URL, tried once.
    ///
    /// ```swift
    /// AuthClient.revocationMetadataURLs(issuer: "https://auth.example.com/o")
    /// // ["https://auth.example.com/.well-known/oauth-authorization-server/o",
    /// //  "https://auth.example.com/o/.well-known/openid-configuration",
    /// //  "https://auth.example.com/o/.well-known/oauth-authorization-server"]
    /// ```
    static func revocationMetadataURLs(issuer: String) -> [String] {
        let candidates = [
            WellKnownURL.inserting("oauth-authorization-server", into: issuer),
            WellKnownURL.appending("openid-configuration", to: issuer),
            WellKnownURL.appending("oauth-authorization-server", to: issuer),
        ]
        var urls: [String] = []
        for case let url? in candidates where !urls.contains(where: { $0.utf8.elementsEqual(url.utf8) }) { urls.append(url) }
        return urls
    }

    /// The revocation endpoint: the discovery document's, else the first listed by a document at
    /// `revocationMetadataURLs(issuer:)` (see ``authorizationServerEndpoint(_:listed:remembered:)``).
    func revocationEndpoint() async throws(AuthClientError) -> String? {
        try await authorizationServerEndpoint(
            "revocation_endpoint", listed: metadata.revocationEndpoint, remembered: authorizationServerRevocationEndpoint)
    }

    /// The endpoint `member` names: `listed` (the discovery document's), else the first listed by a document at
    /// `revocationMetadataURLs(issuer:)` (each checked for the issuer; a 4xx moves on). A definite answer — an
    /// endpoint, or none at any location — is remembered in `remembered`; a network failure or another status is
    /// thrown and asked again next time.
    func authorizationServerEndpoint(
        _ member: String, listed: String?, remembered: Locked<String??>
    ) async throws(AuthClientError) -> String? {
        if let listed { return listed }
        if let known = remembered.withLock({ $0 }) { return known }
        var endpoint: String? = nil
        for url in Self.revocationMetadataURLs(issuer: configuration.issuer) {
            var request = TransportRequest(method: .get, url: url)
            request.setHeader("Accept", "application/json")
            let response = try await transport.exchange(request)
            switch response.status {
            case 200:
                endpoint = try Self.endpoint(
                    member, inAuthorizationServerMetadata: response.body, issuer: configuration.issuer,
                    allowsInsecureLoopback: configuration.allowsInsecureLoopbackIssuer)
            case 400..<500 where response.status != 429:
                continue  // not there: the next location (429 is thrown below, and asked again next time)
            default:
                throw .unexpectedResponse(
                    endpoint: "authorization server metadata", status: response.status,
                    reason: "expected 200 or 404 at \(url) (RFC 8414 §3.2)")
            }
            if endpoint != nil { break }
        }
        remembered.withLock { $0 = .some(endpoint) }
        return endpoint
    }

    /// `revocation_endpoint` from a metadata document (RFC 8414 §2, or OpenID Connect Discovery's).
    static func revocationEndpoint(
        inAuthorizationServerMetadata body: [UInt8], issuer: String, allowsInsecureLoopback: Bool
    ) throws(AuthClientError) -> String? {
        try endpoint(
            "revocation_endpoint", inAuthorizationServerMetadata: body, issuer: issuer, allowsInsecureLoopback: allowsInsecureLoopback)
    }

    /// The endpoint `member` names in a metadata document (RFC 8414 §2, or OpenID Connect Discovery's), after
    /// checking that its `issuer` is ours (RFC 8414 §3.3) and that the endpoint is https (or loopback http when
    /// allowed).
    static func endpoint(
        _ name: String, inAuthorizationServerMetadata body: [UInt8], issuer: String, allowsInsecureLoopback: Bool
    ) throws(AuthClientError) -> String? {
        guard let object = (try? JSONValue(parsing: body))?.objectValue else {
            throw .invalidProviderMetadata("the authorization server metadata is not a JSON object")
        }
        guard let documentIssuer = object["issuer"]?.stringValue else {
            throw .invalidProviderMetadata("the authorization server metadata has no 'issuer'")
        }
        guard documentIssuer.utf8.elementsEqual(issuer.utf8) else { throw .issuerMismatch(expected: issuer, actual: documentIssuer) }
        guard let member = object[name], !member.isNull else { return nil }
        guard let endpoint = member.stringValue else {
            throw .invalidProviderMetadata("'\(name)' in the authorization server metadata is not a string")
        }
        try SecureURL.check(endpoint, name: name, allowsInsecureLoopback: allowsInsecureLoopback)
        return endpoint
    }
}
