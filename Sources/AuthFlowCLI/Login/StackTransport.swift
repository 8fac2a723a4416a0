// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthClient
import AuthSession

/// The login commands' transport in the real process: made by the build's ``HTTPStack`` on the first
/// request, after the command has said which CA file to trust (``LoginEnvironment/trustCAFile(option:profile:)``),
/// and kept for the rest of the process.
final class StackTransport: HTTPTransport {
    private let stack: HTTPStack?
    private let state = Locked<(caFile: String?, transport: (any HTTPTransport)?)>((nil, nil))

    init(_ stack: HTTPStack?) {
        self.stack = stack
    }

    /// Makes the transport now, trusting `caFile`; fails as the stack does (a file it cannot read, a stack
    /// that cannot trust a file).
    func trust(caFile: String) throws(AuthClientError) {
        let made = try make(caFile)
        state.withLock { $0 = (caFile, made) }
    }

    func send(_ request: TransportRequest) async throws(AuthHTTPError) -> TransportResponse {
        let existing = state.withLock { $0.transport }
        if let existing { return try await existing.send(request) }
        let made: any HTTPTransport
        do {
            made = try make(nil)
        } catch {
            guard case .invalidConfiguration(let reason) = error else { throw .invalidConfiguration("\(error)") }
            throw .invalidConfiguration(reason)
        }
        let transport = state.withLock { (current) -> any HTTPTransport in
            if let transport = current.transport { return transport }
            current.transport = made
            return made
        }
        return try await transport.send(request)
    }

    private func make(_ caFile: String?) throws(AuthClientError) -> any HTTPTransport {
        guard let stack else { throw .invalidConfiguration("this authflow was started without an HTTP stack") }
        return try stack.make(caFile)
    }
}
