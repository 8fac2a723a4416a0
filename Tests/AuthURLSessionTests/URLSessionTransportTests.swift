import AuthClient
import AuthJWT
import AuthSession
import AuthTesting
import AuthURLSession
import Testing

@Suite("URLSessionTransport against the fake provider served on 127.0.0.1")
struct URLSessionTransportTests {
    @Test("discovery, login, userinfo and a refresh on 401 over real HTTP")
    func loginOverHTTP() async throws {
        let server = try FakeProviderServer()
        defer { server.stop() }
        var configuration = FakeOpenIDProvider.Configuration()
        configuration.issuer = server.baseURL
        configuration.signingKey = .es256
        let provider = FakeOpenIDProvider(configuration)
        server.start(serving: provider)
        var clientConfiguration = try provider.clientConfiguration
        clientConfiguration.allowedAlgorithms = [.es256]
        let client = try await AuthClient.discover(clientConfiguration, transport: URLSessionTransport(timeout: 5))
        #expect(client.metadata.tokenEndpoint == server.baseURL + "/token")
        var generator = SeededRandomNumberGenerator(seed: 11)
        let user = try await client.login(with: provider.browser(), using: &generator)
        #expect(try await user.fetchProfile().subject == "alice")
        provider.expireAccessTokens()
        #expect(try await user.fetchProfile().subject == "alice")
        #expect(await user.refreshCount == 1)
        #expect(provider.requestCount(.userinfo) == 3)
        #expect(provider.requestCount(.token) == 2)
    }

    @Test("returns error statuses with their body and headers instead of throwing")
    func statuses() async throws {
        let server = try FakeProviderServer()
        defer { server.stop() }
        var configuration = FakeOpenIDProvider.Configuration()
        configuration.issuer = server.baseURL
        let provider = FakeOpenIDProvider(configuration)
        server.start(serving: provider)
        let transport = URLSessionTransport(timeout: 5)
        let unauthorized = try await transport.send(TransportRequest(method: .get, url: server.baseURL + "/userinfo"))
        #expect(unauthorized.status == 401)
        #expect(unauthorized.header("www-authenticate") == "Bearer error=\"invalid_token\"")
        let refused = try await transport.send(
            TransportRequest(method: .post, url: server.baseURL + "/token", headerFields: [HeaderField(name: "Content-Type", value: "application/x-www-form-urlencoded")],
                             body: Array("grant_type=refresh_token&refresh_token=nope&client_id=demo-app".utf8)))
        #expect(refused.status == 400)
        #expect(String(decoding: refused.body, as: UTF8.self).contains("invalid_grant"))
        #expect(try await transport.send(TransportRequest(method: .get, url: server.baseURL + "/nothing-here")).status == 404)
    }

    @Test("no server at the address is a transport failure (10005) naming only the host")
    func noServer() async throws {
        let server = try FakeProviderServer()
        let address = server.baseURL
        server.stop()
        do {
            _ = try await URLSessionTransport(timeout: 2).send(TransportRequest(method: .get, url: address + "/token?code=secret-code"))
            Issue.record("a closed port answered")
        } catch {
            #expect(error.code == 10005)
            #expect(!error.description.contains("secret-code"))
        }
    }
}
