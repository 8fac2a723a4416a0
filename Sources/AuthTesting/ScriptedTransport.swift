// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthClient
import AuthSession

/// An `HTTPTransport` that answers from a script, in order, and records every request.
///
/// ```swift
/// let transport: ScriptedTransport = .scripted([
///     .init(status: 200, body: Array(discoveryJSON.utf8)),
///     .init(status: 500),
/// ])
/// let client = try await AuthClient.discover(configuration, transport: transport)
/// transport.requests.count   // 1
/// ```
///
/// When the script runs out, the request throws `AuthClientError.unimplemented(_:)` naming the request
/// and where the transport was made. ``immediate(_:file:line:)`` answers every request the same way.
public final class ScriptedTransport: HTTPTransport, Sendable {
    private let state: Locked<(responses: [TransportResponse], requests: [TransportRequest])>
    private let repeats: Bool
    private let origin: String

    /// A transport that returns `responses` in order, then fails loudly.
    public init(_ responses: [TransportResponse], repeatsLast: Bool = false, file: StaticString = #fileID, line: UInt = #line) {
        state = Locked((responses, []))
        repeats = repeatsLast
        origin = "\(file):\(line)"
    }

    /// Every request sent so far, in order.
    public var requests: [TransportRequest] { state.withLock { $0.requests } }

    public func send(_ request: TransportRequest) async throws(AuthHTTPError) -> TransportResponse {
        let next: TransportResponse? = state.withLock { state in
            state.requests.append(request)
            guard let first = state.responses.first else { return nil }
            if !(repeats && state.responses.count == 1) { state.responses.removeFirst() }
            return first
        }
        guard let next else {
            throw .unimplemented("ScriptedTransport made at \(origin) has no response left for \(request)")
        }
        return next
    }
}

extension HTTPTransport where Self == ScriptedTransport {
    /// Answers from `responses` in order, then fails loudly.
    public static func scripted(_ responses: [TransportResponse], file: StaticString = #fileID, line: UInt = #line) -> ScriptedTransport {
        ScriptedTransport(responses, file: file, line: line)
    }

    /// Answers every request with `response`.
    public static func immediate(_ response: TransportResponse, file: StaticString = #fileID, line: UInt = #line) -> ScriptedTransport {
        ScriptedTransport([response], repeatsLast: true, file: file, line: line)
    }
}
