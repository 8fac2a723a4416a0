// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// Where a session's browser is shown: the portable stand-in for Apple's `ASPresentationAnchor` (a
/// window). A user agent that shows a sheet over a window needs a valid one; one that opens the system
/// browser (loopback) needs none.
///
/// ```swift
/// @MainActor final class Screen: PresentationContextProviding {
///     func presentationAnchor(for session: any WebAuthenticationSessionProtocol) -> PresentationAnchor? {
///         PresentationAnchor(name: "main window", isVisible: window.isVisible)
///     }
/// }
/// ```
public struct PresentationAnchor: Hashable, Sendable {
    /// A name for logs and tests.
    public var name: String
    /// Whether the window is on screen; an anchor that is not cannot present (Apple's error 3).
    public var isVisible: Bool
    /// The platform's window object, when there is one (the AuthenticationServices adapter uses it).
    public var identifier: Int?

    public init(name: String, isVisible: Bool = true, identifier: Int? = nil) {
        self.name = name
        self.isVisible = isVisible
        self.identifier = identifier
    }
}

/// Provides the window a session presents over, like Apple's `ASWebAuthenticationPresentationContextProviding`,
/// and isolated to the main actor as Apple's is: a `@MainActor` view controller or window model conforms
/// as it is, and reads its windows in ``presentationAnchor(for:)``. The session asks on the main actor,
/// after ``AuthenticationSession/start()`` returned, before the user agent presents.
///
/// ```swift
/// @MainActor final class LoginScreen: PresentationContextProviding {
///     var window: Window
///     func presentationAnchor(for session: any WebAuthenticationSessionProtocol) -> PresentationAnchor? {
///         PresentationAnchor(name: "login", isVisible: window.isVisible)
///     }
/// }
/// ```
@MainActor
public protocol PresentationContextProviding: AnyObject, Sendable {
    /// The anchor for `session`, or nil when there is nothing to present over (Apple's error 3).
    func presentationAnchor(for session: any WebAuthenticationSessionProtocol) -> PresentationAnchor?
}
