// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthClient
import AuthFlowTLSTesting
import AuthTesting
import AuthURLSession
import Foundation
import Testing

/// What `URLSessionTransport` does with a server behind a private CA, measured: it cannot be made to trust
/// the CA on Linux, and the failure reads as TLS (swift-corelibs-foundation reports libcurl's
/// `CURLE_PEER_FAILED_VERIFICATION` as `NSURLErrorUnknown`, -1, with libcurl's message).
@Suite("URLSessionTransport against a server behind a private CA")
struct URLSessionTransportTLSTests {
    @Test("an untrusted certificate is a TLS failure with libcurl's reason, not an unknown error")
    func untrusted() async throws {
        let ca = try PrivateCA.make()
        let server = try await TLSProviderServer.start(certificateChain: ca.serverCertificate, privateKey: ca.serverKey)
        var configuration = FakeOpenIDProvider.Configuration()
        configuration.issuer = server.baseURL
        server.serve(FakeOpenIDProvider(configuration))
        let error = await #expect(throws: AuthHTTPError.self) {
            _ = try await URLSessionTransport(timeout: 10).send(
                TransportRequest(method: .get, url: server.baseURL + "/.well-known/openid-configuration"))
        }
        try await server.stop()
        guard case .transportFailed(let failure)? = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        print("URLSessionTransport, untrusted certificate: \(failure)")
        #expect(failure.kind == .secureConnectionFailed, "\(failure)")
        #expect(failure.domain == "NSURLErrorDomain")
        #if canImport(FoundationNetworking)
            #expect(failure.code == -1, "\(failure)")
            #expect(failure.detail?.hasPrefix("SSL certificate problem") == true, "\(failure)")
        #endif
    }
}
