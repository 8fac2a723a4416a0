// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthCredentials
import AuthJSON
import AuthJWT
import AuthTesting
import Foundation
import Testing

/// The fake provider, with every token response recorded on the way back.
private final class TokenResponseRecorder: HTTPTransport, @unchecked Sendable {
    let provider: FakeOpenIDProvider
    private let lock = NSLock()
    private var bodies: [[UInt8]] = []

    init(_ provider: FakeOpenIDProvider) { self.provider = provider }

    var tokenResponses: [[UInt8]] { lock.withLock { bodies } }

    func send(_ request: TransportRequest) async throws(AuthHTTPError) -> TransportResponse {
        let response = try await provider.send(request)
        if request.url == provider.url(of: .token) { lock.withLock { bodies.append(response.body) } }
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
