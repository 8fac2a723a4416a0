// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// One thing the client reports to an ``AuthLogger``: level, event, a fixed message and redacted metadata.
///
/// ```swift
/// let logger = AuthLogger { record in
///     if record.event == .refresh, record.level == .error { alertOnCall(record.description) }
/// }
/// ```
///
/// The description is `"<level> <event>: <message> [key: value, …]"` with the keys sorted; values print
/// as ``AuthLogValue`` describes them (URLs without query, secrets as `<redacted>`).
public struct AuthLogRecord: Sendable, Hashable {
    /// A step of a flow, open like the other value sets: the client's steps are the static constants.
    public struct Event: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The discovery document was fetched (OpenID Connect Discovery §4), or could not be.
        public static let discovery = Event(rawValue: "discovery")
        /// An authorization request URL was built (RFC 6749 §4.1.1).
        public static let authorizationURL = Event(rawValue: "authorization-url")
        /// The redirect with the authorization response arrived (RFC 6749 §4.1.2).
        public static let callback = Event(rawValue: "callback")
        /// The code was exchanged at the token endpoint (RFC 6749 §4.1.3).
        public static let codeExchange = Event(rawValue: "code-exchange")
        /// The tokens were refreshed (RFC 6749 §6), or the refresh failed.
        public static let refresh = Event(rawValue: "refresh")
        /// A request is tried again: a token request after a transient failure, or a bearer request after 401.
        public static let retry = Event(rawValue: "retry")
        /// A user was logged out, by the app or after a refused refresh.
        public static let logout = Event(rawValue: "logout")
        /// The provider's JWK Set was fetched (RFC 7517 §5), or could not be.
        public static let jwksFetch = Event(rawValue: "jwks-fetch")
        /// A refetch of the JWK Set for an unknown `kid` was skipped: the cooldown had not passed.
        public static let jwksCooldown = Event(rawValue: "jwks-cooldown")
        /// A stored session was resumed, or a record saved before grants were kept was tied to a grant.
        public static let resume = Event(rawValue: "resume")
        /// One HTTP request and its response, secrets redacted: logged at `.debug` by ``TracingTransport``.
        public static let http = Event(rawValue: "http")
        /// A client credentials token was requested (RFC 6749 §4.4), or received.
        public static let clientCredentials = Event(rawValue: "client-credentials")
        /// A token was requested with a JWT bearer assertion (RFC 7523 §2.1), or received (never the assertion).
        public static let jwtBearer = Event(rawValue: "jwt-bearer")
    }

    /// How important the record is.
    public let level: AuthLogger.Level
    /// The step it is about.
    public let event: Event
    /// A fixed sentence: never built from request or response data.
    public let message: String
    /// Details, redacted by type (see ``AuthLogValue``).
    public let metadata: [String: AuthLogValue]

    public init(level: AuthLogger.Level, event: Event, message: String, metadata: [String: AuthLogValue] = [:]) {
        self.level = level
        self.event = event
        self.message = message
        self.metadata = metadata
    }
}

extension AuthLogRecord: CustomStringConvertible {
    public var description: String {
        let details = metadata.keys.sorted().map { "\($0): \(metadata[$0].map(\.description) ?? "")" }
        return "\(level) \(event.rawValue): \(message)" + (details.isEmpty ? "" : " [\(details.joined(separator: ", "))]")
    }
}
