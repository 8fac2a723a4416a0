import AuthJWT

/// The provider's JWK Set, fetched from `jwks_uri` on first use and kept; fetched again when a token
/// names a key the set does not have (key rotation), at most once per validation.
actor KeySetCache {
    private let url: String
    private var keys: JWKSet?
    /// How many times the set was fetched (for tests and the demo).
    private(set) var fetchCount = 0

    init(url: String) {
        self.url = url
    }

    /// The cached set, fetching it if there is none; `fetched` tells whether this call fetched it.
    func current(using transport: any HTTPTransport) async throws(AuthClientError) -> (keys: JWKSet, fetched: Bool) {
        if let keys { return (keys, false) }
        return (try await refetch(using: transport), true)
    }

    /// Fetches the set again and replaces the cached one.
    func refetch(using transport: any HTTPTransport) async throws(AuthClientError) -> JWKSet {
        var request = TransportRequest(method: .get, url: url)
        request.setHeader("Accept", "application/jwk-set+json, application/json")
        let response = try await transport.send(request)
        fetchCount += 1
        guard response.status == 200 else {
            throw .unexpectedResponse(endpoint: "jwks_uri", status: response.status, reason: "the JWK Set could not be fetched")
        }
        do {
            let set = try JWKSet(json: response.body)
            keys = set
            return set
        } catch {
            throw .invalidKeySet(error)
        }
    }
}
