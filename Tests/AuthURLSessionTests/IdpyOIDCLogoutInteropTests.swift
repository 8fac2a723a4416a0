// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthBase64URL
import AuthCallback
import AuthClient
import AuthCredentials
import AuthJSON
import AuthJWT
import AuthSession
import AuthTesting
import AuthURLSession
import Foundation
import Testing

/// idpyoidc's issuer and the port its clients' logout URIs point at, from the environment; nil skips the suite.
let idpyIssuer = ProcessInfo.processInfo.environment["AUTHFLOW_IDPY_ISSUER"]
let idpyRelyingPartyPort = ProcessInfo.processInfo.environment["AUTHFLOW_IDPY_RP_PORT"].flatMap { UInt16($0) }

/// Logout against a provider nobody here wrote: IdentityPython's idpyoidc 5.0.0 (PyPI), served by
/// `.ci/idpyoidc-provider.py` (HTTP glue only) and started by `.ci/interop-logout`. The provider signs the
/// logout tokens and POSTs them itself, over HTTP, to the back-channel endpoint this suite serves on
/// 127.0.0.1 with ``AuthClient/backChannelLogoutResponse(formBody:replayCache:endSessions:)``; it builds the
/// front-channel iframe URLs (`iss`, `sid`) that a browser would load, and its end-session endpoint
/// (RP-Initiated Logout 1.0) takes AuthFlow's ``AuthClient/endSessionURL(idTokenHint:postLogoutRedirectURI:state:)``.
///
/// What idpyoidc sends, so the suite checks that AuthFlow accepts it: a logout token with no `typ` header,
/// `sid` but no `sub`, `aud` as an array, `exp` a day after `iat`, and the ID token's algorithm (ES256 or
/// RS256). Each client logs in once per provider run: idpyoidc's "log out of every client" names, for each
/// client, the `sid` of the client's *first* grant with an ID token, even a revoked one (idpyoidc 5.0.0,
/// `Session.logout_all_clients`), so a second login of the same client would get a token for its old session.
@Suite("Logout interop with idpyoidc", .enabled(if: idpyIssuer != nil && idpyRelyingPartyPort != nil), .serialized)
struct IdpyOIDCLogoutInteropTests {
    static let secret = "idpy-secret"

    static func client(_ clientID: String) async throws -> AuthClient {
        let configuration = try ClientConfiguration(
            issuer: try #require(idpyIssuer), clientID: clientID, clientAuthentication: .clientSecretBasic(secret),
            redirectURI: "com.example.authflow:/callback", scopes: [.openID], allowsInsecureLoopbackIssuer: true)
        return try await AuthClient.discover(configuration, transport: URLSessionTransport(timeout: 10))
    }

    static var relyingParty: String { "http://127.0.0.1:\(idpyRelyingPartyPort ?? 0)" }

    /// Logs `clientID` in through `browser` (idpyoidc authenticates "diana" at once) and returns the user
    /// and the `sid` of its ID token.
    static func login(_ clientID: String, _ browser: IdpyCookieBrowser) async throws -> (AuthClient, User, String) {
        let client = try await client(clientID)
        let user = try await client.login(with: IdpyBrowserUserAgent(browser: browser))
        let idToken = try #require(await user.tokens?.idToken)
        let sessionID = try #require(try JWT(compact: idToken).claims.string("sid"))
        return (client, user, sessionID)
    }

    @Test(
        "RP-initiated logout: idpyoidc POSTs its logout token (sid, no sub, no typ, ES256) to AuthFlow's endpoint, which ends that session and answers 200"
    )
    func backChannel() async throws {
        let browser = IdpyCookieBrowser()
        let (client, user, sessionID) = try await Self.login("authflow-rp", browser)
        let server = try IdpyRelyingPartyServer(routes: ["/backchannel-logout/rp": .backChannel(client)])
        defer { server.stop() }

        let idToken = try #require(await user.tokens?.idToken)
        let url = try #require(
            client.endSessionURL(idTokenHint: idToken, postLogoutRedirectURI: Self.relyingParty + "/after-logout", state: "bye-1"))
        let afterLogout = try await browser.follow(url.text)
        #expect(afterLogout.hasPrefix(Self.relyingParty + "/after-logout?"))
        #expect(try URI(parsing: afterLogout).queryParameters().first { $0.name == "state" }?.value == "bye-1")

        let delivery = try #require(server.deliveries.first { $0.path == "/backchannel-logout/rp" })
        #expect(delivery.status == 200)
        #expect(await user.tokens == nil)
        #expect(server.deliveries.filter { $0.path == "/backchannel-logout/rp" }.count == 1)

        // What the provider sent, as AuthFlow read it.
        let token = try #require(delivery.logoutToken)
        let jwt = try JWT(compact: token)
        #expect(jwt.header.algorithm == .es256)
        #expect(jwt.header.type == nil)
        #expect(try jwt.claims.string("sid") == sessionID)
        #expect(try jwt.claims.subject == nil)
        #expect(jwt.claims["aud"]?.arrayValue?.count == 1)

        // The same delivery again: refused as a replay (its jti was remembered after the session ended).
        let replay = await client.backChannelLogoutResponse(formBody: delivery.body)
        #expect(replay.status == 400)
        #expect(String(decoding: replay.body, as: UTF8.self).contains("replay"))
        #expect(await idpyRefusal { try await client.validateLogoutToken(token) } == .replayed)
    }

    @Test("a copy of idpyoidc's logout token with a changed signature, or with its aud changed, is refused (the signature)")
    func tampered() async throws {
        let browser = IdpyCookieBrowser()
        let (client, user, _) = try await Self.login("authflow-tamper", browser)
        // Deliveries are answered 200 without a check, so that the token reaches this test unused.
        let server = try IdpyRelyingPartyServer(routes: ["/backchannel-logout/tamper": .record])
        defer { server.stop() }
        let idToken = try #require(await user.tokens?.idToken)
        let url = try #require(client.endSessionURL(idTokenHint: idToken, postLogoutRedirectURI: Self.relyingParty + "/after-logout"))
        _ = try await browser.follow(url.text)
        let token = try #require(server.deliveries.first { $0.path == "/backchannel-logout/tamper" }?.logoutToken)
        let parts = token.split(separator: ".").map(String.init)
        try #require(parts.count == 3)

        // The signature's first character changed (its first 6 bits: r of the ES256 signature).
        let signature = Array(parts[2])
        let flipped = String([signature[0] == "A" ? "B" : "A"] + signature.dropFirst())
        let changedSignature = await idpyRefusal {
            try await client.validateLogoutToken([parts[0], parts[1], flipped].joined(separator: "."))
        }
        #expect(changedSignature == .jwt(.invalidSignature))
        // aud rewritten to another registered client in the payload, the provider's signature kept.
        let original = try #require(try JSONValue(parsing: Base64URL.decode(parts[1])).objectValue)
        var claims = JSONObject()
        for member in original.members {
            try claims.append(member.name, member.name == "aud" ? .array([.string("authflow-rp")]) : member.value)
        }
        let payload = Base64URL.encode(JSONValue.object(claims).serialized())
        let other = try await Self.client("authflow-rp")
        let changedAudience = await idpyRefusal {
            try await other.validateLogoutToken([parts[0], payload, parts[2]].joined(separator: "."))
        }
        #expect(changedAudience == .jwt(.invalidSignature))
        // The untouched token is still accepted: the refusals above were the changes'.
        let accepted = try await client.validateLogoutToken(token)
        #expect(accepted.issuer == idpyIssuer)
    }

    @Test(
        "log out of every client: each back-channel client gets its own token (one ES256, one RS256) and accepts it, the other refuses it (aud); the front-channel iframe's iss and sid end the third client's session"
    )
    func everyClient() async throws {
        let browser = IdpyCookieBrowser()
        // The session cookie names the last login's session, the one the end-session request ends.
        let (first, firstUser, firstSID) = try await Self.login("authflow-all-a", browser)
        let (second, secondUser, secondSID) = try await Self.login("authflow-all-b", browser)
        let (front, frontUser, frontSID) = try await Self.login("authflow-fc", browser)
        let server = try IdpyRelyingPartyServer(routes: [
            "/backchannel-logout/all-a": .backChannel(first), "/backchannel-logout/all-b": .backChannel(second),
            "/frontchannel-logout": .frontChannel(front),
        ])
        defer { server.stop() }

        let idToken = try #require(await frontUser.tokens?.idToken)
        let url = try #require(front.endSessionURL(idTokenHint: idToken, postLogoutRedirectURI: Self.relyingParty + "/after-logout"))
        // all=1: the glue's stand-in for the confirmation page's "log out of all" button.
        let page = try await browser.follow(url.text + "&all=1")
        // idpyoidc answers with its iframes; the browser loads each.
        let frames = page.components(separatedBy: "<iframe src=\"").dropFirst().compactMap { $0.components(separatedBy: "\"").first }
        #expect(frames.count == 1)
        for frame in frames { _ = try await browser.get(frame) }

        let deliveries = server.deliveries
        let a = try #require(deliveries.first { $0.path == "/backchannel-logout/all-a" })
        let b = try #require(deliveries.first { $0.path == "/backchannel-logout/all-b" })
        let frame = try #require(deliveries.first { $0.path == "/frontchannel-logout" })
        #expect(a.status == 200)
        #expect(b.status == 200)
        #expect(frame.status == 200)
        let frameQuery = try URI(parsing: Self.relyingParty + "/frontchannel-logout?" + (frame.query ?? "")).queryParameters()
        #expect(frameQuery.first { $0.name == "iss" }?.value == idpyIssuer)
        #expect(frameQuery.first { $0.name == "sid" }?.value == frontSID)
        #expect(await firstUser.tokens == nil)
        #expect(await secondUser.tokens == nil)
        #expect(await frontUser.tokens == nil)
        let tokenA = try JWT(compact: try #require(a.logoutToken))
        let tokenB = try JWT(compact: try #require(b.logoutToken))
        #expect(tokenA.header.algorithm == .es256)
        #expect(tokenB.header.algorithm == .rs256)
        #expect(try tokenA.claims.string("sid") == firstSID)
        #expect(try tokenB.claims.string("sid") == secondSID)

        // Each token in the other client's hands: signed by the provider, but its aud is not that client.
        let tokenAAtB = await idpyRefusal { try await second.validateLogoutToken(try #require(a.logoutToken)) }
        #expect(tokenAAtB == .jwt(.audienceMismatch(expected: "authflow-all-b", actual: ["authflow-all-a"])))
        let tokenBAtA = await idpyRefusal { try await first.validateLogoutToken(try #require(b.logoutToken)) }
        #expect(tokenBAtA == .jwt(.audienceMismatch(expected: "authflow-all-a", actual: ["authflow-all-b"])))
    }
}

/// The logout-token rule `body` broke, or nil when it threw something else or nothing.
func idpyRefusal(_ body: () async throws -> Any) async -> LogoutTokenRefusal? {
    do {
        _ = try await body()
    } catch {
        if case .invalidLogoutToken(let refusal)? = error as? AuthClientError { return refusal }
    }
    return nil
}

/// A browser with a cookie jar for one host: GET with the cookies, keep what `Set-Cookie` sets (an empty
/// value deletes), follow nothing by itself.
final class IdpyCookieBrowser: Sendable {
    private let cookies = Locked<[String: String]>([:])
    private let transport = URLSessionTransport(timeout: 20)

    func get(_ url: String) async throws -> TransportResponse {
        var request = TransportRequest(method: .get, url: url)
        let header = cookies.withLock { $0.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; ") }
        if !header.isEmpty { request.setHeader("Cookie", header) }
        let response = try await transport.send(request)
        for field in response.headerFields where field.name.lowercased() == "set-cookie" {
            let pair = field.value.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
            guard let equals = pair.firstIndex(of: "=") else { continue }
            let (name, value) = (String(pair[..<equals]), String(pair[pair.index(after: equals)...]))
            cookies.withLock { $0[name] = value.isEmpty ? nil : value }
        }
        return response
    }

    /// Follows the provider's redirects until one leaves the provider (its URL is returned) or a page answers
    /// (its body is returned).
    func follow(_ url: String) async throws -> String {
        var next = url
        for _ in 0..<5 {
            // The issuer and a slash: an issuer on port 4123 is not a prefix of a relying party on port 41234.
            guard let issuer = idpyIssuer, next == issuer || next.hasPrefix(issuer + "/") else { return next }
            let response = try await get(next)
            guard (300..<400).contains(response.status), let location = response.header("Location") else {
                try #require(
                    response.status == 200, "the provider answered \(response.status): \(String(decoding: response.body, as: UTF8.self))")
                return String(decoding: response.body, as: UTF8.self)
            }
            next = location
        }
        throw AuthSessionError.userAgentFailed("too many redirects")
    }
}

/// The browser for a login: GET the authorization URL with the cookies; idpyoidc authenticates at once and
/// redirects to the callback.
struct IdpyBrowserUserAgent: UserAgent {
    let browser: IdpyCookieBrowser
    var requiresPresentationContext: Bool { false }

    func present(_ request: UserAgentRequest) async throws(AuthSessionError) -> Redirect {
        let location: String
        do {
            location = try await browser.follow(request.url.text)
        } catch {
            throw .userAgentFailed("\(error)")
        }
        do {
            return Redirect(callbackURL: try URI(parsing: location))
        } catch {
            throw .invalidRedirect(error)
        }
    }
}

/// The relying party's own endpoints on 127.0.0.1 (the port idpyoidc's clients are registered with),
/// answering with AuthFlow's handlers and keeping every request and answer.
final class IdpyRelyingPartyServer: HTTPTransport, Sendable {
    enum Route: Sendable {
        /// POST: AuthClient/backChannelLogoutResponse(formBody:replayCache:endSessions:).
        case backChannel(AuthClient)
        /// GET: AuthClient/handleFrontChannelLogout(_:sessionRequired:account:), 200 or 400.
        case frontChannel(AuthClient)
        /// 200, nothing checked.
        case record
    }

    struct Delivery: Sendable {
        let path: String
        let query: String?
        let body: [UInt8]
        let status: Int
        var logoutToken: String? {
            (try? FormParameter.parse(body))?.first { $0.name == "logout_token" }?.value
        }
    }

    private let routes: [String: Route]
    private let server: FakeProviderServer
    private let recorded = Locked<[Delivery]>([])

    init(routes: [String: Route]) throws {
        self.routes = routes
        server = try FakeProviderServer(port: try #require(idpyRelyingPartyPort))
        server.start(serving: self)
    }

    var deliveries: [Delivery] { recorded.withLock { $0 } }

    func stop() { server.stop() }

    func send(_ request: TransportRequest) async throws(AuthHTTPError) -> TransportResponse {
        let target = request.url.dropFirst(IdpyOIDCLogoutInteropTests.relyingParty.count)
        let path = String(target.prefix { $0 != "?" })
        let query = target.firstIndex(of: "?").map { String(target[target.index(after: $0)...]) }
        let response: TransportResponse
        switch routes[path] {
        case .backChannel(let client)?:
            response = await client.backChannelLogoutResponse(formBody: request.body)
        case .frontChannel(let client)?:
            do {
                _ = try await client.handleFrontChannelLogout(try URI(parsing: request.url))
                response = TransportResponse(status: 200)
            } catch {
                response = TransportResponse(status: 400, body: Array("\(error)".utf8))
            }
        case .record?:
            response = TransportResponse(status: 200)
        case nil:
            response = TransportResponse(status: 404)
        }
        recorded.withLock { $0.append(Delivery(path: path, query: query, body: request.body, status: response.status)) }
        return response
    }
}
