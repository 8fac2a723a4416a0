// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// The connections the loopback listener is reading requests from, oldest first: never more than `limit`
/// open (the oldest is closed to make room), each with its own deadline, each closed exactly once — when
/// answered, dropped, or when the set is released. Used by one thread; not shared.
///
/// ```swift
/// let connections = LoopbackConnections(limit: 64)
/// connections.add(client, deadline: clock.now.advanced(by: .seconds(3)))
/// switch connections.receive(from: client) { case .request(let request): …; default: … }
/// ```
final class LoopbackConnections {
    /// What reading from a connection gave.
    enum Progress {
        /// The request is not complete yet.
        case waiting
        /// The peer went away (or sent more than a request may hold); the connection is closed.
        case closed
        /// A whole request: answer it, then `close(_:)` the connection.
        case request(HTTPRequest)
        /// Not a valid request: answer 400, then `close(_:)` the connection.
        case malformed(String)
    }

    private struct Connection {
        let descriptor: Int32
        let deadline: ContinuousClock.Instant
        var bytes: [UInt8] = []
        /// How far the search for the end of the head has gone, so each byte is scanned once.
        var scanned = 0
        var headComplete = false
    }

    /// At most this many connections are open; the oldest is closed to make room for a new one.
    let limit: Int
    private var connections: [Connection] = []

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    deinit {
        closeAll()
    }

    /// The descriptors, oldest first.
    var descriptors: [Int32] { connections.map(\.descriptor) }

    /// Takes ownership of a new connection, closing the oldest first when `limit` are already open.
    func add(_ descriptor: Int32, deadline: ContinuousClock.Instant) {
        if connections.count >= limit { closeOldest() }
        connections.append(Connection(descriptor: descriptor, deadline: deadline))
    }

    /// Closes the oldest connection, if any (to make room, or when the process is out of descriptors).
    func closeOldest() {
        guard !connections.isEmpty else { return }
        Socket.close(connections.removeFirst().descriptor)
    }

    /// Closes every connection whose deadline has passed: a client that is silent or sends its head a byte
    /// at a time is dropped on its own clock, whatever the others do.
    func closeExpired(now: ContinuousClock.Instant) {
        connections.removeAll { connection in
            guard connection.deadline <= now else { return false }
            Socket.close(connection.descriptor)
            return true
        }
    }

    /// Closes one connection (after its answer was sent).
    func close(_ descriptor: Int32) {
        guard let index = connections.firstIndex(where: { $0.descriptor == descriptor }) else { return }
        Socket.close(connections.remove(at: index).descriptor)
    }

    /// Closes them all.
    func closeAll() {
        for connection in connections { Socket.close(connection.descriptor) }
        connections.removeAll()
    }

    /// Reads what the connection has sent (call it when poll says it is readable) and says whether a whole
    /// request has arrived. The head is bounded by `HTTPRequest.maximumHeadSize` and the body by
    /// `HTTPRequest.maximumBodySize`; a request is parsed only once its head is complete.
    func receive(from descriptor: Int32) -> Progress {
        guard let index = connections.firstIndex(where: { $0.descriptor == descriptor }) else { return .closed }
        let limit = HTTPRequest.maximumHeadSize + HTTPRequest.maximumBodySize + 4
        switch Socket.read(descriptor, into: &connections[index].bytes, limit: limit) {
        case .wouldBlock:
            return .waiting
        case .closed:
            Socket.close(connections.remove(at: index).descriptor)
            return .closed
        case .received:
            break
        }
        if !connections[index].headComplete {
            connections[index].headComplete = Self.findHeadEnd(in: connections[index].bytes, from: &connections[index].scanned)
            // Until the blank line, only the size can make it a bad request.
            guard connections[index].headComplete || connections[index].bytes.count > HTTPRequest.maximumHeadSize else { return .waiting }
        }
        switch HTTPRequest.parse(connections[index].bytes) {
        case .needMore: return .waiting
        case .complete(let request): return .request(request)
        case .malformed(let reason): return .malformed(reason)
        }
    }

    /// Looks for CR LF CR LF from `scanned` on (less three bytes, in case it straddles two reads).
    private static func findHeadEnd(in bytes: [UInt8], from scanned: inout Int) -> Bool {
        var start = max(0, scanned - 3)
        defer { scanned = bytes.count }
        while start + 4 <= bytes.count {
            if bytes[start] == 13, bytes[start + 1] == 10, bytes[start + 2] == 13, bytes[start + 3] == 10 { return true }
            start += 1
        }
        return false
    }
}
