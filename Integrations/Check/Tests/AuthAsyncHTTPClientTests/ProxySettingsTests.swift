// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthAsyncHTTPClient
import AuthClient
import AuthFlowTLSTesting
import AuthTesting
import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import Testing

/// Proxies as curl reads them from the environment (issue 29: the installed `authflow` is built on
/// AsyncHTTPClient, which reads no variable), and requests sent through a proxy that records what it is asked.
@Suite("AsyncHTTPClientTransport: proxies from https_proxy, http_proxy and no_proxy")
struct ProxySettingsTests {
    typealias Settings = AsyncHTTPClientTransport.ProxySettings

    static func settings(_ variables: [String: String]) throws(AuthClientError) -> Settings {
        try Settings.environment { variables[$0] }
    }

    @Test("https_proxy is for https URLs and http_proxy for http URLs; lower case wins; HTTP_PROXY is ignored (httpoxy)")
    func schemes() throws {
        let settings = try Self.settings([
            "https_proxy": "http://lower:3128", "HTTPS_PROXY": "http://upper:3128", "HTTP_PROXY": "http://cgi-injected:80",
        ])
        #expect(settings.https == Settings.Server(host: "lower", port: 3128))
        #expect(settings.http == nil)
        #expect(try Self.settings(["HTTPS_PROXY": "upper:8080"]).https == Settings.Server(host: "upper", port: 8080))
        #expect(try Self.settings(["http_proxy": "h:1"]).http == Settings.Server(host: "h", port: 1))
        #expect(try Self.settings(["https_proxy": ""]).https == nil)
    }

    @Test("all_proxy fills in a scheme without its own; the port defaults to 1080; socks5 and socks5h are SOCKS")
    func fallbacks() throws {
        let settings = try Self.settings(["all_proxy": "socks5h://gateway", "http_proxy": "http://web:8080"])
        #expect(settings.https == Settings.Server(kind: .socks5, host: "gateway", port: 1080))
        #expect(settings.http == Settings.Server(host: "web", port: 8080))
        #expect(try Self.settings(["https_proxy": "proxy.corp"]).https?.port == 1080)
        #expect(try Self.settings(["https_proxy": "http://[::1]:3128"]).https == Settings.Server(host: "::1", port: 3128))
    }

    @Test("credentials are percent-decoded (a plus stays a plus) and never shown; an https:// proxy or a path is refused")
    func credentials() throws {
        let settings = try Self.settings(["https_proxy": "http://al%40ice:p+a%3Ass@proxy:3128"])
        #expect(settings.https?.username == "al@ice")
        #expect(settings.https?.password == "p+a:ss")
        #expect(!settings.description.contains("p+a"))
        #expect(settings.description.contains("http://al@ice@proxy:3128"))
        #expect(throws: AuthClientError.self) { try Self.settings(["https_proxy": "https://proxy:443"]) }
        #expect(throws: AuthClientError.self) { try Self.settings(["https_proxy": "http://proxy:3128/path"]) }
        #expect(throws: AuthClientError.self) { try Self.settings(["https_proxy": "ftp://proxy"]) }
        do {
            _ = try Self.settings(["https_proxy": "https://user:hunter2@proxy"])
        } catch {
            #expect(!"\(error)".contains("hunter2"))
            #expect("\(error)".contains("$https_proxy"))
        }
    }

    @Test("no_proxy: * for all; a name matches itself and its subdomains, with or without a dot; ports ignored; case ignored")
    func bypass() throws {
        let settings = try Self.settings([
            "https_proxy": "proxy:3128", "no_proxy": " localhost, .corp.example ,example.org:8443,127.0.0.1,[::1]:80,",
        ])
        for host in ["localhost", "api.corp.example", "corp.example", "EXAMPLE.org", "www.example.org", "127.0.0.1", "[::1]", "::1"] {
            #expect(settings.server(scheme: "https", host: host) == nil, "\(host) goes direct")
        }
        for host in ["login.example.com", "notcorp.example", "127.0.0.2", "example.org.evil"] {
            #expect(settings.server(scheme: "https", host: host) != nil, "\(host) goes through the proxy")
        }
        #expect(try Self.settings(["https_proxy": "p", "NO_PROXY": "*"]).server(scheme: "HTTPS", host: "any.example") == nil)
        #expect(settings.server(scheme: "http", host: "login.example.com") == nil, "no http_proxy: direct")
    }

    @Test("a request asks the proxy of its scheme for a tunnel to its host and port, with the proxy's credentials; no_proxy goes direct")
    func throughProxy() async throws {
        let proxy = try await RecordingProxy.start()
        let server = Settings.Server(host: "127.0.0.1", port: proxy.port, username: "u", password: "p w")
        let transport = try AsyncHTTPClientTransport(
            configuration: .init(timeout: 10, proxies: Settings(https: server, http: server, noProxy: ["direct.invalid"])))
        // The recording proxy refuses every tunnel, so each request fails; what matters is what it was asked.
        for url in ["http://api.example.invalid:8080/v1/me?x=1", "https://login.example.invalid/token", "http://direct.invalid/"] {
            await #expect(throws: AuthHTTPError.self, "\(url)") {
                _ = try await transport.send(TransportRequest(method: .get, url: url))
            }
        }
        try await transport.shutdown()
        try await proxy.stop()
        let heads = proxy.heads
        #expect(heads.count == 2, "\(heads)")
        // AsyncHTTPClient tunnels http too (CONNECT, RFC 9110 §9.3.6): the proxy never sees the path or query.
        #expect(heads.first?.hasPrefix("CONNECT api.example.invalid:8080 HTTP/1.1\r\n") == true, "\(heads)")
        #expect(heads.last?.hasPrefix("CONNECT login.example.invalid:443 HTTP/1.1\r\n") == true, "\(heads)")
        for head in heads {
            #expect(head.lowercased().contains("proxy-authorization: basic dtpwihc=\r\n"), "\(head)")  // "u:p w"
            #expect(!head.contains("/v1/me") && !head.contains("/token"))
        }
        // no_proxy: direct, so the name does not resolve (.invalid, RFC 6761) and the proxy saw nothing of it.
        #expect(heads.allSatisfy { !$0.contains("direct.invalid") })
    }
}

/// A proxy that records each request head it receives and refuses it (403): enough to see where and how a
/// request was sent, without forwarding anything.
final class RecordingProxy: Sendable {
    let port: Int
    private let channel: any Channel
    private let recorded: NIOLockedValueBox<[String]>

    var heads: [String] { recorded.withLockedValue { $0 } }

    private init(port: Int, channel: any Channel, recorded: NIOLockedValueBox<[String]>) {
        self.port = port
        self.channel = channel
        self.recorded = recorded
    }

    static func start() async throws -> RecordingProxy {
        let recorded = NIOLockedValueBox<[String]>([])
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(Handler(recorded: recorded)) }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        return RecordingProxy(port: channel.localAddress?.port ?? 0, channel: channel, recorded: recorded)
    }

    func stop() async throws { try await channel.close() }

    final class Handler: ChannelInboundHandler, Sendable {
        typealias InboundIn = ByteBuffer
        typealias OutboundOut = ByteBuffer
        let recorded: NIOLockedValueBox<[String]>
        let pending = NIOLockedValueBox<String>("")

        init(recorded: NIOLockedValueBox<[String]>) { self.recorded = recorded }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let buffer = unwrapInboundIn(data)
            let head: String? = pending.withLockedValue { text in
                text += String(buffer: buffer)
                guard let end = text.range(of: "\r\n\r\n") else { return nil }
                defer { text = "" }
                return String(text[..<end.upperBound])
            }
            guard let head else { return }
            recorded.withLockedValue { $0.append(head) }
            let answer = "HTTP/1.1 403 Forbidden\r\ncontent-length: 0\r\nconnection: close\r\n\r\n"
            // `connection: close`: the client closes the connection.
            context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: answer)), promise: nil)
        }
    }
}
