// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// When the client tries a refresh again after a transient failure: a network failure with no response
/// (`TransportFailure.isTransient`), a 5xx or 429 status, or an OAuth `server_error` /
/// `temporarily_unavailable`. Waits grow exponentially on the client's injected `Clock`, and a
/// `Retry-After` header (RFC 9110 §10.2.3, in seconds) is honoured up to ``maximumDelay``.
///
/// ```swift
/// var configuration = try ClientConfiguration(issuer: issuer, clientID: "my-app", redirectURI: redirect)
/// configuration.retryPolicy = RetryPolicy(maximumAttempts: 4, initialDelay: .milliseconds(500))
/// configuration.retryPolicy = .none                     // one attempt; the caller retries
/// ```
///
/// A refusal (`invalid_grant` and other OAuth errors) is never retried: it ends the session. Retries happen
/// inside the one refresh that every waiting request shares, so a burst of requests never multiplies them.
/// No jitter is added (the client makes one refresh per user, not a herd); wrap the clock to add some.
public struct RetryPolicy: Hashable, Sendable {
    /// How many attempts in all, the first included; 1 means never retry. At least 1.
    public var maximumAttempts: Int
    /// The wait before the second attempt.
    public var initialDelay: Duration
    /// Each further wait is the previous one times this factor. At least 1.
    public var multiplier: Int
    /// No wait is longer than this, whatever `Retry-After` asks.
    public var maximumDelay: Duration

    public init(maximumAttempts: Int = 3, initialDelay: Duration = .seconds(1), multiplier: Int = 2, maximumDelay: Duration = .seconds(30))
    {
        self.maximumAttempts = max(1, maximumAttempts)
        self.initialDelay = max(.zero, initialDelay)
        self.multiplier = max(1, multiplier)
        self.maximumDelay = max(.zero, maximumDelay)
    }

    /// Three attempts, waiting 1 s then 2 s (or what `Retry-After` says, up to 30 s).
    public static let `default` = RetryPolicy()
    /// One attempt: transient failures are thrown at once.
    public static let none = RetryPolicy(maximumAttempts: 1)

    /// The wait after failed attempt `attempt` (1 for the first), or nil when no attempt is left.
    /// `retryAfter` is the server's `Retry-After` in seconds, if it sent a usable one.
    public func delay(after attempt: Int, retryAfter: Int64? = nil) -> Duration? {
        guard attempt < maximumAttempts else { return nil }
        if let retryAfter, retryAfter >= 0 {
            return min(maximumDelay, retryAfter > 86_400 ? maximumDelay : .seconds(retryAfter))
        }
        var delay = initialDelay
        for _ in 1..<max(1, attempt) where delay < maximumDelay { delay *= multiplier }
        return min(delay, maximumDelay)
    }

    /// `Retry-After` as delta-seconds (RFC 9110 §10.2.3); an HTTP date or anything else gives nil.
    static func retryAfterSeconds(_ value: String?) -> Int64? {
        guard let value else { return nil }
        let trimmed = value.utf8.drop { $0 == 0x20 || $0 == 0x09 }.prefix { $0 != 0x20 && $0 != 0x09 }
        guard !trimmed.isEmpty, trimmed.count <= 9, trimmed.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return trimmed.reduce(0) { $0 * 10 + Int64($1 - 0x30) }
    }
}
