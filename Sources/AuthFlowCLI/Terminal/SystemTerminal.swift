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

/// The process's own standard streams and file system, through the C library (no Foundation).
struct SystemTerminal: Terminal {
    func openInput(_ path: String?) throws(CLIError) -> any ByteReader {
        guard let path, path != "-" else { return DescriptorReader(descriptor: 0, name: "standard input") }
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw .failure("cannot open '\(path)': \(Self.lastErrorText())") }
        return DescriptorReader(descriptor: descriptor, name: "'\(path)'")
    }

    /// The first failed write to standard output, reported by ``finishWriting()``.
    private var writeFailure: String? = nil
    /// Streams that failed: nothing more is written to them (the error still goes to the other one).
    private var failedStreams: [OutputStream] = []

    mutating func write(bytes: [UInt8], to stream: OutputStream) {
        guard !failedStreams.contains(stream) else { return }  // after a failure, the output is lost anyway
        let descriptor: Int32 = stream == .standardOutput ? 1 : 2
        let failure: String? = bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return nil }
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return Self.lastErrorText()
                }
                offset += written
            }
            return nil
        }
        if let failure {
            failedStreams.append(stream)
            // Only lost output fails the command; a lost diagnostic cannot be reported anywhere.
            if stream == .standardOutput { writeFailure = writeFailure ?? "cannot write standard output: \(failure)" }
        }
    }

    mutating func finishWriting() throws(CLIError) {
        if let writeFailure { throw .failure(writeFailure) }
    }

    func isInteractive(_ stream: OutputStream) -> Bool {
        isatty(stream == .standardOutput ? 1 : 2) == 1
    }

    func diagnosticWriter() -> (@Sendable (String) -> Void)? {
        { text in
            let bytes = Array(text.utf8)
            var offset = 0
            while offset < bytes.count {
                let written = bytes.withUnsafeBytes { systemWrite(2, $0.baseAddress! + offset, $0.count - offset) }
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }

    func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    mutating func writeSecretFile(_ path: String, bytes: [UInt8]) throws(CLIError) {
        // O_EXCL: never through an existing file (or a link an attacker placed), whose mode would stay.
        try write(path, bytes: bytes, flags: O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode: 0o600)
    }

    mutating func writeFile(_ path: String, bytes: [UInt8]) throws(CLIError) {
        try write(path, bytes: bytes, flags: O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode: 0o644)
    }

    private func write(_ path: String, bytes: [UInt8], flags: Int32, mode: mode_t) throws(CLIError) {
        let descriptor = open(path, flags, mode)
        guard descriptor >= 0 else { throw .failure("cannot create '\(path)': \(Self.lastErrorText())") }
        defer { close(descriptor) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                throw .failure("cannot write '\(path)': \(Self.lastErrorText())")
            }
            offset += written
        }
    }

    static func exit(_ status: Int32) -> Never {
        #if canImport(Darwin)
            Darwin.exit(status)
        #elseif canImport(Musl)
            Musl.exit(status)
        #else
            Glibc.exit(status)
        #endif
    }

    static func lastErrorText() -> String {
        String(cString: strerror(errno))
    }
}

/// Reads a file descriptor with `read(2)`, retrying on EINTR, and closes it at the end.
final class DescriptorReader: ByteReader {
    private let descriptor: Int32
    private let name: String

    init(descriptor: Int32, name: String) {
        self.descriptor = descriptor
        self.name = name
    }

    deinit {
        if descriptor > 2 { close(descriptor) }
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(CLIError) -> Int {
        while true {
            let count = systemRead(descriptor, buffer.baseAddress!, buffer.count)
            if count >= 0 { return count }
            if errno == EINTR { continue }
            throw .failure("cannot read \(name): \(SystemTerminal.lastErrorText())")
        }
    }
}

// `read` and `write` are also method names in this file; these reach the C functions unambiguously.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
