// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthClient
import AuthCredentials
import AuthJWT
import AuthTesting
import AuthURLSession
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The protected resource's JSON, as an app would declare it.
struct ResourceBody: Decodable, Equatable {
    let sub: String
}

/// The same JSON read with the wrong type for `sub`.
struct NumericSubject: Decodable {
    let sub: Int
}

/// A field the resource does not send.
struct NeedsMissingField: Decodable {
    let uuid: String
}

@Suite("AuthenticatedURLSession and User.get against the fake provider served on 127.0.0.1")
struct AuthenticatedURLSessionTests {
    /// A provider served over HTTP, its clock, and alice signed in through `URLSessionTransport`.
    struct Served {
        let server: FakeProviderServer
        let provider: FakeOpenIDProvider
        let time: ManualWallClock
        let user: User

        var resource: URL { URL(string: provider.url(of: .resource)) ?? URL(fileURLWithPath: "/") }

        static func start() async throws -> Served {
            let server = try FakeProviderServer()
            var configuration = FakeOpenIDProvider.Configuration()
            configuration.issuer = server.baseURL
            configuration.signingKey = .es256
            let time = ManualWallClock(NumericDate(secondsSince1970: 1_800_000_000))
            let provider = FakeOpenIDProvider(configuration, clock: .manual(time))
            server.start(serving: provider)
            var clientConfiguration = try provider.clientConfiguration
            clientConfiguration.allowedAlgorithms = [.es256]
            let client = try await AuthClient.discover(
                clientConfiguration, transport: URLSessionTransport(timeout: 60), clock: .manual(time))
            var generator = SeededRandomNumberGenerator(seed: 5)
            let user = try await client.login(with: provider.browser(), using: &generator)
            return Served(server: server, provider: provider, time: time, user: user)
        }
    }

    @Test("data(for:) sends the Bearer token, keeps the request's fields, and refreshes once on a 401 invalid_token")
    func bearerAndRefreshOn401() async throws {
        let served = try await Served.start()
        defer { served.server.stop() }
        let session = AuthenticatedURLSession(user: served.user)
        var request = URLRequest(url: served.resource)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let (data, response) = try await session.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        #expect(http.statusCode == 200)
        #expect(http.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(try JSONDecoder().decode(ResourceBody.self, from: data).sub == "alice")

        served.provider.expireAccessTokens()
        let (_, again) = try await session.data(from: served.resource)
        #expect((again as? HTTPURLResponse)?.statusCode == 200)
        #expect(await served.user.refreshCount == 1)
        #expect(served.provider.requestCount(.resource) == 3)  // 200, then 401 and the retry
        #expect(served.provider.requestCount(.token) == 2)  // the code, then one refresh
    }

    @Test("an access token about to expire is refreshed before the request is sent")
    func refreshBeforeExpiry() async throws {
        let served = try await Served.start()
        defer { served.server.stop() }
        served.time.advance(by: 3600 - 10)  // within the default refresh window of the 3600 s token
        let (_, response) = try await AuthenticatedURLSession(user: served.user).data(from: served.resource)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(await served.user.refreshCount == 1)
        #expect(served.provider.requestCount(.resource) == 1)  // no 401 was needed
    }

    @Test("a second 401 is the response, as URLSession would return it; User.get makes it a typed error with the challenge")
    func secondUnauthorized() async throws {
        let served = try await Served.start()
        defer { served.server.stop() }
        let challenge = [HeaderField(name: "WWW-Authenticate", value: #"Bearer error="invalid_token""#)]
        served.provider.fail(.resource, with: .response(status: 401, headerFields: challenge), times: 2)
        let (_, response) = try await AuthenticatedURLSession(user: served.user).data(from: served.resource)
        #expect((response as? HTTPURLResponse)?.statusCode == 401)
        #expect(await served.user.refreshCount == 1)

        served.provider.fail(.resource, with: .response(status: 401, headerFields: challenge), times: 2)
        do {
            _ = try await served.user.get(served.resource, as: ResourceBody.self)
            Issue.record("a 401 decoded")
        } catch {
            guard case .resourceStatus(let url, 401, let challenges) = error else { throw error }
            #expect(url == served.resource.absoluteString)
            #expect(challenges.map(\.scheme) == ["Bearer"])
            #expect(challenges.first?.error == .invalidToken)
            #expect(error.description.hasSuffix(#"answered 401 (WWW-Authenticate: Bearer error="invalid_token")"#))
        }
    }

    @Test("a refused refresh token logs the user out and throws refreshFailed; a non-https URL is refused before sending")
    func refusedAndInsecure() async throws {
        let served = try await Served.start()
        defer { served.server.stop() }
        let session = AuthenticatedURLSession(user: served.user)
        await #expect(throws: AuthClientError.self) {
            try await session.data(from: try #require(URL(string: "http://api.example.com/orders")))
        }
        #expect(served.provider.requestCount(.resource) == 0)
        served.provider.expireAccessTokens()
        served.provider.revokeRefreshTokens()
        do {
            _ = try await session.data(from: served.resource)
            Issue.record("a revoked refresh token was accepted")
        } catch {
            guard case .refreshFailed = error else { throw error }
        }
        #expect(await !served.user.isLoggedIn)
    }

    @Test("User.get decodes the JSON; a wrong status or shape is a typed error that repeats no value from the body or the query")
    func getDecodes() async throws {
        let served = try await Served.start()
        defer { served.server.stop() }
        let body = try await served.user.get(served.resource, as: ResourceBody.self)
        #expect(body == ResourceBody(sub: "alice"))

        do {
            _ = try await served.user.get(served.resource, as: NumericSubject.self)
            Issue.record("a string decoded as an Int")
        } catch {
            #expect(error.code == 10152)
            #expect(error.description.contains("at sub"))
            #expect(!error.description.contains("alice"))
        }
        do {
            _ = try await served.user.get(served.resource, as: NeedsMissingField.self)
            Issue.record("a missing field decoded")
        } catch {
            guard case .undecodableResource(_, "NeedsMissingField", let reason) = error else { throw error }
            #expect(reason == "missing 'uuid' at the top level")
        }
        let missing = try #require(URL(string: served.server.baseURL + "/nothing?access_token=leaked-value"))
        do {
            _ = try await served.user.get(missing, as: ResourceBody.self)
            Issue.record("a 404 decoded")
        } catch {
            #expect(error.code == 10151)
            #expect(error.description.contains("answered 404"))
            #expect(!error.description.contains("leaked-value"))
        }
    }

    @Test("the fake provider's resource over HTTP: no token or an expired one is a 401 invalid_token (RFC 6750 §3.1)")
    func resourceChallenges() async throws {
        let served = try await Served.start()
        defer { served.server.stop() }
        let transport = URLSessionTransport(timeout: 30)
        let anonymous = try await transport.send(TransportRequest(method: .get, url: served.resource.absoluteString))
        #expect(anonymous.status == 401)
        #expect(anonymous.header("WWW-Authenticate") == #"Bearer error="invalid_token""#)
        let token = try #require(await served.user.tokens).accessToken
        let bearer = [HeaderField(name: "Authorization", value: "Bearer " + token)]
        #expect(
            try await transport.send(TransportRequest(method: .get, url: served.resource.absoluteString, headerFields: bearer)).status
                == 200)
        served.time.advance(by: 3600)
        let expired = try await transport.send(TransportRequest(method: .get, url: served.resource.absoluteString, headerFields: bearer))
        #expect(expired.status == 401)
        #expect(expired.header("WWW-Authenticate") == #"Bearer error="invalid_token""#)
    }
}
