// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The few socket calls the loopback listener needs, through the platform's libc (no C target).
package enum Socket {
    #if canImport(Darwin)
        static let streamType = SOCK_STREAM
    #else
        static let streamType = Int32(SOCK_STREAM.rawValue)
    #endif

    /// How many finished handshakes the kernel queues before `accept` takes them (the system caps it at
    /// `somaxconn`): enough that a burst of stray connections does not make the browser's SYN wait for a
    /// retransmission.
    static let backlog: Int32 = 128

    /// A listening TCP socket bound to 127.0.0.1 or ::1 (never another address) on `port` (0: any free port).
    /// Returns the descriptor and the port actually bound.
    ///
    /// `SO_REUSEADDR` is set, so a fixed port can be bound again while the connections of the previous
    /// login are in TIME_WAIT (the listener closes first, so they are on its side). It does not let two
    /// sockets listen on the same address and port at once: that still fails with `EADDRINUSE`.
    package static func listen(ipv6: Bool, port: UInt16) throws(AuthSessionError) -> (descriptor: Int32, port: UInt16) {
        let family = ipv6 ? AF_INET6 : AF_INET
        let descriptor = socket(family, streamType, 0)
        guard descriptor >= 0 else { throw .socketFailure(operation: "socket", errno: errno) }
        var bound = false
        defer { if !bound { close(descriptor) } }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        var on: Int32 = 1
        guard setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size)) == 0 else {
            throw .socketFailure(operation: "setsockopt", errno: errno)
        }
        var status: Int32
        if ipv6 {
            var address = sockaddr_in6()
            #if canImport(Darwin)
                address.sin6_len = UInt8(MemoryLayout<sockaddr_in6>.size)
            #endif
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = port.bigEndian
            address.sin6_addr = in6addr_loopback
            status = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
            }
        } else {
            var address = sockaddr_in()
            #if canImport(Darwin)
                address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
            #endif
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian  // 127.0.0.1, INADDR_LOOPBACK
            status = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
        }
        guard status == 0 else { throw .socketFailure(operation: "bind", errno: errno) }
        guard Glibcish.listen(descriptor, backlog) == 0 else { throw .socketFailure(operation: "listen", errno: errno) }
        let flags = fcntl(descriptor, F_GETFL)
        _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK)
        let actual = try boundAddress(descriptor).port
        bound = true
        return (descriptor, actual)
    }

    /// The address and port a socket is bound to, as text ("127.0.0.1", "::1") and number.
    package static func boundAddress(_ descriptor: Int32) throws(AuthSessionError) -> (host: String, port: UInt16) {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let status = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard status == 0 else { throw .socketFailure(operation: "getsockname", errno: errno) }
        let family = Int32(storage.ss_family)
        return withUnsafePointer(to: &storage) { pointer in
            if family == AF_INET6 {
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { address in
                    var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
                    var raw = address.pointee.sin6_addr
                    _ = inet_ntop(AF_INET6, &raw, &text, socklen_t(text.count))
                    return (
                        String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self),
                        UInt16(bigEndian: address.pointee.sin6_port)
                    )
                }
            }
            return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { address in
                var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
                var raw = address.pointee.sin_addr
                _ = inet_ntop(AF_INET, &raw, &text, socklen_t(text.count))
                return (
                    String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self),
                    UInt16(bigEndian: address.pointee.sin_port)
                )
            }
        }
    }

    /// Waits up to `milliseconds` for the descriptor to be readable.
    package static func waitReadable(_ descriptor: Int32, milliseconds: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let count = poll(&entry, 1, milliseconds)
        return count > 0
    }

    /// Waits up to `milliseconds` for any of the descriptors to be readable (or closed, or in error); returns
    /// whether each one is, in the order given (all false on a timeout or an interrupted wait).
    package static func waitReadable(_ descriptors: [Int32], milliseconds: Int32) -> [Bool] {
        var entries = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        let count = entries.withUnsafeMutableBufferPointer { poll($0.baseAddress, nfds_t($0.count), milliseconds) }
        guard count > 0 else { return Array(repeating: false, count: descriptors.count) }
        return entries.map { $0.revents != 0 }
    }

    /// Accepts one connection, or nil when none is waiting; `nonBlocking` makes the connection's reads and
    /// writes return at once rather than wait (the listener serves many connections on one thread).
    package static func accept(_ descriptor: Int32, nonBlocking: Bool = false) -> Int32? {
        let client = Glibcish.accept(descriptor, nil, nil)
        guard client >= 0 else { return nil }
        _ = fcntl(client, F_SETFD, FD_CLOEXEC)
        if nonBlocking {
            let flags = fcntl(client, F_GETFL)
            _ = fcntl(client, F_SETFL, flags | O_NONBLOCK)
        }
        #if canImport(Darwin)
            var on: Int32 = 1
            _ = setsockopt(client, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
        return client
    }

    /// Reads what is available into `buffer` (at most `limit` bytes in total); returns the count read, 0 at end.
    package static func receive(_ descriptor: Int32, into buffer: inout [UInt8], limit: Int) -> Int {
        var chunk = [UInt8](repeating: 0, count: min(4096, max(1, limit - buffer.count)))
        let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        if count > 0 { buffer += chunk[..<count] }
        return count
    }

    /// What a read on a non-blocking connection found.
    package enum ReadResult: Equatable {
        /// This many bytes were appended.
        case received(Int)
        /// Nothing is available yet (or the call was interrupted): try again when poll says so.
        case wouldBlock
        /// The peer closed its side, or the connection failed.
        case closed
    }

    /// Reads what is available into `buffer` (at most `limit` bytes in total), telling "nothing yet" apart
    /// from "closed", as a non-blocking socket needs.
    package static func read(_ descriptor: Int32, into buffer: inout [UInt8], limit: Int) -> ReadResult {
        guard buffer.count < limit else { return .closed }
        var chunk = [UInt8](repeating: 0, count: min(4096, limit - buffer.count))
        let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        if count > 0 {
            buffer += chunk[..<count]
            return .received(count)
        }
        if count < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { return .wouldBlock }
        return .closed
    }

    /// Closes a descriptor.
    package static func close(_ descriptor: Int32) {
        _ = Glibcish.close(descriptor)
    }

    /// Sends all of `bytes`, ignoring a peer that went away.
    package static func send(_ descriptor: Int32, _ bytes: [UInt8]) {
        #if canImport(Darwin)
            let flags: Int32 = 0
        #else
            let flags = Int32(MSG_NOSIGNAL)
        #endif
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { Glibcish.send(descriptor, $0.baseAddress! + offset, $0.count - offset, flags) }
            if sent < 0, errno == EINTR { continue }
            guard sent > 0 else { return }
            offset += sent
        }
    }
}

/// The libc functions whose names the `Socket` enum reuses.
enum Glibcish {
    static func close(_ descriptor: Int32) -> Int32 {
        #if canImport(Glibc)
            Glibc.close(descriptor)
        #elseif canImport(Musl)
            Musl.close(descriptor)
        #else
            Darwin.close(descriptor)
        #endif
    }

    static func listen(_ descriptor: Int32, _ backlog: Int32) -> Int32 {
        #if canImport(Darwin)
            Darwin.listen(descriptor, backlog)
        #elseif canImport(Musl)
            Musl.listen(descriptor, backlog)
        #else
            Glibc.listen(descriptor, backlog)
        #endif
    }

    static func accept(_ descriptor: Int32, _ address: UnsafeMutablePointer<sockaddr>?, _ length: UnsafeMutablePointer<socklen_t>?) -> Int32
    {
        #if canImport(Darwin)
            Darwin.accept(descriptor, address, length)
        #elseif canImport(Musl)
            Musl.accept(descriptor, address, length)
        #else
            Glibc.accept(descriptor, address, length)
        #endif
    }

    static func send(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int, _ flags: Int32) -> Int {
        #if canImport(Darwin)
            Darwin.send(descriptor, buffer, count, flags)
        #elseif canImport(Musl)
            Musl.send(descriptor, buffer, count, flags)
        #else
            Glibc.send(descriptor, buffer, count, flags)
        #endif
    }
}
