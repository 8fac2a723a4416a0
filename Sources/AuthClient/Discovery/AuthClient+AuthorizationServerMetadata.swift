// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthCredentials

extension AuthClient {
    /// Like `discover(…)`, but finds the metadata the way the MCP
    /// authorization specification does: RFC 8414 `/.well-known/oauth-authorization-server` (path inserted,
    /// §3.1) first, then OpenID Connect Discovery (see ``ProviderMetadata/discoveryURLs(forIssuer:)``). The
    /// issuer is checked whichever document answered (RFC 8414 §3.3, Discovery §4.3).
    ///
    /// ```swift
    /// let client = try await AuthClient.discoverAuthorizationServer(configuration, transport: URLSessionTransport())
    /// ```
    public static func discoverAuthorizationServer(
        _ configuration: ClientConfiguration, transport: some HTTPTransport, store: some CredentialStore = InMemoryCredentialStore(),
        clock: WallClock = .system, sleeper: any Clock<Duration> = ContinuousClock()
    ) async throws(AuthClientError) -> AuthClient {
        let metadata = try await ProviderMetadata.fetch(
            issuer: configuration.issuer, transport: transport, allowsInsecureLoopback: configuration.allowsInsecureLoopbackIssuer)
        return try AuthClient(
            configuration: configuration, metadata: metadata, transport: transport, store: store, clock: clock, sleeper: sleeper)
    }
}
