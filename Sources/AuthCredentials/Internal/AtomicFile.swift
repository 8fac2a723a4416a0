#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Whole-file reads and atomic replacement through the platform's libc.
enum AtomicFile {
    /// The file's bytes, or nil when it does not exist. Refuses files over `limit` bytes.
    static func readFile(_ path: String, limit: Int) throws(AuthCredentialsError) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        if descriptor < 0 {
            if errno == ENOENT { return nil }
            throw .storeFailure(operation: "open", path: path, errno: errno)
        }
        defer { close(descriptor) }
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

    /// Replaces the file with `bytes` so that a reader sees the old or the new contents, never a mix:
    /// written to a new temporary file beside it (created with `mode`, so never readable by others even
    /// for a moment), flushed to disk, then renamed over the path (POSIX `rename` is atomic).
    static func replaceFile(_ bytes: [UInt8], to path: String, mode: mode_t) throws(AuthCredentialsError) {
        var temporary = ""
        var descriptor: Int32 = -1
        for attempt in 0..<100 {
            temporary = "\(path).tmp-\(getpid())-\(attempt)"
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
            if descriptor >= 0 || errno != EEXIST { break }
        }
        guard descriptor >= 0 else { throw .storeFailure(operation: "create", path: temporary, errno: errno) }
        var failure: AuthCredentialsError? = nil
        var written = 0
        while written < bytes.count, failure == nil {
            let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count < 0 {
                if errno != EINTR { failure = .storeFailure(operation: "write", path: temporary, errno: errno) }
            } else {
                written += count
            }
        }
        if failure == nil, fsync(descriptor) != 0 { failure = .storeFailure(operation: "fsync", path: temporary, errno: errno) }
        if close(descriptor) != 0, failure == nil { failure = .storeFailure(operation: "close", path: temporary, errno: errno) }
        if failure == nil, rename(temporary, path) != 0 { failure = .storeFailure(operation: "rename", path: path, errno: errno) }
        if let failure {
            unlink(temporary)
            throw failure
        }
    }
}
