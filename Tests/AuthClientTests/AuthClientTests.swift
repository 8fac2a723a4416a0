import AuthCallback
import AuthClient
import AuthCredentials
import AuthJWT
import AuthTesting
import Testing

@Suite("AuthClient refresh: a rotated refresh token in a 200 that is refused after it arrives is salvaged, never shown")
struct AuthClientTests {
    static let rotated = "rotated-refresh-token-the-provider-issued"

    static func ok(_ body: String) -> TransportResponse { TransportResponse(status: 200, body: Array(body.utf8)) }

    /// A client on `script`, logging into `log`.
    static func client(_ script: ScriptedTransport, log: LogRecorder = LogRecorder()) throws -> AuthClient {
        let fixture = try Fixture()
        return try AuthClient(
            configuration: fixture.client.configuration, metadata: fixture.provider.metadata, transport: script,
            clock: .manual(fixture.time), sleeper: fixture.sleeper, logger: log.logger())
    }

    @Test(
        "a 200 refused for its token_type, its expires_in or a DPoP token to a Bearer client hands back its refresh token",
        arguments: [
            #"{"access_token":"a","token_type":"N_A","expires_in":60,"refresh_token":"rotated-refresh-token-the-provider-issued"}"#,
            #"{"access_token":"a","token_type":"Bearer","expires_in":-1,"refresh_token":"rotated-refresh-token-the-provider-issued"}"#,
            #"{"access_token":"a","token_type":"Bearer","expires_in":"soon","refresh_token":"rotated-refresh-token-the-provider-issued"}"#,
            #"{"access_token":"a","token_type":"DPoP","expires_in":60,"refresh_token":"rotated-refresh-token-the-provider-issued"}"#,
        ])
    func salvagesFromRefusedResponse(body: String) async throws {
        let script: ScriptedTransport = .scripted([Self.ok(body)])
        let log = LogRecorder()
        let client = try Self.client(script, log: log)
        let (result, salvaged) = await client.refreshTokensSalvaging(TokenSet(accessToken: "old", refreshToken: "r1"))
        #expect(salvaged == Self.rotated)
        guard case .failure(let error) = result else {
            Issue.record("accepted \(body)")
            return
        }
        #expect(error.code == 10009 || error.code == 10352)
        #expect(script.requests.count == 1)  // a 200 is not retried
        // The public method fails the same way, and neither the error nor the log shows the token.
        await #expect(throws: error) {
            try await Self.client(.scripted([Self.ok(body)])).refreshTokens(TokenSet(accessToken: "old", refreshToken: "r1"))
        }
        #expect(log.events.contains(.refresh))
        for text in [error.description, "\(result)", log.text] { #expect(!text.contains(Self.rotated), "\(text)") }
    }

    @Test("nothing is salvaged from a success, an error body (at 200 or 400), a 5xx, or a token equal to the one sent")
    func salvagesNothingElse() async throws {
        let success = #"{"access_token":"a","token_type":"Bearer","refresh_token":"\#(Self.rotated)"}"#
        let (accepted, none) = try await Self.client(.scripted([Self.ok(success)])).refreshTokensSalvaging(
            TokenSet(accessToken: "old", refreshToken: "r1"))
        #expect(none == nil && (try? accepted.get())?.refreshToken == Self.rotated)
        let errorBody = #"{"error":"invalid_grant","refresh_token":"\#(Self.rotated)"}"#
        for status in [200, 400] {
            let response = TransportResponse(status: status, body: Array(errorBody.utf8))
            let (result, salvaged) = try await Self.client(.scripted([response])).refreshTokensSalvaging(
                TokenSet(accessToken: "old", refreshToken: "r1"))
            #expect(salvaged == nil && result.failure?.oauthError == .invalidGrant)
        }
        let body = #"{"access_token":"a","token_type":"N_A","refresh_token":"\#(Self.rotated)"}"#
        let serverError = TransportResponse(status: 500, body: Array(body.utf8))
        let fixture = try Fixture(client: { $0.retryPolicy = .none })
        let noRetries = try AuthClient(
            configuration: fixture.client.configuration, metadata: fixture.provider.metadata, transport: ScriptedTransport([serverError]))
        let (failed, fromServerError) = await noRetries.refreshTokensSalvaging(TokenSet(accessToken: "old", refreshToken: "r1"))
        #expect(fromServerError == nil && failed.failure?.code == 10006)
        let (_, same) = try await Self.client(.scripted([Self.ok(body)])).refreshTokensSalvaging(
            TokenSet(accessToken: "old", refreshToken: Self.rotated))
        #expect(same == nil)
    }

    @Test("a salvaged token survives the retries before it: 503, then a refused 200, is one salvage after two requests")
    func salvageAfterRetry() async throws {
        let body = #"{"access_token":"a","token_type":"N_A","refresh_token":"\#(Self.rotated)"}"#
        let script: ScriptedTransport = .scripted([TransportResponse(status: 503), Self.ok(body)])
        let (result, salvaged) = try await Self.client(script).refreshTokensSalvaging(TokenSet(accessToken: "old", refreshToken: "r1"))
        #expect(salvaged == Self.rotated && result.failure?.code == 10009)
        #expect(script.requests.count == 2)
    }
}

extension Result {
    fileprivate var failure: Failure? {
        guard case .failure(let error) = self else { return nil }
        return error
    }
}
