// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthJWT
import AuthSession
import AuthTesting
import AuthURLSession
import Foundation
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
        let client = try await AuthClient.discover(clientConfiguration, transport: URLSessionTransport(timeout: 60))
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
            TransportRequest(
                method: .post, url: server.baseURL + "/token",
                headerFields: [HeaderField(name: "Content-Type", value: "application/x-www-form-urlencoded")],
                body: Array("grant_type=refresh_token&refresh_token=nope&client_id=demo-app".utf8)))
        #expect(refused.status == 400)
        #expect(String(decoding: refused.body, as: UTF8.self).contains("invalid_grant"))
        #expect(try await transport.send(TransportRequest(method: .get, url: server.baseURL + "/nothing-here")).status == 404)
    }

    @Test("no server at the address is a transport failure (11001) naming only the host")
    func noServer() async throws {
        let server = try FakeProviderServer()
        let address = server.baseURL
        server.stop()
        do {
            _ = try await URLSessionTransport(timeout: 2).send(TransportRequest(method: .get, url: address + "/token?code=secret-code"))
            Issue.record("a closed port answered")
        } catch {
            #expect(error.code == 11001)
            #expect(!error.description.contains("secret-code"))
        }
    }
}

@Suite("The fake provider's pages over real HTTP: a sign-in page and a device verification page a person can use")
struct FakeProviderPagesTests {
    static func serve(_ configure: (inout FakeOpenIDProvider.Configuration) -> Void = { _ in }) throws -> (
        FakeProviderServer, FakeOpenIDProvider
    ) {
        let server = try FakeProviderServer()
        var configuration = FakeOpenIDProvider.Configuration()
        configuration.issuer = server.baseURL
        configure(&configuration)
        let provider = FakeOpenIDProvider(configuration)
        server.start(serving: provider)
        return (server, provider)
    }

    static func form(_ url: String, _ body: String) -> TransportRequest {
        var request = TransportRequest(method: .post, url: url)
        request.setHeader("Content-Type", "application/x-www-form-urlencoded")
        request.body = Array(body.utf8)
        return request
    }

    @Test("GET /authorize shows a sign-in form; approving it redirects to the app with a code that logs in")
    func signInPage() async throws {
        let (server, provider) = try Self.serve()
        defer { server.stop() }
        let transport = URLSessionTransport(timeout: 60)
        let client = try await AuthClient.discover(try provider.clientConfiguration, transport: transport)
        var generator = SeededRandomNumberGenerator(seed: 21)
        let request = try client.authorizationRequest(using: &generator)

        let page = try await transport.send(TransportRequest(method: .get, url: request.url.text))
        #expect(page.status == 200)
        #expect(page.header("Content-Type")?.hasPrefix("text/html") == true)
        let html = String(decoding: page.body, as: UTF8.self)
        #expect(html.contains("<form method=\"post\" action=\"/authorize\">") && html.contains("<option>alice</option>"))

        let query = try #require(request.url.query)
        let body = "query=" + FormParameter.encode(component: query) + "&user=alice&decision=approve"
        let redirect = try await transport.send(Self.form(server.baseURL + "/authorize", body))
        #expect(redirect.status == 302)
        let location = try #require(redirect.header("Location"))
        let user = try await client.completeLogin(request, redirect: Redirect(callbackURL: try URI(parsing: location)))
        #expect(user.subject == "alice")
    }

    @Test("denying on the sign-in page redirects with access_denied; a foreign redirect_uri gets an error page, not a redirect")
    func signInRefusals() async throws {
        let (server, provider) = try Self.serve()
        defer { server.stop() }
        let transport = URLSessionTransport(timeout: 60)
        let client = try await AuthClient.discover(try provider.clientConfiguration, transport: transport)
        var generator = SeededRandomNumberGenerator(seed: 22)
        let request = try client.authorizationRequest(using: &generator)
        let query = try #require(request.url.query)
        let denied = try await transport.send(
            Self.form(server.baseURL + "/authorize", "query=" + FormParameter.encode(component: query) + "&decision=deny"))
        #expect(denied.status == 302)
        #expect(denied.header("Location")?.contains("error=access_denied") == true)

        let foreign = query.replacingFirst("redirect_uri=", with: "redirect_uri=https%3A%2F%2Fevil.example%2F&x=")
        let refused = try await transport.send(
            Self.form(server.baseURL + "/authorize", "query=" + FormParameter.encode(component: foreign) + "&user=alice&decision=approve"))
        #expect(refused.status == 400)
        #expect(refused.header("Location") == nil)
    }

    @Test("the device page takes the user code and approves the waiting device, which then signs in")
    func devicePage() async throws {
        let (server, provider) = try Self.serve { $0.devicePollingInterval = 1 }
        defer { server.stop() }
        let transport = URLSessionTransport(timeout: 60)
        let client = try await AuthClient.discover(try provider.clientConfiguration, transport: transport)
        let authorization = try await client.requestDeviceAuthorization()
        let complete = try #require(authorization.verificationURIComplete)
        let page = try await transport.send(TransportRequest(method: .get, url: complete))
        #expect(String(decoding: page.body, as: UTF8.self).contains("value=\"\(authorization.userCode)\""))

        let polling = Task { try await client.pollDeviceAuthorization(authorization) }
        // Case is not significant in a user code (RFC 8628 §6.1).
        let body = "user_code=" + authorization.userCode.lowercased() + "&user=alice&decision=approve"
        let approved = try await transport.send(Self.form(server.baseURL + "/device", body))
        #expect(approved.status == 200)
        #expect(String(decoding: approved.body, as: UTF8.self).contains("Device connected"))
        let user = try await polling.value
        #expect(user.subject == "alice")

        let unknown = try await transport.send(Self.form(server.baseURL + "/device", "user_code=NOPE-NOPE&user=alice&decision=approve"))
        #expect(unknown.status == 400)
    }
}

extension String {
    fileprivate func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}
