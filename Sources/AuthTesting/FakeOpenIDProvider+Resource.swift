import AuthClient
import AuthJSON
import AuthJWT
import AuthSession

extension FakeOpenIDProvider {
    /// The protected resource at ``Endpoint/resource`` (RFC 6750 §2.1, §3): a bearer token in the
    /// `Authorization` header, checked against the access tokens this provider issued and their expiry.
    func protectedResource(_ request: TransportRequest) -> TransportResponse {
        guard let header = request.header("Authorization"), header.hasPrefix("Bearer ") else {
            // §3: a request without authentication gets the scheme and no error code.
            return TransportResponse(
                status: 401, headerFields: [HeaderField(name: "WWW-Authenticate", value: "Bearer realm=\"\(configuration.issuer)\"")])
        }
        let now = clock.now().secondsSince1970
        let grant: ProviderState.TokenGrant? = state.withLock { state in
            guard let grant = state.accessTokens[String(header.dropFirst(7))], now + state.skew < grant.expiresAt else { return nil }
            return grant
        }
        guard let grant else {
            // §3.1: an expired, revoked or unknown token.
            return TransportResponse(
                status: 401, headerFields: [HeaderField(name: "WWW-Authenticate", value: "Bearer error=\"invalid_token\"")])
        }
        return Self.json(200, ["sub": .string(grant.subject), "scope": .string(grant.scope), "resource": "protected"])
    }
}
