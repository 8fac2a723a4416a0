// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthCredentials
import AuthJSON
import AuthJWT
import AuthSession
import AuthTesting
import Foundation
import TestVectors
import Testing

/// The fake provider, with every token request and response recorded on the way.
private final class TokenResponseRecorder: HTTPTransport, @unchecked Sendable {
    let provider: FakeOpenIDProvider
    private let lock = NSLock()
    private var bodies: [[UInt8]] = []
    private var requests: [[FormParameter]] = []

    init(_ provider: FakeOpenIDProvider) { self.provider = provider }

    var tokenResponses: [[UInt8]] { lock.withLock { bodies } }
    /// The form of each token request.
    var tokenRequests: [[FormParameter]] { lock.withLock { requests } }

    func send(_ request: TransportRequest) async throws(AuthHTTPError) -> TransportResponse {
        let response = try await provider.send(request)
        if request.url == provider.url(of: .token) {
            let form = (try? FormParameter.parse(request.body)) ?? []
            lock.withLock {
                bodies.append(response.body)
                requests.append(form)
            }
        }
        return response
    }
}

@Suite("Rich authorization requests (RFC 9396): authorization_details sent as JSON, raw JSON kept, read from the token response")
struct AuthorizationDetailTests {
    /// RFC 9396 §2 Figure 1's payment initiation entry, transcribed.
    static let rfcPayment = #"""
        [{"type":"payment_initiation","actions":["initiate","status","cancel"],"locations":["https://example.com/payments"],"instructedAmount":{"currency":"EUR","amount":"123.50"},"creditorName":"Merchant A","creditorAccount":{"bic":"ABCIDEFFXXX","iban":"DE02100100109307118603"},"remittanceInformationUnstructured":"Ref Number Merchant"}]
        """#

    @Test("the RFC 9396 §2 example reads with its type and every member as written, and serializes back to the same JSON")
    func rfcExample() throws {
        let details = try AuthorizationDetail.array(json: Self.rfcPayment)
        #expect(details.count == 1)
        #expect(details[0].type == "payment_initiation")
        #expect(details[0]["instructedAmount"]?.objectValue?["amount"] == "123.50")
        #expect(details[0].object.names.first == "type")
        #expect(AuthorizationDetail.serialized(details) == Self.rfcPayment)
    }

    @Test("an entry that is not an object, or has no string type, is refused (RFC 9396 §2)")
    func invalid() {
        #expect(throws: AuthClientError.invalidAuthorizationDetails("not a JSON array")) {
            _ = try AuthorizationDetail.array(json: #"{"type":"a"}"#)
        }
        #expect(throws: AuthClientError.invalidAuthorizationDetails("an entry has no string type")) {
            _ = try AuthorizationDetail.array(json: #"[{"actions":["read"]}]"#)
        }
        #expect(throws: AuthClientError.invalidAuthorizationDetails("an entry is not a JSON object")) {
            _ = try AuthorizationDetail.array(json: #"["payment"]"#)
        }
    }

    static func options() throws -> LoginOptions {
        var options = LoginOptions()
        options.authorizationDetails = try AuthorizationDetail.array(json: Self.rfcPayment)
        return options
    }

    @Test("authorization_details goes on the authorization request, plain and pushed (PAR), as the JSON array", arguments: [false, true])
    func sent(pushed: Bool) async throws {
        let fixture = try Fixture()
        var options = try Self.options()
        options.pushedAuthorization = pushed ? .always : .never
        var generator = SeededRandomNumberGenerator(seed: 1)
        _ = try await fixture.client.login(with: fixture.provider.browser(), options: options, using: &generator)
        let sent = try #require(fixture.provider.lastAuthorizationParameters.first { $0.name == "authorization_details" }?.value)
        #expect(sent == Self.rfcPayment)
        #expect(fixture.provider.requestCount(.pushedAuthorization) == (pushed ? 1 : 0))
    }

    @Test("the token response's authorization_details (RFC 9396 §7) read back what the provider granted")
    func tokenResponse() async throws {
        var configuration = FakeOpenIDProvider.Configuration()
        configuration.signingKey = .es256
        let provider = FakeOpenIDProvider(configuration, clock: .manual(ManualWallClock(Fixture.start)))
        let recorder = TokenResponseRecorder(provider)
        var clientConfiguration = try provider.clientConfiguration
        clientConfiguration.allowedAlgorithms = [.es256]
        let client = try AuthClient(
            configuration: clientConfiguration, metadata: provider.metadata, transport: recorder,
            clock: .manual(ManualWallClock(Fixture.start)))
        var generator = SeededRandomNumberGenerator(seed: 1)
        _ = try await client.login(with: provider.browser(), options: try Self.options(), using: &generator)
        let body = try #require(recorder.tokenResponses.last)
        let granted = try TokenResponse(json: body).authorizationDetails
        #expect(granted == (try AuthorizationDetail.array(json: Self.rfcPayment)))
        #expect(try TokenResponse(json: Array(#"{"access_token":"a","token_type":"Bearer"}"#.utf8)).authorizationDetails.isEmpty)
    }

    @Test("a type the provider does not list in authorization_details_types_supported is refused before anything is sent")
    func unsupportedType() async throws {
        let fixture = try Fixture(configure: { $0.authorizationDetailsTypes = ["account_information"] })
        var generator = SeededRandomNumberGenerator(seed: 1)
        await #expect(
            throws: AuthClientError.invalidAuthorizationDetails(
                "the provider does not list the type 'payment_initiation' in authorization_details_types_supported (RFC 9396 §10)")
        ) {
            _ = try await fixture.client.login(with: fixture.provider.browser(), options: try Self.options(), using: &generator)
        }
        #expect(fixture.provider.requestCount(.authorization) == 0)
    }

    @Test("a pending login keeps its authorization_details through encoding")
    func codable() throws {
        let options = try Self.options()
        let decoded = try JSONDecoder().decode(LoginOptions.self, from: JSONEncoder().encode(options))
        #expect(decoded.authorizationDetails == options.authorizationDetails)
    }

    @Test("a client credentials token request carries authorization_details (RFC 9396 §6); the provider's answer echoes them")
    func clientCredentials() async throws {
        var configuration = FakeOpenIDProvider.Configuration()
        configuration.clientAuthentication = .clientSecretBasic(Fixture.secret)
        let provider = FakeOpenIDProvider(configuration, clock: .manual(ManualWallClock(Fixture.start)))
        let recorder = TokenResponseRecorder(provider)
        let client = try AuthClient(
            configuration: try provider.clientConfiguration, metadata: provider.metadata, transport: recorder,
            clock: .manual(ManualWallClock(Fixture.start)))
        let details = try AuthorizationDetail.array(json: Self.rfcPayment)
        _ = try await client.requestClientCredentialsToken(authorizationDetails: details)
        let body = try #require(recorder.tokenResponses.last)
        #expect(try TokenResponse(json: body).authorizationDetails == details)
    }
}

// MARK: - The code exchange, refresh and storage (RFC 9396 §6, §7)

/// A client over a recorder, with the payment and account entries of RFC 9396 §2.2 authorized at login.
private struct GrantFixture {
    let provider: FakeOpenIDProvider
    let recorder: TokenResponseRecorder
    let client: AuthClient
    let store: InMemoryCredentialStore

    /// The two entries of RFC 9396 §2's combined request (account information and payment initiation), shortened.
    static let both =
        #"[{"type":"account_information","actions":["list_accounts","read_balances"],"locations":["https://example.com/accounts"]},{"type":"payment_initiation","actions":["initiate"],"locations":["https://example.com/payments"]}]"#
    static let accounts = #"[{"type":"account_information","actions":["list_accounts"],"locations":["https://example.com/accounts"]}]"#

    init(configure: (inout FakeOpenIDProvider.Configuration) -> Void = { _ in }) throws {
        var configuration = FakeOpenIDProvider.Configuration()
        configuration.signingKey = .hs256(secret: Fixture.secret)
        configuration.clientAuthentication = .clientSecretBasic(Fixture.secret)
        configure(&configuration)
        let time = ManualWallClock(Fixture.start)
        provider = FakeOpenIDProvider(configuration, clock: .manual(time))
        recorder = TokenResponseRecorder(provider)
        store = InMemoryCredentialStore()
        var clientConfiguration = try provider.clientConfiguration
        clientConfiguration.allowedAlgorithms = [.hs256]
        client = try AuthClient(
            configuration: clientConfiguration, metadata: provider.metadata, transport: recorder, store: store, clock: .manual(time))
    }

    func loginOptions() throws -> LoginOptions {
        var options = LoginOptions()
        options.authorizationDetails = try AuthorizationDetail.array(json: Self.both)
        return options
    }

    /// A login through the authorization endpoint, up to the code (not exchanged).
    func authorize(seed: UInt64 = 1) async throws -> (AuthorizationRequest, String) {
        var generator = SeededRandomNumberGenerator(seed: seed)
        let request = try client.authorizationRequest(try loginOptions(), using: &generator)
        let redirect = try await provider.browser().present(UserAgentRequest(url: request.url, callback: request.callback))
        return (request, try request.response(from: redirect).code)
    }

    func lastSent() -> String? {
        recorder.tokenRequests.last?.first { $0.name == "authorization_details" }?.value
    }
}

extension AuthorizationDetailTests {
    @Test("a login keeps the granted authorization_details in the user's TokenSet and in the store (RFC 9396 §7)")
    func grantedKeptAndStored() async throws {
        let fixture = try GrantFixture()
        var generator = SeededRandomNumberGenerator(seed: 1)
        let user = try await fixture.client.login(with: fixture.provider.browser(), options: try fixture.loginOptions(), using: &generator)
        let both = try AuthorizationDetail.array(json: GrantFixture.both)
        #expect(await user.tokens?.authorizationDetails == both)
        #expect(await user.tokens?.authorizationDetails(ofType: "payment_initiation").count == 1)
        let stored = try #require(await fixture.store.credential(for: user.subject ?? "", grant: user.grant)?.tokens)
        #expect(stored.authorizationDetails == both)
        #expect(fixture.lastSent() == nil, "no authorization_details on a plain code exchange")
    }

    @Test(
        "the code exchange may narrow authorization_details (RFC 9396 §6): sent as the JSON array, and the token set holds what was granted"
    )
    func exchangeNarrows() async throws {
        let fixture = try GrantFixture()
        let (request, code) = try await fixture.authorize()
        let accounts = try AuthorizationDetail.array(json: GrantFixture.accounts)
        let tokens = try await fixture.client.exchangeCode(code, for: request, authorizationDetails: accounts)
        #expect(fixture.lastSent() == GrantFixture.accounts)
        #expect(tokens.authorizationDetails == accounts)
        #expect(tokens.authorizationDetails(ofType: "payment_initiation").isEmpty)
    }

    @Test("details the grant does not cover are refused by the provider (invalid_authorization_details, RFC 9396 §6)")
    func exchangeBeyondGrant() async throws {
        let fixture = try GrantFixture()
        let (request, code) = try await fixture.authorize()
        await #expect {
            try await fixture.client.exchangeCode(code, for: request, authorizationDetails: [AuthorizationDetail(type: "medical_record")])
        } throws: {
            ($0 as? AuthClientError)?.oauthError == .invalidAuthorizationDetails
        }
    }

    @Test("authorization_details_types_supported is honoured at the code exchange and the refresh: nothing is sent, the code is not spent")
    func typesSupportedAtTokenEndpoint() async throws {
        let fixture = try GrantFixture(configure: { $0.authorizationDetailsTypes = ["account_information", "payment_initiation"] })
        let (request, code) = try await fixture.authorize()
        let unknown = [AuthorizationDetail(type: "medical_record")]
        let refusal = AuthClientError.invalidAuthorizationDetails(
            "the provider does not list the type 'medical_record' in authorization_details_types_supported (RFC 9396 §10)")
        await #expect(throws: refusal) { try await fixture.client.exchangeCode(code, for: request, authorizationDetails: unknown) }
        #expect(fixture.recorder.tokenRequests.isEmpty)
        let tokens = try await fixture.client.exchangeCode(code, for: request)
        await #expect(throws: refusal) { try await fixture.client.refreshTokens(tokens, authorizationDetails: unknown) }
        #expect(fixture.recorder.tokenRequests.count == 1)
    }

    @Test(
        "a refresh may narrow (RFC 9396 §6.1); the answer's details are authoritative, and an answer without them keeps the previous ones")
    func refreshNarrowsAndKeeps() async throws {
        let fixture = try GrantFixture()
        let (request, code) = try await fixture.authorize()
        let tokens = try await fixture.client.exchangeCode(code, for: request)
        let both = try AuthorizationDetail.array(json: GrantFixture.both)
        let accounts = try AuthorizationDetail.array(json: GrantFixture.accounts)
        #expect(tokens.authorizationDetails == both)
        let response = try await fixture.client.refreshTokens(tokens, authorizationDetails: accounts)
        #expect(fixture.lastSent() == GrantFixture.accounts)
        let narrowed = tokens.refreshed(by: response, receivedAt: Fixture.start)
        #expect(narrowed.authorizationDetails == accounts)
        // A plain refresh: the provider grants the whole grant again, and says so.
        let again = narrowed.refreshed(by: try await fixture.client.refreshTokens(narrowed), receivedAt: Fixture.start)
        #expect(fixture.lastSent() == nil)
        #expect(again.authorizationDetails == both)
        // A refresh answer without authorization_details (RFC 6749 §6, as for scope): the previous ones stay.
        let silent = try TokenResponse(json: Array(#"{"access_token":"new","token_type":"Bearer"}"#.utf8))
        #expect(narrowed.refreshed(by: silent, receivedAt: Fixture.start).authorizationDetails == accounts)
    }

    @Test("a provider that grants a type nobody asked for: the token set holds exactly what it granted, never what was asked")
    func unrequestedTypeRecordedAsGranted() async throws {
        let fixture = try GrantFixture(configure: { $0.misbehaviours = [.grantsUnrequestedAuthorizationDetails] })
        let (request, code) = try await fixture.authorize()
        let accounts = try AuthorizationDetail.array(json: GrantFixture.accounts)
        let tokens = try await fixture.client.exchangeCode(code, for: request, authorizationDetails: accounts)
        #expect(tokens.authorizationDetails.map(\.type) == ["account_information", "unrequested_type"])
        #expect(tokens.authorizationDetails(ofType: "payment_initiation").isEmpty, "asked for at login, not granted to this token")
    }

    @Test(
        "a provider that ignores the parameter (no authorization_details in its answer) is refused after a narrowing request, at the exchange and the refresh"
    )
    func omittedAfterNarrowingRefused() async throws {
        let fixture = try GrantFixture(configure: { $0.misbehaviours = [.tokenResponseWithoutAuthorizationDetails] })
        let (request, code) = try await fixture.authorize()
        let accounts = try AuthorizationDetail.array(json: GrantFixture.accounts)
        let refusal = AuthClientError.invalidAuthorizationDetails(
            "the token response does not name the authorization_details it granted, although the request carried them (RFC 9396 §7)")
        await #expect(throws: refusal) { try await fixture.client.exchangeCode(code, for: request, authorizationDetails: accounts) }
        // Without a narrowing, the same answer is taken, and the login's details are not recorded as granted.
        let (second, secondCode) = try await fixture.authorize(seed: 2)
        let tokens = try await fixture.client.exchangeCode(secondCode, for: second)
        #expect(tokens.grantedAuthorizationDetails == nil)
        #expect(tokens.authorizationDetails.isEmpty)
        await #expect(throws: refusal) { try await fixture.client.refreshTokens(tokens, authorizationDetails: accounts) }
    }

    @Test("an answer whose authorization_details are not objects with a type is refused (RFC 9396 §7): what was granted cannot be known")
    func malformedGrantRefused() throws {
        let response = try TokenResponse(
            json: Array(#"{"access_token":"a","token_type":"Bearer","authorization_details":[{"actions":["read"]}]}"#.utf8))
        #expect(throws: AuthClientError.invalidAuthorizationDetails("an entry has no string type")) {
            _ = try response.authorizationDetails
        }
        #expect(TokenSet(response, receivedAt: Fixture.start).grantedAuthorizationDetails == nil)
    }

    @Test("User.tokens(authorizationDetails:) narrows with the refresh token; the user's own tokens keep the whole grant")
    func userNarrowedTokens() async throws {
        let fixture = try GrantFixture()
        var generator = SeededRandomNumberGenerator(seed: 1)
        let user = try await fixture.client.login(with: fixture.provider.browser(), options: try fixture.loginOptions(), using: &generator)
        let accounts = try AuthorizationDetail.array(json: GrantFixture.accounts)
        let before = try #require(await user.tokens)
        let narrowed = try await user.tokens(authorizationDetails: accounts)
        #expect(narrowed.authorizationDetails == accounts)
        #expect(narrowed.refreshToken == nil)
        #expect(narrowed.accessToken != before.accessToken)
        let after = try #require(await user.tokens)
        #expect(after.accessToken == before.accessToken)
        #expect(after.authorizationDetails == (try AuthorizationDetail.array(json: GrantFixture.both)))
        await #expect(throws: AuthClientError.self) { try await user.tokens(authorizationDetails: []) }
    }
}

extension AuthorizationDetailTests {
    @Test("every authorization_details figure of RFC 9396 reads with Python's types and writes back in Python's compact bytes")
    func rfc9396Figures() throws {
        let examples = try RFC9396Examples.load()
        #expect(examples.details.count == 11)
        for figure in examples.details {
            let details = try AuthorizationDetail.array(json: figure.text)
            #expect(details.map(\.type) == figure.types, "§\(figure.section) \(figure.title)")
            #expect(AuthorizationDetail.serialized(details) == figure.compact, "§\(figure.section) \(figure.title)")
        }
    }

    @Test("the token responses of RFC 9396 §7 and §7.1: the granted details read as printed, and a TokenSet keeps them through Codable")
    func rfc9396TokenResponses() throws {
        let examples = try RFC9396Examples.load()
        #expect(examples.tokenResponses.count == 3)
        for figure in examples.tokenResponses {
            let body = try #require(try JSONValue(parsing: figure.body).objectValue)
            let granted = try AuthorizationDetail.array(json: try #require(body["authorization_details"]))
            #expect(granted.map(\.type) == figure.types, "§\(figure.section)")
            #expect(AuthorizationDetail.serialized(granted) == figure.compact, "§\(figure.section)")
            // The RFC's token_type is "example": as Bearer, the rest of the body unchanged.
            var bearer = JSONObject()
            for (name, value) in body.members { try bearer.append(name, name == "token_type" ? "Bearer" : value) }
            let tokens = TokenSet(
                try TokenResponse(json: JSONValue.object(bearer).serialized()), receivedAt: NumericDate(secondsSince1970: 1_800_000_000))
            let decoded = try JSONDecoder().decode(TokenSet.self, from: JSONEncoder().encode(tokens))
            #expect(AuthorizationDetail.serialized(decoded.authorizationDetails) == figure.compact, "§\(figure.section)")
        }
    }
}
