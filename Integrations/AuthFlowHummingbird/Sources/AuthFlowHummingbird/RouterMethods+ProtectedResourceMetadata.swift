// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthResourceServer
public import Hummingbird

extension RouterMethods {
    /// Serves `server`'s protected-resource metadata (RFC 9728 §2) at `server.metadataPath` — the
    /// well-known path with the resource's path inserted (RFC 9728 §3.1), which the `resource_metadata`
    /// of every challenge names. Add it outside `ResourceServerMiddleware`: the document is public.
    ///
    /// ```swift
    /// router.addProtectedResourceMetadata(server)   // GET /.well-known/oauth-protected-resource/mcp
    /// ```
    @discardableResult
    public func addProtectedResourceMetadata(_ server: ResourceServer) -> Self {
        let document = server.metadataDocument()
        return get(RouterPath(server.metadataPath)) { _, _ in
            Response(
                status: .ok,
                headers: [.contentType: "application/json", .cacheControl: "max-age=3600"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: document))
            )
        }
    }
}
