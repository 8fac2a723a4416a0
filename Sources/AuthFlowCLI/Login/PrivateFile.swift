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

/// Files only their owner can read: the profile directories (0700) and settings (0600). A file is
/// written to a new `0600` temporary beside it (created exclusively, never through a link) and renamed
/// over the old one, so readers see the old or the new file, never half of one, and it is never readable
/// by others, not even during the write. (The tokens themselves go through `FileCredentialStore`, which
/// keeps the same rules.)
enum PrivateFile {
    /// Creates `path` as a 0700 directory, or tightens an existing one of ours to 0700. Missing parent
    /// directories (`~/.config` on a new account) are created 0700 too; existing ones are left as they are.
    static func makeDirectory(_ path: String) throws(CLIError) {
        if mkdir(path, 0o700) == 0 { return }
        if errno == ENOENT, let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")), slash != path.utf8.startIndex {
            try makeDirectory(String(path[..<slash]))
            if mkdir(path, 0o700) == 0 { return }
        }
        guard errno == EEXIST else { throw .failure("cannot create the directory '\(path)': \(SystemTerminal.lastErrorText())") }
        var status = stat()
        guard lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR else {
            throw .failure("'\(path)' exists and is not a directory")
        }
        if status.st_uid == getuid(), (status.st_mode & 0o077) != 0 { _ = chmod(path, 0o700) }
    }

    /// Replaces `path` with `bytes`, mode 0600.
    static func write(_ bytes: [UInt8], to path: String) throws(CLIError) {
        let temporary = "\(path).tmp-\(getpid())"
        _ = unlink(temporary)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .failure("cannot create '\(temporary)': \(SystemTerminal.lastErrorText())") }
        var failure: String?
        if fchmod(descriptor, 0o600) != 0 { failure = SystemTerminal.lastErrorText() }
        var offset = 0
        while failure == nil, offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                systemWriteBytes(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                failure = SystemTerminal.lastErrorText()
            } else {
                offset += written
            }
        }
        if failure == nil, fsync(descriptor) != 0 { failure = SystemTerminal.lastErrorText() }
        close(descriptor)
        if failure == nil, rename(temporary, path) != 0 { failure = SystemTerminal.lastErrorText() }
        if let failure {
            _ = unlink(temporary)
            throw .failure("cannot write '\(path)': \(failure)")
        }
    }

    /// The content of `path`, or nil when it does not exist. Refuses links and files over 1 MiB.
    static func read(_ path: String) throws(CLIError) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw .failure("cannot read '\(path)': \(SystemTerminal.lastErrorText())")
        }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { systemReadBytes(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .failure("cannot read '\(path)': \(SystemTerminal.lastErrorText())")
            }
            if count == 0 { return bytes }
            bytes += buffer[..<count]
            guard bytes.count <= 1 << 20 else { throw .failure("'\(path)' is larger than 1 MiB") }
        }
    }

    /// Whether something exists at `path`.
    static func exists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }

    /// The mode bits of `path` (0o600…), or nil.
    static func mode(_ path: String) -> UInt32? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        return UInt32(status.st_mode) & 0o7777
    }

    /// The names in a directory (without `.` and `..`); empty when it cannot be read.
    static func entries(_ path: String) -> [String] {
        guard let directory = opendir(path) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}

// `read` and `write` name the C functions unambiguously.
private func systemWriteBytes(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { write(descriptor, buffer, count) }
private func systemReadBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
