// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthSession
import Foundation

/// A hostile HTTP server on 127.0.0.1 for transport tests: it accepts each connection, sends `head`, then
/// `trickle` one byte every `interval`, forever — never a whole response. With an empty `head` and no
/// trickle it is a server that accepts and never answers.
final class LoopbackStub: Sendable {
    let baseURL: String
    private let descriptor: Int32
    private let task: Task<Void, Never>

    init(head: String = "", trickle: Bool = false, interval: Duration = .milliseconds(50)) throws {
        let (descriptor, port) = try Socket.listen(ipv6: false, port: 0)
        self.descriptor = descriptor
        baseURL = "http://127.0.0.1:\(port)"
        task = Task {
            var clients: [Int32] = []
            defer { clients.forEach(Socket.close) }
            while !Task.isCancelled {
                if Socket.waitReadable(descriptor, milliseconds: 0), let client = Socket.accept(descriptor) {
                    clients.append(client)
                    if !head.isEmpty { Socket.send(client, Array(head.utf8)) }
                }
                if trickle { for client in clients { Socket.send(client, [UInt8(ascii: "x")]) } }
                try? await Task.sleep(for: interval)
            }
        }
    }

    func stop() {
        task.cancel()
        Socket.close(descriptor)
    }
}
