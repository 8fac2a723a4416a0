// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthClient
import AuthSession

/// An `HTTPTransport` for code paths that must not touch the network: any request throws
/// `AuthClientError.unimplemented(_:)` saying what was sent and where the double was made, and is counted.
///
/// ```swift
/// let user = try await client(transport: .unimplemented("resuming a session makes no request")).resumeLastUser()
/// ```
public struct UnimplementedTransport: HTTPTransport {
    /// Why no request was expected.
    public let reason: String
    private let origin: String
    private let calls = Locked(0)

    public init(_ reason: String = "", file: StaticString = #fileID, line: UInt = #line) {
        self.reason = reason
        origin = "\(file):\(line)"
    }

    /// How many requests were (wrongly) sent.
    public var callCount: Int { calls.withLock { $0 } }

    public func send(_ request: TransportRequest) async throws(AuthHTTPError) -> TransportResponse {
        calls.withLock { $0 += 1 }
        throw .unimplemented(
            "unimplemented HTTPTransport made at \(origin) was called: \(request)\(reason.isEmpty ? "" : " — \(reason)")")
    }
}

extension HTTPTransport where Self == UnimplementedTransport {
    /// A transport that fails loudly when used.
    public static func unimplemented(_ reason: String = "", file: StaticString = #fileID, line: UInt = #line) -> UnimplementedTransport {
        UnimplementedTransport(reason, file: file, line: line)
    }
}
