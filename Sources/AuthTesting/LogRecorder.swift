// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthClient
import AuthSession

/// An `AuthLogger` target that keeps every record, to assert on what a flow logged — and on
/// what it did not.
///
/// ```swift
/// let log = LogRecorder()
/// let client = try await AuthClient.discover(configuration, transport: provider, logger: log.logger())
/// _ = try await client.login(with: provider.browser())
/// #expect(log.events.contains(.codeExchange))
/// #expect(!log.text.contains(try #require(await user.tokens).accessToken))
/// ```
public final class LogRecorder: Sendable {
    private let recorded = Locked<[AuthLogRecord]>([])

    public init() {}

    /// A logger that records every record at `minimumLevel` or above (all of them by default).
    public func logger(minimumLevel: AuthLogger.Level = .debug) -> AuthLogger {
        AuthLogger(minimumLevel: minimumLevel) { [recorded] record in recorded.withLock { $0.append(record) } }
    }

    /// The records so far, in order.
    public var records: [AuthLogRecord] { recorded.withLock { $0 } }

    /// The events so far, in order.
    public var events: [AuthLogRecord.Event] { records.map(\.event) }

    /// Every record's description and every metadata value, one per line: what any handler could print.
    public var text: String {
        records.map { record in
            ([record.description, record.message] + record.metadata.map { "\($0.key)=\($0.value)" }).joined(separator: "\n")
        }.joined(separator: "\n")
    }

    /// Forgets the records so far.
    public func removeAll() {
        recorded.withLock { $0.removeAll() }
    }
}
