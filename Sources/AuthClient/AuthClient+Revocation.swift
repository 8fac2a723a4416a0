import AuthCallback
import AuthJSON
import AuthSession

extension AuthClient {
    /// Revokes a token (RFC 7009 §2.1) at the provider's `revocation_endpoint`: from the discovery document,
    /// or, when that lacks one, from the RFC 8414 authorization server metadata
    /// (`/.well-known/oauth-authorization-server`, looked up once and remembered). Returns false when neither
    /// has an endpoint; a 200 means revoked or already invalid (§2.2).
    ///
    /// ```swift
    /// let revoked = try await client.revoke(refreshToken, hint: "refresh_token")
    /// if !revoked { print("no revocation endpoint: the token stays valid until it expires") }
    /// ```
    ///
    /// Any other status, or no response, throws: a revocation is never reported as done when it was not.
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

    /// The revocation endpoint: the discovery document's, else the RFC 8414 metadata's (fetched once; a
    /// definite answer — a document, or a 404 — is remembered, a network failure or 5xx is thrown and asked
    /// again next time).
    func revocationEndpoint() async throws(AuthClientError) -> String? {
        if let endpoint = metadata.revocationEndpoint { return endpoint }
        if let known = authorizationServerRevocationEndpoint.withLock({ $0 }) { return known }
        var request = TransportRequest(method: .get, url: Self.authorizationServerMetadataURL(issuer: configuration.issuer))
        request.setHeader("Accept", "application/json")
        let response = try await transport.send(request)
        let endpoint: String?
        switch response.status {
        case 200:
            endpoint = try Self.revocationEndpoint(
                inAuthorizationServerMetadata: response.body, issuer: configuration.issuer,
                allowsInsecureLoopback: configuration.allowsInsecureLoopbackIssuer)
        case 404, 410:
            endpoint = nil
        default:
            throw .unexpectedResponse(
                endpoint: "authorization server metadata", status: response.status, reason: "expected 200 or 404 (RFC 8414 §3.2)")
        }
        authorizationServerRevocationEndpoint.withLock { $0 = .some(endpoint) }
        return endpoint
    }

    /// RFC 8414 §3.1: the well-known path goes between the host and the issuer's path, so
    /// `https://example.com/tenant` is described at `https://example.com/.well-known/oauth-authorization-server/tenant`.
    static func authorizationServerMetadataURL(issuer: String) -> String {
        let wellKnown = "/.well-known/oauth-authorization-server"
        let bytes = Array(issuer.utf8)
        // The authority starts after "://" and ends at the first "/" after it.
        var authorityStart = 0
        for index in 0..<max(0, bytes.count - 2)
        where bytes[index] == UInt8(ascii: ":") && bytes[index + 1] == UInt8(ascii: "/") && bytes[index + 2] == UInt8(ascii: "/") {
            authorityStart = index + 3
            break
        }
        guard let slash = bytes[authorityStart...].firstIndex(of: UInt8(ascii: "/")) else { return issuer + wellKnown }
        var path = bytes[slash...]
        if path.last == UInt8(ascii: "/") { path = path.dropLast() }
        return String(decoding: bytes[..<slash], as: UTF8.self) + wellKnown + String(decoding: path, as: UTF8.self)
    }

    /// `revocation_endpoint` from an RFC 8414 document, after checking that its `issuer` is ours (§3.3) and
    /// that the endpoint is https (or loopback http when allowed).
    static func revocationEndpoint(
        inAuthorizationServerMetadata body: [UInt8], issuer: String, allowsInsecureLoopback: Bool
    ) throws(AuthClientError) -> String? {
        guard let object = (try? JSONValue(parsing: body))?.objectValue else {
            throw .invalidProviderMetadata("the RFC 8414 authorization server metadata is not a JSON object")
        }
        guard let documentIssuer = object["issuer"]?.stringValue else {
            throw .invalidProviderMetadata("the RFC 8414 authorization server metadata has no 'issuer'")
        }
        guard documentIssuer.utf8.elementsEqual(issuer.utf8) else { throw .issuerMismatch(expected: issuer, actual: documentIssuer) }
        guard let member = object["revocation_endpoint"], !member.isNull else { return nil }
        guard let endpoint = member.stringValue else {
            throw .invalidProviderMetadata("'revocation_endpoint' in the RFC 8414 metadata is not a string")
        }
        try SecureURL.check(endpoint, name: "revocation_endpoint", allowsInsecureLoopback: allowsInsecureLoopback)
        return endpoint
    }
}
