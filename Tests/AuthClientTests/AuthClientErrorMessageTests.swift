// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthCredentials
import AuthJWT
import AuthSession
import AuthTesting
import Testing

@Suite("AuthClientError: equatable, and messages that say what to do for the common mistakes")
struct AuthClientErrorMessageTests {
    static let issuer = "https://login.example.com/realms/demo"

    static func configuration(redirectURI: String) throws(AuthClientError) -> ClientConfiguration {
        try ClientConfiguration(issuer: Self.issuer, clientID: "app", redirectURI: redirectURI)
    }

    @Test("errors compare by case and payload, down to the nested cause of a key-set refetch and a failed revocation")
    func equatable() {
        let timedOut = TransportFailure(.timedOut, host: "login.example.com")
        #expect(AuthClientError.loggedOut == .loggedOut)
        #expect(AuthClientError.session(.canceledLogin) != .session(.timedOut))
        #expect(
            AuthClientError.keySetRefetchFailed(keyID: "k1", cause: .transportFailed(timedOut))
                == .keySetRefetchFailed(keyID: "k1", cause: .transportFailed(timedOut)))
        #expect(
            AuthClientError.keySetRefetchFailed(keyID: "k1", cause: .transportFailed(timedOut))
                != .keySetRefetchFailed(keyID: "k1", cause: .transportFailed(TransportFailure(.cannotConnect, host: "login.example.com"))))
        #expect(
            AuthClientError.refreshFailed(.refused(OAuthErrorResponse(error: .invalidGrant)))
                == .refreshFailed(.refused(OAuthErrorResponse(error: .invalidGrant))))
        #expect(LogoutResult.Revocation.failed(.transportFailed(timedOut)) == .failed(.transportFailed(timedOut)))
        #expect(LogoutResult.Revocation.failed(.loggedOut) != .skipped)
    }

    @Test("#expect(throws:) names the case: a logged-out user, an empty client id")
    func expectThrowsCase() async throws {
        let fixture = try Fixture()
        let user = try await fixture.login()
        _ = try await user.logout(revokeTokens: false)
        await #expect(throws: AuthClientError.loggedOut) { try await user.validTokens() }
        #expect(throws: AuthClientError.invalidConfiguration("the client id is empty")) {
            try ClientConfiguration(issuer: Self.issuer, clientID: "", redirectURI: "com.example.app:/cb")
        }
    }

    @Test("a discovery 404 shows the URL that was fetched and says to check the issuer")
    func discoveryNotFound() async {
        let transport: ScriptedTransport = .scripted([TransportResponse(status: 404)])
        let url = Self.issuer + "/.well-known/openid-configuration"
        do {
            _ = try await AuthClient.discover(try Self.configuration(redirectURI: "com.example.app:/cb"), transport: transport)
            Issue.record("discovery succeeded on a 404")
        } catch {
            guard case .unexpectedResponse(let endpoint, let status, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(endpoint == "discovery" && status == 404)
            #expect(error.description.contains(url), "\(error)")
            #expect(error.description.contains("check the issuer"), "\(error)")
        }
        #expect(transport.requests.first?.url == url)

        // A server error is not a wrong issuer: the URL is shown, without the hint.
        do {
            _ = try await AuthClient.discover(
                try Self.configuration(redirectURI: "com.example.app:/cb"), transport: .immediate(TransportResponse(status: 503)))
            Issue.record("discovery succeeded on a 503")
        } catch {
            #expect(error.description.contains(url) && !error.description.contains("check the issuer"), "\(error)")
        }
    }

    @Test("a localhost redirect URI is refused naming RFC 8252 §8.3 and the 127.0.0.1 literal to use instead")
    func localhostRedirect() {
        for uri in ["http://localhost:8765/cb", "http://LOCALHOST:8765/cb", "http://localhost/cb"] {
            do {
                _ = try Self.configuration(redirectURI: uri)
                Issue.record("accepted \(uri)")
            } catch {
                #expect(error.code == 10001)
                #expect(error.description.contains("'localhost'") && error.description.contains("127.0.0.1"), "\(error)")
                #expect(error.description.contains("RFC 8252 §8.3") && error.description.contains("NOT RECOMMENDED"), "\(error)")
            }
        }
    }

    @Test("a loopback redirect URI without a port is refused saying it needs the listener's port (RFC 8252 §7.3)")
    func portlessLoopbackRedirect() throws {
        for uri in ["http://127.0.0.1/cb", "http://[::1]/cb"] {
            do {
                _ = try Self.configuration(redirectURI: uri)
                Issue.record("accepted \(uri)")
            } catch {
                #expect(error.code == 10001)
                #expect(error.description.contains("no port") && error.description.contains("RFC 8252 §7.3"), "\(error)")
            }
        }
        // Literal loopback addresses with a port stay accepted.
        for uri in ["http://127.0.0.1:8765/cb", "http://[::1]:8765/cb"] {
            #expect(try Self.configuration(redirectURI: uri).callback.matches(uri))
        }
        // Other http hosts keep the rule about loopback literals.
        #expect(throws: AuthClientError.self) { try Self.configuration(redirectURI: "http://example.com:8765/cb") }
    }

    @Test("a cancelled login reads as a cancel, with no Apple domain first")
    func cancelReadsAsCancel() {
        let text = AuthClientError.session(.canceledLogin).description
        #expect(text.contains("the login was canceled"), "\(text)")
        #expect(!text.contains("9001: com.apple"), "\(text)")
    }
}
