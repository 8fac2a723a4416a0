// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthResourceServer
public import Vapor

extension RoutesBuilder {
    /// Serves `server`'s protected-resource metadata (RFC 9728 §2) at `server.metadataPath` — the
    /// well-known path with the resource's path inserted (RFC 9728 §3.1), which the `resource_metadata`
    /// of every challenge names. Register it outside `ResourceServerMiddleware`: the document is public.
    ///
    /// ```swift
    /// app.protectedResourceMetadata(server)   // GET /.well-known/oauth-protected-resource/orders
    /// ```
    @discardableResult
    public func protectedResourceMetadata(_ server: ResourceServer) -> Route {
        let document = server.metadataDocument()
        let path = server.metadataPath.split(separator: "/").map { PathComponent.constant(String($0)) }
        return on(.GET, path) { _ -> Response in
            var headers = HTTPHeaders()
            headers.add(name: .contentType, value: "application/json")
            headers.add(name: .cacheControl, value: "max-age=3600")
            return Response(status: .ok, headers: headers, body: .init(buffer: ByteBuffer(bytes: document)))
        }
    }
}
