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

/// Whole-file reads and atomic replacement through the platform's libc, refusing anything at the path
/// that is not a regular file.
enum AtomicFile {
    /// A step of `replaceFile(_:to:mode:beforeStep:)`, named for fault-injection tests.
    enum Step: Sendable, Hashable {
        case write, fsync, rename
    }

    /// Called before each step; a test throws from it to simulate a failure, or changes the file system.
    typealias StepHook = @Sendable (Step) throws(AuthCredentialsError) -> Void

    /// The file's bytes, or nil when nothing is at `path`. Refuses a symbolic link, anything that is not a
    /// regular file (checked before opening, so a FIFO or device is never opened, and again on the open
    /// descriptor), and files over `limit` bytes. A file group or others may access is set to `mode` when
    /// it is ours, and refused when it is another user's.
    static func readFile(_ path: String, limit: Int, mode: mode_t) throws(AuthCredentialsError) -> [UInt8]? {
        guard try checkPath(path) else { return nil }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        if descriptor < 0 {
            switch errno {
            case ENOENT: return nil
            case ELOOP: throw .storeIsSymbolicLink(path: path)
            case let error: throw .storeFailure(operation: "open", path: path, errno: error)
            }
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .storeFailure(operation: "fstat", path: path, errno: errno) }
        guard FileType(status.st_mode) == .regular else { throw .storeIsNotAFile(path: path, kind: FileType(status.st_mode).name) }
        if status.st_mode & 0o077 != 0 {
            // Ours: restrict it now. Another user's (even when we could, as root): refuse it.
            guard status.st_uid == geteuid(), fchmod(descriptor, mode) == 0 else {
                throw .storeExposed(path: path, mode: Int(status.st_mode & 0o777))
            }
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .storeFailure(operation: "read", path: path, errno: errno)
            }
            if count == 0 { return bytes }
            bytes += chunk[..<count]
            if bytes.count > limit { throw .corruptStore(path: path, reason: "larger than \(limit) bytes") }
        }
    }

    /// Replaces the file with `bytes` so that a reader sees the old or the new contents, never a mix, and
    /// no temporary file remains whatever fails:
    /// 1. a new temporary file `<path>.tmp-<pid>-<n>` is created beside it with `mode` (`O_EXCL`, so never
    ///    an existing file or link), locked with `flock` so that `removeStaleTemporaries(of:)` in any
    ///    process leaves it alone while this save runs, and set to exactly `mode` whatever the umask;
    /// 2. the bytes are written and flushed to disk (`fsync`);
    /// 3. the path is checked again: a symbolic link or non-regular file there is refused, not replaced;
    /// 4. the temporary file is renamed over the path (POSIX `rename` is atomic) and the directory is
    ///    flushed, so the rename itself survives a crash.
    /// On any failure before the rename the temporary file is removed.
    static func replaceFile(_ bytes: [UInt8], to path: String, mode: mode_t, beforeStep hook: StepHook? = nil) throws(AuthCredentialsError)
    {
        let (temporary, descriptor) = try createTemporary(for: path, mode: mode)
        do throws(AuthCredentialsError) {
            try hook?(.write)
            var written = 0
            while written < bytes.count {
                let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, $0.count - written) }
                if count < 0 {
                    if errno != EINTR { throw .storeFailure(operation: "write", path: temporary, errno: errno) }
                } else {
                    written += count
                }
            }
            try hook?(.fsync)
            if fsync(descriptor) != 0 { throw .storeFailure(operation: "fsync", path: temporary, errno: errno) }
            try hook?(.rename)
            _ = try checkPath(path)
            if rename(temporary, path) != 0 { throw .storeFailure(operation: "rename", path: path, errno: errno) }
        } catch {
            unlink(temporary)
            close(descriptor)
            throw error
        }
        close(descriptor)  // the data is on disk (fsync); this only releases the lock
        try syncDirectory(of: path)
    }

    /// Removes temporary files that saves left behind when they were killed between creating and renaming
    /// them (a crash, `kill -9`): only names of the exact form `<file name>.tmp-<digits>-<digits>` beside
    /// `path`, only regular files (never a link: opened with `O_NOFOLLOW`) owned by this user, and only when
    /// no save holds their lock — a save running in another process keeps its file. Best effort: what
    /// cannot be checked or removed is left. Returns the number removed.
    @discardableResult
    static func removeStaleTemporaries(of path: String) -> Int {
        let (directory, name) = split(path)
        guard !name.isEmpty, let stream = opendir(directory) else { return 0 }
        var candidates: [String] = []
        while let entry = readdir(stream) {
            let entryName = withUnsafeBytes(of: &entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if isTemporaryName(entryName, of: name) { candidates.append(entryName) }
        }
        closedir(stream)
        return candidates.filter { removeIfStale(directory == "/" ? "/" + $0 : directory + "/" + $0) }.count
    }

    // MARK: Helpers

    /// Whether something is at `path` (false: nothing); throws when it is a symbolic link or not a regular file.
    private static func checkPath(_ path: String) throws(AuthCredentialsError) -> Bool {
        var status = stat()
        guard lstat(path, &status) == 0 else {
            if errno == ENOENT { return false }
            throw .storeFailure(operation: "lstat", path: path, errno: errno)
        }
        switch FileType(status.st_mode) {
        case .regular: return true
        case .symbolicLink: throw .storeIsSymbolicLink(path: path)
        case let other: throw .storeIsNotAFile(path: path, kind: other.name)
        }
    }

    /// A new, locked temporary file beside `path`, with exactly `mode`.
    private static func createTemporary(for path: String, mode: mode_t) throws(AuthCredentialsError) -> (String, Int32) {
        var temporary = ""
        for attempt in 0..<100 {
            temporary = "\(path).tmp-\(getpid())-\(attempt)"
            let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode)
            if descriptor < 0 {
                if errno == EEXIST { continue }
                throw .storeFailure(operation: "create", path: temporary, errno: errno)
            }
            func fail(_ operation: String) -> AuthCredentialsError {
                let error = AuthCredentialsError.storeFailure(operation: operation, path: temporary, errno: errno)
                unlink(temporary)
                close(descriptor)
                return error
            }
            // Locked at once. A cleaner that opened it in between holds the lock only to remove it: then
            // it has no link left, and the next name is tried.
            while flock(descriptor, LOCK_EX) != 0 {
                if errno != EINTR { throw fail("lock") }
            }
            var status = stat()
            guard fstat(descriptor, &status) == 0 else { throw fail("fstat") }
            guard status.st_nlink > 0 else {
                close(descriptor)
                continue
            }
            guard fchmod(descriptor, mode) == 0 else { throw fail("chmod") }
            return (temporary, descriptor)
        }
        throw .storeFailure(operation: "create", path: temporary, errno: EEXIST)
    }

    /// Flushes the directory holding `path`, making a rename in it durable. A file system that cannot
    /// flush directories (`EINVAL`) is accepted.
    private static func syncDirectory(of path: String) throws(AuthCredentialsError) {
        let directory = split(path).directory
        let descriptor = open(directory, O_RDONLY | O_CLOEXEC | O_DIRECTORY)
        guard descriptor >= 0 else { throw .storeFailure(operation: "open directory", path: directory, errno: errno) }
        defer { close(descriptor) }
        if fsync(descriptor) != 0, errno != EINVAL, errno != ENOTSUP {
            throw .storeFailure(operation: "fsync directory", path: directory, errno: errno)
        }
    }

    /// Removes `path` if it is a regular file owned by this user that no save has locked.
    private static func removeIfStale(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var opened = stat()
        guard fstat(descriptor, &opened) == 0, FileType(opened.st_mode) == .regular, opened.st_uid == geteuid(),
            flock(descriptor, LOCK_EX | LOCK_NB) == 0
        else { return false }
        var current = stat()
        guard lstat(path, &current) == 0, current.st_dev == opened.st_dev, current.st_ino == opened.st_ino else { return false }
        return unlink(path) == 0
    }

    /// `<name>.tmp-<digits>-<digits>`, exactly (ASCII digits).
    static func isTemporaryName(_ candidate: String, of name: String) -> Bool {
        let prefix = Array((name + ".tmp-").utf8)
        let bytes = Array(candidate.utf8)
        guard bytes.count > prefix.count, bytes.starts(with: prefix) else { return false }
        let parts = bytes[prefix.count...].split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
        return parts.count == 2
            && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } }
    }

    /// The directory (`.` when none is named) and the file name of `path`.
    static func split(_ path: String) -> (directory: String, name: String) {
        let bytes = Array(path.utf8)
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return (".", path) }
        let directory = slash == 0 ? "/" : String(decoding: bytes[..<slash], as: UTF8.self)
        return (directory, String(decoding: bytes[(slash + 1)...], as: UTF8.self))
    }

    /// The type bits of a file mode.
    enum FileType: Equatable {
        case regular, directory, symbolicLink, fifo, socket, characterDevice, blockDevice, unknown

        init(_ mode: mode_t) {
            switch mode & S_IFMT {
            case S_IFREG: self = .regular
            case S_IFDIR: self = .directory
            case S_IFLNK: self = .symbolicLink
            case S_IFIFO: self = .fifo
            case S_IFSOCK: self = .socket
            case S_IFCHR: self = .characterDevice
            case S_IFBLK: self = .blockDevice
            default: self = .unknown
            }
        }

        var name: String {
            switch self {
            case .regular: "regular file"
            case .directory: "directory"
            case .symbolicLink: "symbolic link"
            case .fifo: "FIFO"
            case .socket: "socket"
            case .characterDevice: "character device"
            case .blockDevice: "block device"
            case .unknown: "file of unknown type"
            }
        }
    }
}
