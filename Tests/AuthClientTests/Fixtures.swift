import AuthClient
import AuthCredentials
import AuthJWT
import AuthTesting

/// A fake provider and a client configured for it, at a fixed time that tests can move.
struct Fixture {
    static let start = NumericDate(secondsSince1970: 1_800_000_000)

    let provider: FakeOpenIDProvider
    let client: AuthClient
    let time: ManualWallClock
    let store: InMemoryCredentialStore

    /// HS256 with a client secret by default: fast in debug builds. Pass `.rs256` or `.es256` to sign with keys.
    init(
        signingKey: TestSigningKey = .hs256(secret: Fixture.secret), authentication: ClientAuthentication = .clientSecretBasic(Fixture.secret),
        configure: (inout FakeOpenIDProvider.Configuration) -> Void = { _ in }
    ) throws {
        var configuration = FakeOpenIDProvider.Configuration()
        configuration.signingKey = signingKey
        configuration.clientAuthentication = authentication
        configure(&configuration)
        time = ManualWallClock(Self.start)
        provider = FakeOpenIDProvider(configuration, clock: .manual(time))
        var clientConfiguration = try provider.clientConfiguration
        clientConfiguration.allowedAlgorithms = [signingKey.algorithm]
        store = InMemoryCredentialStore()
        client = try AuthClient(
            configuration: clientConfiguration, metadata: provider.metadata, transport: provider, store: store, clock: .manual(time))
    }

    static let secret = "a-client-secret-that-only-the-tests-know"

    /// Logs in as alice with a seeded generator.
    func login(_ authorization: FakeOpenIDProvider.Authorization = .approve(subject: "alice"), seed: UInt64 = 1) async throws(AuthClientError) -> User {
        var generator = SeededRandomNumberGenerator(seed: seed)
        return try await client.login(with: provider.browser(authorization), using: &generator)
    }
}
