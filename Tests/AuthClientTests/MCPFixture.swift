// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthClient
import AuthCredentials
import AuthJWT
import AuthSession
import AuthTesting

/// A fake provider behind a fake MCP server, a store and a fixed time, for the MCP profile's tests.
struct MCPFixture {
    static let redirectURI = "http://127.0.0.1:53682/callback"

    let provider: FakeOpenIDProvider
    let server: FakeProtectedResource
    let store: InMemoryCredentialStore
    let time: ManualWallClock

    init(
        provider configure: (inout FakeOpenIDProvider.Configuration) -> Void = { _ in },
        server configureServer: (inout FakeProtectedResource.Configuration) -> Void = { _ in }
    ) {
        var configuration = FakeOpenIDProvider.Configuration()
        configure(&configuration)
        time = ManualWallClock(Fixture.start)
        provider = FakeOpenIDProvider(configuration, clock: .manual(time))
        var serverConfiguration = FakeProtectedResource.Configuration()
        configureServer(&serverConfiguration)
        server = FakeProtectedResource(serverConfiguration, provider: provider)
        store = InMemoryCredentialStore()
    }

    var options: MCPAuthorization.Options {
        MCPAuthorization.Options(redirectURI: Self.redirectURI, clientName: "AuthFlow tests")
    }

    func discover(_ options: MCPAuthorization.Options? = nil) async throws(AuthClientError) -> MCPAuthorization {
        try await MCPAuthorization.discover(
            serverURL: server.configuration.resource, options: options ?? self.options, transport: server, store: store,
            clock: .manual(time))
    }
}

/// A transport that sends each request to the first route whose prefix the URL starts with (else to
/// `fallback`) and records every request, to see what reached whom.
final class RecordingRouter: HTTPTransport, Sendable {
    let routes: [(prefix: String, transport: any HTTPTransport)]
    let fallback: any HTTPTransport
    private let recorded = Locked<[TransportRequest]>([])

    init(_ routes: [(prefix: String, transport: any HTTPTransport)], fallback: any HTTPTransport) {
        self.routes = routes
        self.fallback = fallback
    }

    /// Every request sent so far, in order.
    var requests: [TransportRequest] { recorded.withLock { $0 } }

    func send(_ request: TransportRequest) async throws(AuthHTTPError) -> TransportResponse {
        recorded.withLock { $0.append(request) }
        let route = routes.first { request.url.hasPrefix($0.prefix) }?.transport ?? fallback
        return try await route.send(request)
    }
}
