// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// Where the client reports what it does: a level, an event, a fixed message and typed metadata — a hook
/// with no dependency, which an app bridges to swift-log, `os.Logger` or `print` in a few lines.
///
/// ```swift
/// let logger = AuthLogger(minimumLevel: .debug) { record in
///     print(record)                     // "info refresh: refreshing the tokens [user: alice, …]"
/// }
/// let client = try await AuthClient.discover(configuration, transport: URLSessionTransport(), logger: logger)
/// ```
///
/// What is logged, and what never is:
/// - the client logs at its main steps: discovery, authorization URL built, callback received, code
///   exchange, refresh, retry, logout, JWK Set fetch and refetch cooldown (see ``AuthLogRecord/Event``);
/// - messages are fixed text; metadata values are ``AuthLogValue``s, redacted by their type: a URL loses
///   its query and fragment, and a secret (token, code, verifier, client secret) can only be logged as
///   ``AuthLogValue/redacted``, which holds nothing — so a handler cannot leak it, whatever it prints;
/// - the handler is called synchronously on the client's task; keep it quick and non-blocking.
///
/// Docs/Logging.md shows bridges to swift-log and `os.Logger`.
public struct AuthLogger: Sendable {
    /// How important a record is, from `.debug` to `.error` (the subset swift-log and `os.Logger` share).
    public enum Level: Int, Comparable, CaseIterable, Sendable {
        /// Detail for debugging a flow: URLs built, cache hits.
        case debug
        /// A step of a flow: discovery, login, refresh, logout.
        case info
        /// Something went wrong and the client handles it: a retry, a refetch skipped.
        case warning
        /// A step failed and the error is thrown to the app.
        case error

        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// Records below this level are not built nor passed to the handler.
    public let minimumLevel: Level
    private let handler: (@Sendable (AuthLogRecord) -> Void)?

    /// A logger that passes every record at `minimumLevel` or above to `handler`.
    public init(minimumLevel: Level = .info, _ handler: @escaping @Sendable (AuthLogRecord) -> Void) {
        self.minimumLevel = minimumLevel
        self.handler = handler
    }

    /// Logs nothing: the default.
    public static let disabled = AuthLogger()

    private init() {
        minimumLevel = .error
        handler = nil
    }

    /// Whether records at `level` reach the handler.
    public func isEnabled(_ level: Level) -> Bool { handler != nil && level >= minimumLevel }

    /// Passes a record to the handler when `level` is enabled; the metadata is built only then.
    public func log(
        _ level: Level, _ event: AuthLogRecord.Event, _ message: StaticString,
        _ metadata: @autoclosure () -> [String: AuthLogValue] = [:]
    ) {
        guard let handler, level >= minimumLevel else { return }
        handler(AuthLogRecord(level: level, event: event, message: message.description, metadata: metadata()))
    }
}
