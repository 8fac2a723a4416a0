import AuthClient

/// A server for ``TLSProviderServer`` made of a closure: a stub that answers every request the same way.
struct ServedTransport: HTTPTransport {
    let answer: @Sendable (TransportRequest) async throws(AuthClientError) -> TransportResponse

    func send(_ request: TransportRequest) async throws(AuthClientError) -> TransportResponse {
        try await answer(request)
    }
}
