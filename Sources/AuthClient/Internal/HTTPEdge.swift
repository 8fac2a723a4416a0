// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthHTTP

extension AuthClientError {
    /// The client's case of the same name for an error of the shared HTTP edge (AuthHTTP), so that callers
    /// see the errors the client always threw.
    init(_ error: AuthHTTPError) {
        switch error {
        case .transportFailed(let failure): self = .transportFailed(failure)
        case .invalidConfiguration(let reason): self = .invalidConfiguration(reason)
        case .unimplemented(let message): self = .unimplemented(message)
        case .invalidChallenge(let reason): self = .invalidChallenge(reason)
        case .endpointNotAvailable(let name): self = .endpointNotAvailable(name)
        case .unexpectedResponse(let endpoint, let status, let reason):
            self = .unexpectedResponse(endpoint: endpoint, status: status, reason: reason)
        case .invalidKeySet(let error): self = .invalidKeySet(error)
        case .invalidIntrospectionResponse(let reason): self = .invalidIntrospectionResponse(reason)
        }
    }
}

extension HTTPTransport {
    /// `send(_:)`, its error as the client's.
    func exchange(_ request: TransportRequest) async throws(AuthClientError) -> TransportResponse {
        do {
            return try await send(request)
        } catch {
            throw AuthClientError(error)
        }
    }
}

extension KeySetCache {
    /// A cache for the client: its events go to `logger` as `jwks-fetch` and `jwks-cooldown` records.
    static func logging(to logger: AuthLogger) -> @Sendable (Event) -> Void {
        { event in
            switch event {
            case .fetching(let url, let attempt):
                logger.log(.info, .jwksFetch, "fetching the JWK Set", ["url": .url(url), "attempt": .number(Int64(attempt))])
            case .fetched(let generation):
                logger.log(.debug, .jwksFetch, "JWK Set fetched", ["generation": .number(Int64(generation))])
            case .fetchFailed(let error):
                logger.log(
                    .error, .jwksFetch, "the JWK Set could not be fetched; the cached keys are kept",
                    ["error": .text(AuthClientError(error).description)])
            case .cooldown(let seconds):
                logger.log(
                    .warning, .jwksCooldown, "an unknown kid, but a refetch of the JWK Set that did not find it was made too recently",
                    ["cooldown_seconds": .number(seconds)])
            }
        }
    }
}
