// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthResourceServer
public import Vapor

extension RequestOrigin {
    /// The request's absolute URL: this origin, then the request's path and query as received
    /// (``RequestOrigin/url(target:headerValues:)``).
    public func url(for request: Request) -> String {
        var target = request.url.path.isEmpty ? "/" : request.url.path
        if let query = request.url.query { target += "?" + query }
        return url(target: target) { request.headers[$0] }
    }
}
