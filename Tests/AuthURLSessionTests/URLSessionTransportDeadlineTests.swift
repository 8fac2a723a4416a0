// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthTesting
import Foundation
import TestVectors
import Testing

@testable import AuthURLSession

/// The transport's answer to `request`, thrown error included.
private func outcome(_ transport: URLSessionTransport, _ request: TransportRequest) async -> Result<TransportResponse, AuthHTTPError> {
    do {
        return .success(try await transport.send(request))
    } catch {
        return .failure(error)
    }
}

/// The transport failure in `result`, if that is what it is.
private func transportFailure(_ result: Result<TransportResponse, AuthHTTPError>?) -> TransportFailure? {
    guard case .failure(.transportFailed(let failure)) = result else { return nil }
    return failure
}

/// A URLError with this code (the initializer is failable in swift-corelibs-foundation only).
private func urlError(_ code: Int) -> URLError {
    #if canImport(FoundationNetworking)
        URLError(URLError.Code(rawValue: code)!)
    #else
        URLError(URLError.Code(rawValue: code))
    #endif
}

@Suite("URLSessionTransport never hangs: 401 challenges, deadlines, cancellation")
struct URLSessionTransportDeadlineTests {
    /// How long a call may take before it counts as hung: generous, because the whole suite shares two cores
    /// and a simple test can wait many seconds to be scheduled; what is caught here is a call that never ends.
    static let bound = 120.0

    /// A provider on 127.0.0.1 that wants HTTP Basic with `the-right-secret`.
    static func confidentialProvider() throws -> (FakeProviderServer, FakeOpenIDProvider) {
        let server = try FakeProviderServer()
        var configuration = FakeOpenIDProvider.Configuration()
        configuration.issuer = server.baseURL
        configuration.clientAuthentication = .clientSecretBasic("the-right-secret")
        let provider = FakeOpenIDProvider(configuration)
        server.start(serving: provider)
        return (server, provider)
    }

    @Test("a 401 with WWW-Authenticate: Basic comes back as a response, header and body included (RFC 6749 §5.2)")
    func basicChallengeIsAResponse() async throws {
        let (server, _) = try Self.confidentialProvider()
        defer { server.stop() }
        let request = TransportRequest(
            method: .post, url: server.baseURL + "/token",
            headerFields: [
                HeaderField(name: "Content-Type", value: "application/x-www-form-urlencoded"),
                // base64("demo-app:a-wrong-secret"), from coreutils' base64
                HeaderField(name: "Authorization", value: "Basic ZGVtby1hcHA6YS13cm9uZy1zZWNyZXQ="),
            ],
            body: Array("grant_type=refresh_token&refresh_token=anything".utf8))
        let transport = URLSessionTransport(timeout: 30)
        let result = try #require(await finishes(within: Self.bound) { await outcome(transport, request) }, "the request hung")
        let response = try result.get()
        #expect(response.status == 401)
        #expect(response.header("www-authenticate") == "Basic realm=\"\(server.baseURL)\"")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        #expect(json["error"] as? String == "invalid_client")
    }

    @Test("a login with a wrong client secret ends promptly with invalid_client, not a hang or a timeout")
    func wrongClientSecret() async throws {
        let (server, provider) = try Self.confidentialProvider()
        defer { server.stop() }
        var configuration = try provider.clientConfiguration
        configuration.clientAuthentication = .clientSecretBasic("a-wrong-secret")
        let client = try await AuthClient.discover(configuration, transport: URLSessionTransport(timeout: 30))
        let ended = await finishes(within: Self.bound) { () -> AuthClientError? in
            var generator = SeededRandomNumberGenerator(seed: 5)
            do throws(AuthClientError) {
                _ = try await client.login(with: provider.browser(), using: &generator)
                return nil
            } catch {
                return error
            }
        }
        let outcome = try #require(ended, "the login hung")
        let error = try #require(outcome, "a wrong secret signed in")
        #expect(error.oauthError == .invalidClient, "\(error)")
        #expect(provider.requestCount(.token) == 1)
    }

    @Test("a redirect is returned as it is, not followed, through the transport's own delegate")
    func redirectReturned() async throws {
        let stub = try LoopbackStub(head: "HTTP/1.1 302 Found\r\nLocation: http://127.0.0.1:9/elsewhere\r\nContent-Length: 0\r\n\r\n")
        defer { stub.stop() }
        let transport = URLSessionTransport(timeout: 30)
        let result = try #require(
            await finishes(within: Self.bound) { await outcome(transport, TransportRequest(method: .get, url: stub.baseURL + "/token")) })
        let response = try result.get()
        #expect(response.status == 302)
        #expect(response.header("location") == "http://127.0.0.1:9/elsewhere")
    }

    @Test("a server that accepts the connection and never answers ends in .timedOut within the timeout")
    func silentServer() async throws {
        let stub = try LoopbackStub()
        defer { stub.stop() }
        let transport = URLSessionTransport(timeout: 0.5)
        let result = await finishes(within: Self.bound) {
            await outcome(transport, TransportRequest(method: .get, url: stub.baseURL + "/token"))
        }
        let ended = try #require(result, "the request hung")
        let failure = try #require(transportFailure(ended))
        #expect(failure.kind == .timedOut)
        #expect(failure.host == "127.0.0.1")
    }

    @Test("a server that trickles its answer a byte at a time cannot hold a request past the timeout")
    func tricklingServer() async throws {
        let stub = try LoopbackStub(head: "HTTP/1.1 200 OK\r\nContent-Length: 100000\r\n\r\n", trickle: true)
        defer { stub.stop() }
        let transport = URLSessionTransport(timeout: 1)
        let result = await finishes(within: Self.bound) {
            await outcome(transport, TransportRequest(method: .get, url: stub.baseURL + "/jwks"))
        }
        let ended = try #require(result, "the request outlived its deadline")
        let failure = try #require(transportFailure(ended))
        #expect(failure.kind == .timedOut)
    }

    @Test("cancelling the calling task ends the request promptly with .cancelled")
    func cancellation() async throws {
        let stub = try LoopbackStub()
        defer { stub.stop() }
        let transport = URLSessionTransport(timeout: 60)
        let request = Task { await outcome(transport, TransportRequest(method: .get, url: stub.baseURL + "/userinfo")) }
        try await Task.sleep(for: .milliseconds(200))
        request.cancel()
        let result = await finishes(within: Self.bound) { await request.value }
        let ended = try #require(result, "the cancelled request went on")
        let failure = try #require(transportFailure(ended))
        #expect(failure.kind == .cancelled)
        #expect(failure.host == "127.0.0.1")
    }

    @Test("a task cancelled before it sends gets .cancelled at once")
    func cancelledBeforeSending() async throws {
        let stub = try LoopbackStub()
        defer { stub.stop() }
        let transport = URLSessionTransport(timeout: 60)
        let result = await finishes(within: Self.bound) {
            await withTaskGroup(of: Result<TransportResponse, AuthHTTPError>.self) { group in
                group.cancelAll()
                group.addTask { await outcome(transport, TransportRequest(method: .get, url: stub.baseURL + "/userinfo")) }
                return await group.next()!
            }
        }
        let ended = try #require(result, "the cancelled request went on")
        #expect(transportFailure(ended)?.kind == .cancelled)
    }

    @Test("a timeout that is not a positive, finite number of seconds is a configuration error (11002)")
    func invalidTimeout() async throws {
        for timeout in [0, -1, Double.nan, .infinity] {
            let result = await outcome(URLSessionTransport(timeout: timeout), TransportRequest(method: .get, url: "http://127.0.0.1:9/"))
            guard case .failure(let error) = result else {
                Issue.record("timeout \(timeout) was accepted")
                continue
            }
            #expect(error.code == 11002, "\(timeout)")
        }
    }

    @Test("URLError codes map to failure kinds, keeping NSURLErrorDomain and the code")
    func urlErrorMapping() {
        // Codes as Apple's NSURLError.h defines them.
        let cases: [(Int, TransportFailure.Kind)] = [
            (-1001, .timedOut),
            (-1004, .cannotConnect), (-1009, .cannotConnect), (-1018, .cannotConnect), (-1020, .cannotConnect),
            (-1003, .cannotFindHost), (-1006, .cannotFindHost),
            (-1005, .connectionLost),
            (-1200, .secureConnectionFailed), (-1201, .secureConnectionFailed), (-1202, .secureConnectionFailed),
            (-1203, .secureConnectionFailed), (-1204, .secureConnectionFailed), (-1205, .secureConnectionFailed),
            (-1206, .secureConnectionFailed), (-1022, .secureConnectionFailed),
            (-999, .cancelled),
            (-1000, .invalidURL), (-1002, .invalidURL),
            (-1011, .notHTTP), (-1017, .notHTTP),
            (-1008, .other), (-1013, .other), (-1, .other),
        ]
        for (code, kind) in cases {
            let failure = URLSessionTransport.failure(urlError(code), host: "login.example.com")
            #expect(failure == TransportFailure(kind, host: "login.example.com", domain: "NSURLErrorDomain", code: code), "\(code)")
        }
        #expect(URLSessionTransport.failure(CancellationError(), host: "h") == TransportFailure(.cancelled, host: "h"))
        #expect(URLSessionTransport.failure(CocoaError(.fileNoSuchFile), host: "h") == TransportFailure(.other, host: "h"))
    }
}

@Suite("URLSessionTransport: TLS failures as libcurl reports them on Linux")
struct URLSessionTransportTLSFailureTests {
    /// On Linux, swift-corelibs-foundation 6.3 maps libcurl's CURLE_PEER_FAILED_VERIFICATION (an untrusted
    /// certificate) and CURLE_SSL_CONNECT_ERROR to NSURLErrorUnknown (-1), with libcurl's error buffer as the
    /// message (measured by Integrations/AuthFlowAsyncHTTPClient's URLSessionTransportTLSTests against a private CA).
    @Test("NSURLErrorUnknown with libcurl's TLS message is a TLS failure that keeps the message")
    func libcurlMessages() {
        #if canImport(FoundationNetworking)
            let unknown = URLError.Code(rawValue: -1)!
        #else
            let unknown = URLError.Code(rawValue: -1)
        #endif
        for message in [
            "SSL certificate problem: unable to get local issuer certificate",
            "SSL: no alternative certificate subject name matches target host name 'sso.corp.example'",
            "OpenSSL SSL_connect: SSL_ERROR_SYSCALL in connection to sso.corp.example:443",
            "SSL peer certificate or SSH remote key was not OK",
        ] {
            let error = URLError(unknown, userInfo: [NSLocalizedDescriptionKey: message])
            let failure = URLSessionTransport.failure(error, host: "sso.corp.example")
            #expect(
                failure
                    == TransportFailure(
                        .secureConnectionFailed, host: "sso.corp.example", domain: "NSURLErrorDomain", code: -1, detail: message),
                "\(message)")
            #expect("\(failure)".hasPrefix("TLS failed: no secure connection to sso.corp.example (\(message)) (NSURLErrorDomain -1)"))
        }
        let other = URLError(unknown, userInfo: [NSLocalizedDescriptionKey: "Failure when receiving data from the peer"])
        #expect(URLSessionTransport.failure(other, host: "h") == TransportFailure(.other, host: "h", domain: "NSURLErrorDomain", code: -1))
    }
}
