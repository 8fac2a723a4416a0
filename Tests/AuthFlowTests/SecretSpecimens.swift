// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthFlow
import AuthTesting
import Foundation
import Testing

/// One value of a secret-holding type, with the secrets it holds: text that must not appear, and
/// byte strings that must not appear as a run of numbers (how `dump` prints a `[UInt8]`).
struct Specimen {
    /// The type's name as the source scan reports it (`Outer.Inner` for a nested type).
    var name: String
    var value: Any
    var secrets: [String]
    var secretBytes: [[UInt8]] = []
}

extension SecretRedactionTests {
    /// A secret the test chose, recognisable in any output: letters, digits, `-` and `_` only, so it is
    /// also a valid state, nonce and code verifier.
    static func secret(_ name: String) -> String { "SECRET-\(name)-4f2a9c7e1b3d5a6f8e0c2b4d6f8a0c2e4b6d8f0a" }

    /// A private key with known bytes, and every way its scalar could print: hex, base64url (a JWK's
    /// `d`), the four 64-bit limbs in decimal (a mirror of the scalar) and the bytes themselves.
    static func privateKey(_ seed: UInt8, keyID: String? = nil) throws -> (key: P256PrivateKey, secrets: [String], bytes: [UInt8]) {
        // Below n (its first byte is 0xff): a small first byte, the rest spread out.
        let bytes = [0x10 &+ seed] + (1..<32).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ Int(seed) &* 11 &+ 1) }
        let key = try P256PrivateKey(rawRepresentation: bytes, keyID: keyID)
        let limbs = (0..<4).map { limb in bytes[(limb * 8)..<(limb * 8 + 8)].reduce(UInt64(0)) { $0 << 8 | UInt64($1) } }
        let hex = bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
        return (key, [hex, Base64URL.encode(bytes)] + limbs.map { String($0) }, bytes)
    }

    /// Every checked type, built with known secrets (or, for tokens a provider issues, with the fake
    /// provider's, read back after a login).
    static func specimens() async throws -> [Specimen] {
        let clientSecret = secret("client")
        let nonceSecret = Array(secret("dpop-nonce").utf8)
        let nonceSource = DPoPNonceSource(secret: nonceSecret, now: { 0 })
        let introspection = TokenIntrospector.Configuration(
            endpoint: "https://as.example/introspect", issuer: "https://as.example",
            clientAuthentication: .clientSecretBasic(clientID: "api", secret: clientSecret))
        var resourceConfiguration = ResourceServerConfiguration(
            resource: "https://api.example", authorizationServers: ["https://as.example"])
        resourceConfiguration.introspection = introspection
        resourceConfiguration.dpopNonces = nonceSource
        let (dpopKey, dpopSecrets, dpopBytes) = try privateKey(3, keyID: "dpop")
        let (assertionKey, assertionSecrets, assertionBytes) = try privateKey(11, keyID: "assertion")
        let verifier = try CodeVerifier(secret("verifier"))
        let state = try OAuthState(secret("state"))
        let nonce = try OIDCNonce(secret("nonce"))
        var tokens = TokenSet(
            accessToken: secret("access"), refreshToken: secret("refresh"), scopes: ["openid"], idToken: secret("id-token"))
        tokens.dpopKey = dpopKey
        let tokenSecrets = [secret("access"), secret("refresh"), secret("id-token")] + dpopSecrets
        let registration = StoredClientRegistration(
            issuer: "https://idp.example", clientID: "registered", clientSecret: secret("registered-client"),
            registrationAccessToken: secret("registration-access"), registrationClientURI: "https://idp.example/register/registered")
        let appleCredential = AppleIDCredential(
            user: "001234.apple", state: secret("apple-state"), authorizationCode: secret("apple-code"),
            identityToken: secret("apple-identity"), email: "a@example.com")
        let appleSecrets = [secret("apple-state"), secret("apple-code"), secret("apple-identity")]
        let appleRequest = AppleIDRequest(state: secret("apple-request-state"), nonce: secret("apple-request-nonce"))
        let callbackURI = try URI(parsing: "https://app.example/cb?code=\(secret("code"))&state=\(secret("state"))#\(secret("fragment"))")
        var request = TransportRequest(
            method: .post, url: "https://api.example/orders?code=\(secret("query"))", body: Array(secret("body").utf8))
        request.setHeader("Authorization", "Bearer " + secret("bearer"))
        request.setHeader("DPoP", secret("proof"))
        let response = TransportResponse(
            status: 200, headerFields: [HeaderField(name: "Set-Cookie", value: secret("cookie"))],
            body: Array(#"{"access_token":"\#(secret("response"))"}"#.utf8))
        let requestSecrets = [secret("query"), secret("body"), secret("bearer"), secret("proof")]
        let responseSecrets = [secret("cookie"), secret("response")]
        let deviceJSON =
            #"{"device_code":"\#(secret("device"))","user_code":"WDJB-MJHT","verification_uri":"https://idp.example/device","expires_in":600}"#
        var device = try DeviceAuthorization(json: deviceJSON.utf8, receivedAt: NumericDate(secondsSince1970: 1_800_000_000))
        device.dpopKey = dpopKey
        var backchannel = try BackchannelAuthentication(
            json: #"{"auth_req_id":"\#(secret("auth-req-id"))","expires_in":120}"#.utf8, receivedAt: NumericDate(secondsSince1970: 0))
        backchannel.dpopKey = dpopKey
        backchannel.deliveryMode = .ping
        backchannel.clientNotificationToken = secret("client-notification-token")
        let backchannelRequest = BackchannelAuthenticationRequest(
            hint: .idTokenHint(secret("id-token-hint")), bindingMessage: "W4SCT", userCode: secret("user-code"))
        let hmacKey = Array(secret("hmac").utf8)
        // The client verifies the provider's HS256 ID tokens with its client secret (RFC 7518 §3.2).
        let signingKey = TestSigningKey.hs256(secret: clientSecret)
        let (testES256Key, testES256Secrets, testES256Bytes) = try privateKey(29)
        let testES256 = try #require(TestSigningKey.es256(privateKey: testES256Bytes))
        _ = testES256Key

        // A fake provider, a DPoP client with a client secret, and a logged-in user: provider-issued secrets.
        var providerConfiguration = FakeOpenIDProvider.Configuration()
        providerConfiguration.signingKey = signingKey
        providerConfiguration.clientAuthentication = .clientSecretBasic(clientSecret)
        providerConfiguration.registration = .requiresInitialAccessToken(secret("initial-access"))
        let time = ManualWallClock(NumericDate(secondsSince1970: 1_800_000_000))
        let provider = FakeOpenIDProvider(providerConfiguration, clock: .manual(time), seed: 0x5eed)
        var clientConfiguration = try provider.clientConfiguration
        clientConfiguration.allowedAlgorithms = [.hs256]
        clientConfiguration.usesDPoP = true
        let store = InMemoryCredentialStore()
        let client = try AuthClient(
            configuration: clientConfiguration, metadata: provider.metadata, transport: provider, store: store, clock: .manual(time))
        var generator = SeededRandomNumberGenerator(seed: 1)
        let user = try await client.login(with: provider.browser(), using: &generator)
        let issued = try #require(await user.tokens)
        let issuedKey = try #require(issued.dpopKey)
        let issuedSecrets = [issued.accessToken, try #require(issued.refreshToken), try #require(issued.idToken), clientSecret]
        let issuedKeySecrets = [Base64URL.encode(issuedKey.rawRepresentation)]
        let authorization = try client.authorizationRequest(using: &generator)
        let authorizationSecrets = [
            authorization.state.value, authorization.nonce.value, authorization.pkce.verifier.value,
            Base64URL.encode(try #require(authorization.dpopKey).rawRepresentation),
        ]
        let providerSecrets = [clientSecret, secret("initial-access")]

        // PAR and MCP: a pushed request's request_uri; a dynamic registration's secret and access token.
        var parConfiguration = FakeOpenIDProvider.Configuration()
        parConfiguration.requiresPushedAuthorizationRequests = true
        let parProvider = FakeOpenIDProvider(parConfiguration, clock: .manual(time))
        let parClient = try AuthClient(
            configuration: try parProvider.clientConfiguration, metadata: parProvider.metadata, transport: parProvider, clock: .manual(time)
        )
        let pushed = try #require(try await parClient.preparedAuthorizationRequest(using: &generator).pushed)
        let claimSources = try UserInfo(
            json: Array(
                #"{"sub":"a","_claim_names":{"x":"s1","y":"s2"},"_claim_sources":{"s1":{"JWT":"\#(secret("claims-jwt"))"},"s2":{"endpoint":"https://claims.example.com/c","access_token":"\#(secret("claims-token"))"}}}"#
                    .utf8)
        ).claimSources
        var mcpProviderConfiguration = FakeOpenIDProvider.Configuration()
        mcpProviderConfiguration.redirectURIs = ["http://127.0.0.1:53682/callback"]
        let mcpProvider = FakeOpenIDProvider(mcpProviderConfiguration, clock: .manual(time))
        let mcpServer = FakeProtectedResource(provider: mcpProvider)
        let mcpOptions = MCPAuthorization.Options(
            redirectURI: "http://127.0.0.1:53682/callback", clientName: "confidential",
            clientAuthentication: .clientSecretBasic(secret("mcp-client")), initialAccessToken: secret("mcp-initial"))
        let mcp = try await MCPAuthorization.discover(
            serverURL: mcpServer.configuration.resource,
            options: MCPAuthorization.Options(redirectURI: mcpOptions.redirectURI, clientName: "confidential"),
            transport: mcpServer, clock: .manual(time))
        let mcpRegistration = try #require(mcp.registration)
        let mcpSecrets = [mcpRegistration.clientSecret, mcpRegistration.registrationAccessToken].compactMap { $0 }

        let scripted = ScriptedTransport([response])
        _ = try await scripted.send(request)
        let callback = try Callback.https(host: "app.example", path: "/cb")

        return [
            // AuthPKCE
            Specimen(name: "CodeVerifier", value: verifier, secrets: [secret("verifier")]),
            Specimen(name: "PKCE", value: PKCE(verifier: verifier), secrets: [secret("verifier")]),
            Specimen(name: "RandomToken", value: state, secrets: [secret("state")]),
            Specimen(name: "RandomToken", value: nonce, secrets: [secret("nonce")]),
            // AuthDigest, AuthJWT
            Specimen(name: "HMAC", value: HMACSHA256(key: hmacKey), secrets: [secret("hmac")], secretBytes: [hmacKey]),
            Specimen(name: "P256PrivateKey", value: dpopKey, secrets: dpopSecrets, secretBytes: [dpopBytes]),
            // AuthCallback
            Specimen(name: "URI", value: callbackURI, secrets: [secret("code"), secret("state"), secret("fragment")]),
            Specimen(
                name: "AuthorizationResponse",
                value: try AuthorizationResponse(
                    callback: try URI(parsing: "https://app.example/cb?code=\(secret("code"))&state=\(secret("state"))"),
                    expecting: .init(state: secret("state"))),
                secrets: [secret("code"), secret("state")]),
            Specimen(
                name: "AuthorizationResponse.Expectations", value: AuthorizationResponse.Expectations(state: secret("state")),
                secrets: [secret("state")]),
            // AuthCredentials
            Specimen(name: "TokenSet", value: tokens, secrets: tokenSecrets, secretBytes: [dpopBytes]),
            Specimen(
                name: "TokenResponse",
                value: try TokenResponse(
                    json:
                        #"{"access_token":"\#(secret("access"))","token_type":"Bearer","refresh_token":"\#(secret("refresh"))","id_token":"\#(secret("id-token"))"}"#
                        .utf8),
                secrets: [secret("access"), secret("refresh"), secret("id-token")]),
            Specimen(
                name: "StoredCredential", value: StoredCredential(user: "alice", tokens: tokens), secrets: tokenSecrets,
                secretBytes: [dpopBytes]),
            Specimen(
                name: "StoredClientRegistration", value: registration,
                secrets: [secret("registered-client"), secret("registration-access")]),
            Specimen(name: "AppleIDCredential", value: appleCredential, secrets: appleSecrets),
            Specimen(
                name: "CredentialStoreDocument",
                value: CredentialStoreDocument(lastUser: "alice", credentials: [StoredCredential(user: "alice", tokens: tokens)]),
                secrets: tokenSecrets, secretBytes: [dpopBytes]),
            Specimen(
                name: "InMemoryCredentialStore",
                value: InMemoryCredentialStore(CredentialStoreDocument(credentials: [StoredCredential(user: "alice", tokens: tokens)])),
                secrets: tokenSecrets, secretBytes: [dpopBytes]),
            // AuthSession
            Specimen(name: "AppleIDRequest", value: appleRequest, secrets: [secret("apple-request-state"), secret("apple-request-nonce")]),
            Specimen(
                name: "AppleIDAuthorizationController",
                value: AppleIDAuthorizationController(
                    authorizationRequests: [appleRequest],
                    provider: try AppleIDProvider(clientID: "com.example.service", redirectURI: "https://app.example/apple"),
                    userAgent: UnimplementedUserAgent(), appleKeys: { throw CancellationError() }, now: { NumericDate(secondsSince1970: 0) }
                ),
                secrets: [secret("apple-request-state"), secret("apple-request-nonce")]),
            Specimen(
                name: "Redirect", value: Redirect(callbackURL: callbackURI, formBody: Array("code=\(secret("form-code"))".utf8)),
                secrets: [secret("code"), secret("state"), secret("form-code")]),
            Specimen(
                name: "UserAgentRequest",
                value: UserAgentRequest(
                    url: callbackURI, callback: callback, expectedRedirect: ExpectedRedirect(state: secret("expected-state"))),
                secrets: [secret("code"), secret("state"), secret("fragment"), secret("expected-state")]),
            Specimen(
                name: "ExpectedRedirect", value: ExpectedRedirect(state: secret("expected-state"), isResponseJWT: true),
                secrets: [secret("expected-state")]),
            Specimen(
                name: "AuthenticationSession",
                value: AuthenticationSession(url: callbackURI, callback: callback, userAgent: UnimplementedUserAgent()),
                secrets: [secret("code"), secret("state"), secret("fragment")]),
            // AuthClient
            Specimen(name: "TransportRequest", value: request, secrets: requestSecrets),
            Specimen(name: "TransportResponse", value: response, secrets: responseSecrets),
            Specimen(name: "ClientAuthentication", value: ClientAuthentication.clientSecretBasic(clientSecret), secrets: [clientSecret]),
            Specimen(name: "ClientAuthentication", value: ClientAuthentication.clientSecretPost(clientSecret), secrets: [clientSecret]),
            Specimen(name: "ClientAuthentication", value: ClientAuthentication.clientSecretJWT(clientSecret), secrets: [clientSecret]),
            Specimen(
                name: "ClientAuthentication", value: ClientAuthentication.privateKeyJWT(ClientAssertionKey(assertionKey)),
                secrets: assertionSecrets, secretBytes: [assertionBytes]),
            Specimen(
                name: "ClientAssertionKey", value: ClientAssertionKey(assertionKey), secrets: assertionSecrets,
                secretBytes: [assertionBytes]),
            Specimen(name: "ClientConfiguration", value: clientConfiguration, secrets: [clientSecret]),
            Specimen(name: "DPoPNonceSource", value: nonceSource, secrets: [], secretBytes: [nonceSecret]),
            Specimen(
                name: "DPoPProofVerifier", value: DPoPProofVerifier(nonces: nonceSource, now: { 0 }), secrets: [],
                secretBytes: [nonceSecret]),
            Specimen(name: "Configuration", value: introspection, secrets: [clientSecret]),
            Specimen(
                name: "TokenIntrospector",
                value: TokenIntrospector(
                    configuration: introspection, resource: "https://api.example", transport: UnimplementedTransport()),
                secrets: [clientSecret]),
            Specimen(
                name: "ResourceServerConfiguration", value: resourceConfiguration, secrets: [clientSecret], secretBytes: [nonceSecret]),
            Specimen(
                name: "ResourceServer", value: ResourceServer(configuration: resourceConfiguration, transport: UnimplementedTransport()),
                secrets: [clientSecret], secretBytes: [nonceSecret]),
            Specimen(name: "DeviceAuthorization", value: device, secrets: [secret("device")] + dpopSecrets, secretBytes: [dpopBytes]),
            Specimen(
                name: "BackchannelAuthentication", value: backchannel,
                secrets: [secret("auth-req-id"), secret("client-notification-token")] + dpopSecrets,
                secretBytes: [dpopBytes]),
            Specimen(
                name: "BackchannelAuthenticationRequest", value: backchannelRequest,
                secrets: [secret("id-token-hint"), secret("user-code")]),
            Specimen(
                name: "BackchannelAuthenticationRequest.Hint",
                value: BackchannelAuthenticationRequest.Hint.loginHintToken(secret("hint-token")),
                secrets: [secret("hint-token")]),
            Specimen(
                name: "TokenExchangeRequest",
                value: TokenExchangeRequest(subjectToken: secret("subject"), subjectTokenType: .accessToken, actorToken: secret("actor")),
                secrets: [secret("subject"), secret("actor")]),
            Specimen(
                name: "TokenExchangeResponse",
                value: try TokenExchangeResponse(
                    json:
                        #"{"access_token":"\#(secret("exchanged"))","issued_token_type":"urn:ietf:params:oauth:token-type:access_token","token_type":"Bearer","refresh_token":"\#(secret("exchanged-refresh"))"}"#
                        .utf8,
                    receivedAt: NumericDate(secondsSince1970: 0)),
                secrets: [secret("exchanged"), secret("exchanged-refresh")]),
            Specimen(name: "ClaimSource", value: claimSources[0], secrets: [secret("claims-jwt")]),
            Specimen(name: "ClaimSource", value: claimSources[1], secrets: [secret("claims-token")]),
            Specimen(name: "ClaimSource.Location", value: claimSources[0].location, secrets: [secret("claims-jwt")]),
            Specimen(name: "ClaimSource.Location", value: claimSources[1].location, secrets: [secret("claims-token")]),
            Specimen(
                name: "PushedAuthorizationResponse", value: pushed, secrets: [pushed.requestURI]),
            Specimen(name: "AuthorizationRequest", value: authorization, secrets: authorizationSecrets),
            Specimen(
                name: "PendingLogin", value: PendingLogin(request: authorization, clientID: "client", startedAt: 0),
                secrets: authorizationSecrets),
            Specimen(name: "AuthClient", value: client, secrets: [clientSecret]),
            Specimen(
                name: "ClientCredentialsSession", value: ClientCredentialsSession(client: client, dpopKey: dpopKey),
                secrets: [clientSecret] + dpopSecrets, secretBytes: [dpopBytes]),
            Specimen(name: "User", value: user, secrets: issuedSecrets + issuedKeySecrets),
            Specimen(name: "LoginState", value: LoginState.loggedIn(user), secrets: issuedSecrets + issuedKeySecrets),
            Specimen(
                name: "LogoutResult",
                value: LogoutResult(
                    revocation: .skipped, endSessionURL: try URI(parsing: "https://idp.example/logout?id_token_hint=\(secret("hint"))")),
                secrets: [secret("hint")]),
            Specimen(name: "MCPAuthorization.Options", value: mcpOptions, secrets: [secret("mcp-client"), secret("mcp-initial")]),
            Specimen(name: "MCPAuthorization", value: mcp, secrets: mcpSecrets),
            // AuthURLSession
            Specimen(
                name: "AuthenticatedURLSession", value: AuthenticatedURLSession(user: user), secrets: issuedSecrets + issuedKeySecrets),
            // AuthTesting: test doubles ship as a product, and their keys are secrets like any other.
            Specimen(name: "TestSigningKey", value: signingKey, secrets: [clientSecret], secretBytes: [Array(clientSecret.utf8)]),
            Specimen(name: "TestSigningKey", value: testES256, secrets: testES256Secrets, secretBytes: [testES256Bytes]),
            Specimen(name: "FakeOpenIDProvider.Configuration", value: providerConfiguration, secrets: providerSecrets),
            Specimen(
                name: "RegistrationPolicy",
                value: FakeOpenIDProvider.RegistrationPolicy.requiresInitialAccessToken(secret("initial-access")),
                secrets: [secret("initial-access")]),
            Specimen(name: "FakeOpenIDProvider", value: provider, secrets: providerSecrets + issuedSecrets),
            Specimen(name: "FakeBrowser", value: provider.browser(), secrets: providerSecrets + issuedSecrets),
            Specimen(
                name: "FakeProtectedResource", value: FakeProtectedResource(provider: provider), secrets: providerSecrets + issuedSecrets),
            Specimen(name: "ScriptedTransport", value: scripted, secrets: requestSecrets + responseSecrets),
        ]
    }
}
