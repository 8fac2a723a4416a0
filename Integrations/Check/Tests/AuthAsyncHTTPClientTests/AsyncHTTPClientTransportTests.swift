// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthAsyncHTTPClient
import AuthClient
import AuthFlowTLSTesting
import AuthJWT
import AuthTesting
import Foundation
import Testing

/// The transport against a real HTTPS server on 127.0.0.1 whose certificate a private CA issued (made by
/// `openssl` at test time): untrusted without the CA, trusted with it, and a whole login over it.
@Suite("AsyncHTTPClientTransport against a server behind a private CA")
struct AsyncHTTPClientTransportTests {
    /// Runs `body` with a transport made from `configuration` and a TLS server serving a fake provider whose
    /// issuer is the server's `https://localhost:PORT`; shuts both down after.
    func withProvider(
        trusting roots: [AsyncHTTPClientTransport.TrustRoot]?, ca: PrivateCA? = nil, timeout: Double = 10, maximumResponseSize: Int? = nil,
        serving stub: ServedTransport? = nil,
        _ body: (AsyncHTTPClientTransport, FakeOpenIDProvider, TLSProviderServer, PrivateCA) async throws -> Void
    ) async throws {
        let ca = try ca ?? PrivateCA.make()
        let server = try await TLSProviderServer.start(certificateChain: ca.serverCertificate, privateKey: ca.serverKey)
        var configuration = FakeOpenIDProvider.Configuration()
        configuration.issuer = server.baseURL
        let provider = FakeOpenIDProvider(configuration)
        server.serve(stub ?? provider)
        var transportConfiguration = AsyncHTTPClientTransport.Configuration(
            additionalTrustRoots: roots ?? [.pemFile(ca.certificate)], timeout: timeout)
        if let maximumResponseSize { transportConfiguration.maximumResponseSize = maximumResponseSize }
        let transport = try AsyncHTTPClientTransport(configuration: transportConfiguration)
        do {
            try await body(transport, provider, server, ca)
        } catch {
            try await transport.shutdown()
            try await server.stop()
            throw error
        }
        try await transport.shutdown()
        try await server.stop()
    }

    @Test("without the private CA, the request fails as a TLS failure that says the certificate was not verified")
    func untrusted() async throws {
        try await withProvider(trusting: []) { transport, provider, server, _ in
            let error = await #expect(throws: AuthHTTPError.self) {
                _ = try await transport.send(TransportRequest(method: .get, url: server.baseURL + "/.well-known/openid-configuration"))
            }
            guard case .transportFailed(let failure)? = error else {
                Issue.record("expected transportFailed, got \(String(describing: error))")
                return
            }
            #expect(failure.kind == .secureConnectionFailed)
            #expect(failure.host == "localhost")
            #expect(failure.detail?.contains("CERTIFICATE_VERIFY_FAILED") == true, "\(failure)")
            #expect(!failure.isTransient)
            #expect("\(failure)".hasPrefix("TLS failed: no secure connection to localhost"), "\(failure)")
            #expect("\(failure)".contains("private CA"))
        }
    }

    @Test("trusting another CA does not make the server's certificate trusted")
    func otherCA() async throws {
        let ca = try PrivateCA.make()
        try await withProvider(trusting: [.pemFile(ca.otherCertificate)], ca: ca) { transport, _, server, _ in
            await #expect {
                _ = try await transport.send(TransportRequest(method: .get, url: server.baseURL + "/.well-known/openid-configuration"))
            } throws: { error in
                guard case .transportFailed(let failure)? = error as? AuthHTTPError else { return false }
                return failure.kind == .secureConnectionFailed
            }
        }
    }

    @Test("with the private CA from a PEM file, discovery answers")
    func trustedFile() async throws {
        try await withProvider(trusting: nil) { transport, _, server, _ in
            let response = try await transport.send(
                TransportRequest(method: .get, url: server.baseURL + "/.well-known/openid-configuration"))
            #expect(response.status == 200)
            #expect(String(decoding: response.body, as: UTF8.self).contains("\"issuer\":\"\(server.baseURL)\""))
            #expect(response.header("content-type")?.hasPrefix("application/json") == true)
        }
    }

    @Test("with the private CA as PEM bytes, discovery answers")
    func trustedBytes() async throws {
        let ca = try PrivateCA.make()
        let pem = try [UInt8](Data(contentsOf: URL(fileURLWithPath: ca.certificate)))
        try await withProvider(trusting: [.pem(pem)], ca: ca) { transport, _, server, _ in
            let response = try await transport.send(
                TransportRequest(method: .get, url: server.baseURL + "/.well-known/openid-configuration"))
            #expect(response.status == 200)
        }
    }

    @Test("a whole login over TLS: discovery, the code exchange with PKCE, the ID token checked against the JWKS")
    func login() async throws {
        try await withProvider(trusting: nil) { transport, provider, _, _ in
            let client = try await AuthClient.discover(provider.clientConfiguration, transport: transport)
            let user = try await client.login(with: provider.browser(.approve(subject: "alice")))
            #expect(user.subject == "alice")
            let profile = try await user.fetchProfile()
            #expect(try profile.claims.email == "alice@example.com")
            #expect(provider.requestCount(.token) == 1)
        }
    }

    @Test("redirects are returned, not followed")
    func redirects() async throws {
        let stub = ServedTransport { _ in
            TransportResponse(status: 302, headerFields: [HeaderField(name: "Location", value: "https://elsewhere.example/")])
        }
        try await withProvider(trusting: nil, serving: stub) { transport, _, server, _ in
            let response = try await transport.send(
                TransportRequest(method: .post, url: server.baseURL + "/token", body: Array("a=b".utf8)))
            #expect(response.status == 302)
            #expect(response.header("location") == "https://elsewhere.example/")
        }
    }

    @Test("a 401 with WWW-Authenticate: Basic comes back as a response, with its body")
    func basicChallenge() async throws {
        let stub = ServedTransport { _ in
            TransportResponse(
                status: 401, headerFields: [HeaderField(name: "WWW-Authenticate", value: "Basic realm=\"x\"")],
                body: Array(#"{"error":"invalid_client"}"#.utf8))
        }
        try await withProvider(trusting: nil, serving: stub) { transport, _, server, _ in
            let response = try await transport.send(TransportRequest(method: .post, url: server.baseURL + "/token"))
            #expect(response.status == 401)
            #expect(String(decoding: response.body, as: UTF8.self) == #"{"error":"invalid_client"}"#)
        }
    }

    @Test("a body over the size limit fails the request")
    func sizeLimit() async throws {
        let stub = ServedTransport { _ in TransportResponse(status: 200, body: [UInt8](repeating: 0x61, count: 4096)) }
        try await withProvider(trusting: nil, maximumResponseSize: 1024, serving: stub) { transport, _, server, _ in
            await #expect {
                _ = try await transport.send(TransportRequest(method: .get, url: server.baseURL + "/big"))
            } throws: { error in
                guard case .transportFailed(let failure)? = error as? AuthHTTPError else { return false }
                return failure.kind == .other && failure.domain == "NIOTooManyBytesError"
            }
        }
    }

    @Test("a server that does not answer ends in timedOut at the deadline")
    func deadline() async throws {
        let stub = ServedTransport { _ in
            try? await Task.sleep(for: .seconds(30))
            return TransportResponse(status: 200)
        }
        try await withProvider(trusting: nil, timeout: 1, serving: stub) { transport, _, server, _ in
            let start = ContinuousClock.now
            await #expect {
                _ = try await transport.send(TransportRequest(method: .get, url: server.baseURL + "/slow"))
            } throws: { error in
                guard case .transportFailed(let failure)? = error as? AuthHTTPError else { return false }
                return failure.kind == .timedOut && failure.host == "localhost"
            }
            #expect(ContinuousClock.now - start < .seconds(10))
        }
    }

    @Test("a refused connection is cannotConnect, and transient")
    func refused() async throws {
        let transport = try AsyncHTTPClientTransport()
        // Port 1 on 127.0.0.1: nothing listens there.
        let error = await #expect(throws: AuthHTTPError.self) {
            _ = try await transport.send(TransportRequest(method: .get, url: "https://127.0.0.1:1/"))
        }
        try await transport.shutdown()
        guard case .transportFailed(let failure)? = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(failure.kind == .cannotConnect, "\(failure)")
        #expect(failure.isTransient)
    }

    @Test("a CA file that is missing or not PEM is refused when the transport is made")
    func badTrustRoots() throws {
        #expect(throws: AuthClientError.self) {
            _ = try AsyncHTTPClientTransport(configuration: .init(additionalTrustRoots: [.pemFile("/nonexistent/ca.pem")]))
        }
        #expect(throws: AuthClientError.self) {
            _ = try AsyncHTTPClientTransport(configuration: .init(additionalTrustRoots: [.pem(Array("not a certificate".utf8))]))
        }
        #expect(throws: AuthClientError.self) {
            _ = try AsyncHTTPClientTransport(configuration: .init(timeout: 0))
        }
    }
}
