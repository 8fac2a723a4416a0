// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthResourceServer
public import Hummingbird

/// A Hummingbird request context that carries the principal `ResourceServerMiddleware` authenticated.
///
/// Adopt it in your own context, or use `BasicResourceServerRequestContext`:
///
/// ```swift
/// struct AppContext: ResourceServerRequestContext {
///     var coreContext: CoreRequestContextStorage
///     var accessPrincipal: AccessPrincipal?
///     init(source: ApplicationRequestContextSource) {
///         coreContext = .init(source: source)
///     }
/// }
/// router.get("/me") { _, context in context.accessPrincipal?.subject ?? "" }
/// ```
///
/// `accessPrincipal` is `nil` before the middleware ran and never `nil` in a route behind it.
public protocol ResourceServerRequestContext: RequestContext {
    /// The principal of the access token that authorized this request (RFC 9068 §2.2 claims, the DPoP
    /// proof when there was one); set by `ResourceServerMiddleware`.
    var accessPrincipal: AccessPrincipal? { get set }
}

/// The smallest `ResourceServerRequestContext`: Hummingbird's basic context plus the principal.
public struct BasicResourceServerRequestContext: ResourceServerRequestContext {
    public var coreContext: CoreRequestContextStorage
    public var accessPrincipal: AccessPrincipal?

    public init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
        self.accessPrincipal = nil
    }
}
