// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// A web authentication session with the shape of Apple's `ASWebAuthenticationSession`: start it once,
/// cancel it at any time, get exactly one completion.
///
/// ```swift
/// func signIn(with session: some WebAuthenticationSessionProtocol) {
///     guard session.canStart else { return }
///     _ = session.start()
/// }
/// ```
///
/// ``AuthenticationSession`` is the implementation; the protocol lets code that drives a session be
/// tested with any other. Named with `Protocol` (as `IteratorProtocol` is) so that it does not clash with
/// SwiftUI's `WebAuthenticationSession` in an app that imports SwiftUI, AuthenticationServices and AuthFlow.
public protocol WebAuthenticationSessionProtocol: AnyObject, Sendable {
    /// Whether ``start()`` would start the session now.
    var canStart: Bool { get }
    /// Starts the session; returns whether it started. A session starts at most once.
    func start() -> Bool
    /// Cancels the session: before completion the completion receives `canceledLogin`; after it, nothing happens.
    func cancel()
}
