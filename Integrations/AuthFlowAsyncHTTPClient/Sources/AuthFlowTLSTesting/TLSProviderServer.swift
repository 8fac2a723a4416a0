// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthClient
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// Serves an in-process server — a `FakeOpenIDProvider`, or any `HTTPTransport` that answers requests — over
/// HTTPS on 127.0.0.1 with a given certificate and key, for tests of a client behind a private CA. Binds a
/// free port first, so the provider's issuer can be the server's address (`https://localhost:PORT`).
///
/// ```swift
/// let server = try await TLSProviderServer.start(certificateChain: "server.pem", privateKey: "server.key")
/// var configuration = FakeOpenIDProvider.Configuration()
/// configuration.issuer = server.baseURL
/// server.serve(FakeOpenIDProvider(configuration))
/// defer { Task { try await server.stop() } }
/// ```
///
/// HTTP/1.1, one request per connection (`Connection: close`), bodies up to 1 MiB.
public final class TLSProviderServer: Sendable {
    /// `https://HOST:PORT`.
    public let baseURL: String
    /// The bound port.
    public let port: Int
    private let channel: any Channel
    private let handler: NIOLockedValueBox<(any HTTPTransport)?>

    private init(baseURL: String, port: Int, channel: any Channel, handler: NIOLockedValueBox<(any HTTPTransport)?>) {
        self.baseURL = baseURL
        self.port = port
        self.channel = channel
        self.handler = handler
    }

    /// Binds 127.0.0.1 on a free port (or `port`) with the certificate chain and private key of these PEM
    /// files; `host` is the name ``baseURL`` uses (the certificate must name it).
    public static func start(certificateChain: String, privateKey: String, host: String = "localhost", port: Int = 0) async throws
        -> TLSProviderServer
    {
        let chain = try NIOSSLCertificate.fromPEMFile(certificateChain).map { NIOSSLCertificateSource.certificate($0) }
        let key = try NIOSSLPrivateKey(file: privateKey, format: .pem)
        let context = try NIOSSLContext(configuration: .makeServerConfiguration(certificateChain: chain, privateKey: .privateKey(key)))
        let handler = NIOLockedValueBox<(any HTTPTransport)?>(nil)
        let base = NIOLockedValueBox<String>("")
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: context))
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
                    try channel.pipeline.syncOperations.addHandler(RequestHandler(server: handler, base: base.withLockedValue { $0 }))
                }
            }
            .bind(host: "127.0.0.1", port: port).get()
        let bound = channel.localAddress?.port ?? port
        let url = "https://\(host):\(bound)"
        base.withLockedValue { $0 = url }
        return TLSProviderServer(baseURL: url, port: bound, channel: channel, handler: handler)
    }

    /// Starts answering requests with `server` (each request's URL is ``baseURL`` plus the request target).
    public func serve(_ server: any HTTPTransport) {
        handler.withLockedValue { $0 = server }
    }

    /// Closes the port.
    public func stop() async throws {
        try await channel.close()
    }
}

/// One connection's HTTP exchange: collects the request, asks the server, writes its response and closes.
private final class RequestHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let server: NIOLockedValueBox<(any HTTPTransport)?>
    private let base: String
    private var head: HTTPRequestHead?
    private var body: [UInt8] = []

    init(server: NIOLockedValueBox<(any HTTPTransport)?>, base: String) {
        self.server = server
        self.base = base
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            self.head = head
            body = []
        case .body(let buffer):
            guard body.count + buffer.readableBytes <= 1 << 20 else {
                context.close(promise: nil)
                return
            }
            body += buffer.readableBytesView
        case .end:
            guard let head else { return }
            var request = TransportRequest(
                method: TransportRequest.Method(rawValue: head.method.rawValue), url: base + head.uri, body: body)
            for field in head.headers { request.setHeader(field.name, field.value) }
            let server = self.server.withLockedValue { $0 }
            let received = request
            let promise = context.eventLoop.makePromise(of: TransportResponse.self)
            promise.completeWithTask {
                guard let server else { return TransportResponse(status: 503, body: Array("not serving yet".utf8)) }
                return try await server.send(received)
            }
            let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
            promise.futureResult.whenComplete { result in
                let context = bound.value
                guard case .success(let response) = result else {
                    context.close(promise: nil)  // an injected failure: close without answering
                    return
                }
                var headers = HTTPHeaders()
                for field in response.headerFields where !field.hasName("Content-Length") && !field.hasName("Connection") {
                    headers.add(name: field.name, value: field.value)
                }
                headers.add(name: "Content-Length", value: "\(response.body.count)")
                headers.add(name: "Connection", value: "close")
                let status = HTTPResponseStatus(statusCode: response.status)
                context.write(
                    NIOAny(HTTPServerResponsePart.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))), promise: nil
                )
                context.write(NIOAny(HTTPServerResponsePart.body(.byteBuffer(ByteBuffer(bytes: response.body)))), promise: nil)
                context.writeAndFlush(NIOAny(HTTPServerResponsePart.end(nil))).whenComplete { _ in bound.value.close(promise: nil) }
            }
        }
    }
}
