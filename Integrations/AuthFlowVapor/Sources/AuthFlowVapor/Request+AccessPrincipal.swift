// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthResourceServer
public import Vapor

extension Request {
    private struct AccessPrincipalKey: StorageKey {
        typealias Value = AccessPrincipal
    }

    /// The principal of the access token that authorized this request (RFC 9068 §2.2 claims, the DPoP proof
    /// when there was one); set by `ResourceServerMiddleware`, `nil` on routes it does not protect.
    ///
    /// ```swift
    /// api.get("me") { request in request.accessPrincipal?.subject ?? "" }
    /// ```
    public var accessPrincipal: AccessPrincipal? {
        get { storage[AccessPrincipalKey.self] }
        set { storage[AccessPrincipalKey.self] = newValue }
    }
}
