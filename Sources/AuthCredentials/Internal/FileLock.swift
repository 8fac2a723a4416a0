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

/// A cross-process advisory lock: `flock(2)` with `LOCK_EX` on a sidecar file beside the store (say
/// `credentials.json.lock`), held by one open descriptor and released when it is closed.
///
/// ```swift
/// let saved = try await FileLock.withLock(atPath: FileLock.path(for: store, .write), timeout: .seconds(10)) {
///     () throws(AuthCredentialsError) in
///     var document = try load()
///     document.upsert(credential)
///     try save(document)
///     return document
/// }
/// ```
///
/// What it guarantees, and why it is built this way:
/// - **one new open file description per acquisition.** `flock` locks belong to the open file description,
///   so two acquisitions in the same process exclude each other exactly as two processes do (POSIX `fcntl`
///   locks would not: they belong to the process, and closing *any* descriptor of the file drops them);
/// - **the kernel releases it when the holder dies**, whatever kills it (`kill -9`, a crash): there is no
///   stale lock to detect or break, and no owner pid to trust;
/// - **the lock file is never deleted.** Deleting it on release is racy: a waiter that opened the path before
///   the unlink then locks the old, unlinked inode, while a newcomer creates a new file at the path and locks
///   that one — both "hold the lock" at once. (Deleting safely needs a re-check of the path's inode after
///   every lock, and a retry; an empty 0600 file costs nothing.)
/// - opened with `O_CLOEXEC`, so a child process (a browser the CLI starts) never inherits it and cannot
///   keep it held after this process exits; with `O_NOFOLLOW`, so a symbolic link planted at the path is
///   refused (``AuthCredentialsError/storeIsSymbolicLink(path:)``), and with `O_NONBLOCK`, so a FIFO
///   there never blocks the open (it is then refused as not a regular file). Created with mode `0600`;
/// - **no cooperative thread is blocked**: the async acquisition polls `LOCK_EX | LOCK_NB`, sleeping 1 ms,
///   then 2, 4, 8 and 10 ms between attempts, ends with
///   ``AuthCredentialsError/storeLockTimedOut(path:seconds:)`` after `timeout`, and with
///   ``AuthCredentialsError/storeLockCancelled(path:)`` when its task is cancelled *while waiting* (a free
///   lock is taken even by a cancelled task, so that a rotated refresh token already received can still be
///   saved);
/// - advisory only: it excludes other users of `FileLock` on the same file, not a process that ignores it.
///   Not fair: a waiter may lose to a newcomer, which the timeout bounds.
///
/// Lock ordering, for a store that takes both: the refresh lock (held across a token refresh) *before* the
/// write lock (held around load → modify → save), never the reverse, so two processes never wait on each
/// other.
struct FileLock: ~Copyable, Sendable {
    /// The locked descriptor; closing it releases the lock.
    private let descriptor: Int32

    /// What a sidecar lock file serializes.
    enum Purpose: String, Sendable {
        /// Load → modify → save of the store file: held briefly, around file I/O only.
        case write = "lock"
        /// A token refresh, network round trip included: held longer, taken before ``write``.
        case refresh = "refresh-lock"
    }

    /// The sidecar lock file of the store at `storePath`: `<store path>.lock` or `<store path>.refresh-lock`.
    static func path(for storePath: String, _ purpose: Purpose) -> String {
        storePath + "." + purpose.rawValue
    }

    deinit { close(descriptor) }

    /// Releases the lock (closes its descriptor). Ending the value's lifetime any other way does the same.
    consuming func release() {}

    // MARK: Acquiring

    /// Waits, without blocking a thread, until the lock at `path` is held by a new descriptor of this
    /// process; creates the lock file (0600) when there is none.
    static func acquire(atPath path: String, timeout: Duration) async throws(AuthCredentialsError) -> FileLock {
        let descriptor = try openLockFile(path)
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        var pause = Duration.milliseconds(1)
        while true {
            switch tryLock(descriptor, path: path) {
            case .success(true): return FileLock(descriptor: descriptor)
            case .success(false): break
            case .failure(let error):
                close(descriptor)
                throw error
            }
            let now = clock.now
            guard now < deadline else {
                close(descriptor)
                throw .storeLockTimedOut(path: path, seconds: seconds(timeout))
            }
            do {
                try await Task.sleep(for: min(pause, now.duration(to: deadline)))
            } catch {
                close(descriptor)
                throw .storeLockCancelled(path: path)
            }
            pause = min(pause * 2, .milliseconds(10))
        }
    }

    // MARK: Scoped use

    /// Runs `body` holding the lock at `path`, and releases it on every exit: a return, a throw, a
    /// cancellation. A lock that cannot be taken is reported through `lockError` as the body's error type.
    static func withLock<Result, Failure: Error>(
        atPath path: String, timeout: Duration, lockError: (AuthCredentialsError) -> Failure,
        _ body: () async throws(Failure) -> Result
    ) async throws(Failure) -> Result {
        let lock: FileLock
        do {
            lock = try await acquire(atPath: path, timeout: timeout)
        } catch {
            throw lockError(error)
        }
        do {
            let result = try await body()
            lock.release()
            return result
        } catch {
            lock.release()
            throw error
        }
    }

    /// Runs `body` holding the lock at `path`; see ``withLock(atPath:timeout:lockError:_:)``.
    static func withLock<Result>(
        atPath path: String, timeout: Duration, _ body: () async throws(AuthCredentialsError) -> Result
    ) async throws(AuthCredentialsError) -> Result {
        try await withLock(atPath: path, timeout: timeout, lockError: { $0 }, body)
    }

    // MARK: Helpers

    /// A new open file description of the lock file at `path`, created 0600 when missing; refuses a symbolic
    /// link and anything that is not a regular file.
    private static func openLockFile(_ path: String) throws(AuthCredentialsError) -> Int32 {
        var descriptor: Int32
        repeat {
            descriptor = open(path, O_RDONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, mode_t(0o600))
        } while descriptor < 0 && errno == EINTR
        if descriptor < 0 {
            switch errno {
            case ELOOP: throw .storeIsSymbolicLink(path: path)
            case EISDIR: throw .storeIsNotAFile(path: path, kind: AtomicFile.FileType.directory.name)
            case let error: throw .storeLockFailed(operation: "open", path: path, errno: error)
            }
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let error = errno
            close(descriptor)
            throw .storeLockFailed(operation: "fstat", path: path, errno: error)
        }
        let type = AtomicFile.FileType(status.st_mode)
        guard type == .regular else {
            close(descriptor)
            throw .storeIsNotAFile(path: path, kind: type.name)
        }
        return descriptor
    }

    /// One non-blocking attempt: true when locked, false when another description holds it.
    private static func tryLock(_ descriptor: Int32, path: String) -> Swift.Result<Bool, AuthCredentialsError> {
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            switch errno {
            case EINTR: continue
            case EWOULDBLOCK: return .success(false)
            case let error: return .failure(.storeLockFailed(operation: "flock", path: path, errno: error))
            }
        }
        return .success(true)
    }

    private static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
