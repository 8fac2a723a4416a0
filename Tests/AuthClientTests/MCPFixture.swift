import AuthClient
import AuthCredentials
import AuthJWT
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
