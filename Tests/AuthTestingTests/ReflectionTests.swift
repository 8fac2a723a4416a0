import AuthClient
import AuthCredentials
import AuthTesting
import TestVectors
import Testing

@Suite("AuthTesting: secrets stay out of dump and Mirror")
struct TestingReflectionTests {
    @Test("dumping the fake provider shows its configuration, but no client secret, code or token it issued")
    func redacted() async throws {
        var configuration = FakeOpenIDProvider.Configuration()
        configuration.clientAuthentication = .clientSecretPost("SECRET-CLIENT")
        let provider = FakeOpenIDProvider(configuration)
        let client = try AuthClient(configuration: provider.clientConfiguration, metadata: provider.metadata, transport: provider)
        var generator = SeededRandomNumberGenerator(seed: 3)
        let user = try await client.login(with: provider.browser(.approve(subject: "alice")), using: &generator)
        let tokens = try #require(await user.tokens)
        var text = ""
        dump(provider, to: &text)
        for secret in ["SECRET-CLIENT", tokens.accessToken, try #require(tokens.refreshToken)] {
            #expect(!text.contains(secret))
        }
        #expect(text.contains(configuration.issuer) && text.contains("<redacted>"))
    }
}
