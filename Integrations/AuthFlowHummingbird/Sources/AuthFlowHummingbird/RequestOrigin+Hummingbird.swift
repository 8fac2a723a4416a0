// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthResourceServer
import HTTPTypes
public import Hummingbird

extension RequestOrigin {
    /// The request's absolute URL: this origin, then the request's path and query as received
    /// (``RequestOrigin/url(target:headerValues:)``).
    public func url(for request: Request) -> String {
        let target = request.uri.string.hasPrefix("/") ? request.uri.string : request.uri.path
        return url(target: target) { name in HTTPField.Name(name).map { request.headers[values: $0] } ?? [] }
    }
}
