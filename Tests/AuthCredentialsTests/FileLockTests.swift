// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing

@testable import AuthCredentials

/// The cross-process store lock (`flock(2)` on a sidecar file), each rule with the fault it guards against:
/// two holders at once, a holder that never lets go, a waiter whose task is cancelled, a link planted at the
/// lock path, and a holder killed with SIGKILL.
@Suite("FileLock")
struct FileLockTests {
    /// How long a wait may take before it counts as hung: generous, because the suite shares two cores.
    static let bound = Duration.seconds(120)

    /// A fresh directory and a lock path in it; remove the directory when done.
    static func directory() throws -> (directory: String, path: String) {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("authflow-file-lock-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return (url.path, FileLock.path(for: url.appendingPathComponent("credentials.json").path, .write))
    }

    /// Set once, read from another task.
    actor Flag {
        private(set) var isSet = false
        func set() { isSet = true }
    }

    @Test("the lock files sit beside the store: <store>.lock and <store>.refresh-lock")
    func sidecarPaths() {
        #expect(FileLock.path(for: "/tmp/a/credentials.json", .write) == "/tmp/a/credentials.json.lock")
        #expect(FileLock.path(for: "/tmp/a/credentials.json", .refresh) == "/tmp/a/credentials.json.refresh-lock")
        // Never mistaken for a save's temporary file, which the store may remove.
        #expect(!AtomicFile.isTemporaryName("credentials.json.lock", of: "credentials.json"))
    }

    @Test("two acquisitions in one process exclude each other: the second waits until the first releases")
    func sameProcessSerializes() async throws {
        let (directory, path) = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let first = try await FileLock.acquire(atPath: path, timeout: .seconds(1))
        let acquired = Flag()
        let waiter = Task {
            try await FileLock.withLock(atPath: path, timeout: Self.bound) { await acquired.set() }
        }
        try await Task.sleep(for: .milliseconds(300))
        #expect(await !acquired.isSet, "the second acquisition did not wait for the first")
        first.release()
        try await waiter.value
        #expect(await acquired.isSet)
    }

    @Test("the lock file is created 0600 and kept after release (deleting it would let two holders in)")
    func lockFileKept() async throws {
        let (directory, path) = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let value = try await FileLock.withLock(atPath: path, timeout: .seconds(1)) { 42 }
        #expect(value == 42)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect((attributes[.size] as? NSNumber)?.intValue == 0)
    }

    @Test("the lock is released on every exit: a return and a throw")
    func releasedOnEveryExit() async throws {
        let (directory, path) = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        await #expect(throws: AuthCredentialsError.corruptStore(path: "x", reason: "thrown inside")) {
            try await FileLock.withLock(atPath: path, timeout: .seconds(1)) { () throws(AuthCredentialsError) -> Int in
                throw .corruptStore(path: "x", reason: "thrown inside")
            }
        }
        // A zero timeout makes one attempt: it succeeds only when nothing holds the lock.
        try await FileLock.acquire(atPath: path, timeout: .zero).release()
        #expect(try await FileLock.withLock(atPath: path, timeout: .zero) { () throws(AuthCredentialsError) -> Int in 7 } == 7)
        let again = try await FileLock.acquire(atPath: path, timeout: .zero)
        again.release()
    }

    @Test("a lock held longer than the timeout gives storeLockTimedOut (7301)")
    func timesOut() async throws {
        let (directory, path) = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let holder = try await FileLock.acquire(atPath: path, timeout: .zero)
        let expected = AuthCredentialsError.storeLockTimedOut(path: path, seconds: 0.1)
        let started = ContinuousClock.now
        await #expect(throws: expected) { try await FileLock.acquire(atPath: path, timeout: .milliseconds(100)).release() }
        #expect(ContinuousClock.now - started >= .milliseconds(100))
        #expect(expected.code == 7301)
        #expect(expected.description.contains("credentials.json.lock"))
        holder.release()
    }

    @Test("cancelling the waiting task ends the wait with storeLockCancelled (7303)")
    func cancellationEndsTheWait() async throws {
        let (directory, path) = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let holder = try await FileLock.acquire(atPath: path, timeout: .zero)
        let waiter = Task {
            try await FileLock.withLock(atPath: path, timeout: Self.bound) {}
        }
        try await Task.sleep(for: .milliseconds(50))
        let started = ContinuousClock.now
        waiter.cancel()
        await #expect(throws: AuthCredentialsError.storeLockCancelled(path: path)) { try await waiter.value }
        #expect(ContinuousClock.now - started < Self.bound)
        #expect(AuthCredentialsError.storeLockCancelled(path: path).code == 7303)
        holder.release()
    }

    @Test("a symbolic link at the lock path is refused and its target left uncreated; so is a directory")
    func symbolicLinkRefused() async throws {
        let (directory, path) = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let target = directory + "/elsewhere"
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
        await #expect(throws: AuthCredentialsError.storeIsSymbolicLink(path: path)) {
            try await FileLock.acquire(atPath: path, timeout: .zero).release()
        }
        #expect(!FileManager.default.fileExists(atPath: target))
        let folder = directory + "/folder.lock"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        await #expect(throws: AuthCredentialsError.storeIsNotAFile(path: folder, kind: "directory")) {
            try await FileLock.acquire(atPath: folder, timeout: .zero).release()
        }
    }

    @Test("a FIFO at the lock path is refused without blocking the open")
    func fifoRefused() async throws {
        let (directory, path) = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(mkfifo(path, 0o600) == 0)
        await #expect(throws: AuthCredentialsError.storeIsNotAFile(path: path, kind: "FIFO")) {
            try await FileLock.acquire(atPath: path, timeout: .zero).release()
        }
    }

    @Test("an open failure is storeLockFailed (7302) with the operation and errno")
    func openFailure() async throws {
        let path = "/nonexistent-authflow-directory/credentials.json.lock"
        await #expect(throws: AuthCredentialsError.storeLockFailed(operation: "open", path: path, errno: ENOENT)) {
            try await FileLock.acquire(atPath: path, timeout: .zero).release()
        }
        #expect(AuthCredentialsError.storeLockFailed(operation: "open", path: path, errno: ENOENT).code == 7302)
    }

    /// python3 on the PATH, if any.
    static let python = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
        .map { "\($0)/python3" }.first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test(
        "the kernel releases a lock whose holder, another process, is killed with SIGKILL",
        .enabled(if: python != nil, "needs python3 to hold the lock in a child process"))
    func releasedWhenTheHolderIsKilled() async throws {
        let (directory, path) = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let ready = directory + "/ready"
        // The child locks the same file with flock(2), says so by creating `ready`, and sleeps.
        let child = Process()
        child.executableURL = URL(fileURLWithPath: try #require(Self.python))
        child.arguments = [
            "-c",
            """
            import fcntl, os, sys, time
            fd = os.open(sys.argv[1], os.O_RDONLY | os.O_CREAT, 0o600)
            fcntl.flock(fd, fcntl.LOCK_EX)
            open(sys.argv[2], "w").close()
            time.sleep(300)
            """,
            path, ready,
        ]
        try child.run()
        defer { if child.isRunning { kill(child.processIdentifier, SIGKILL) } }
        let deadline = ContinuousClock.now + Self.bound
        while !FileManager.default.fileExists(atPath: ready), child.isRunning, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        try #require(FileManager.default.fileExists(atPath: ready), "the child did not take the lock")
        await #expect(throws: AuthCredentialsError.storeLockTimedOut(path: path, seconds: 0.2)) {
            try await FileLock.acquire(atPath: path, timeout: .milliseconds(200)).release()
        }
        #expect(kill(child.processIdentifier, SIGKILL) == 0)
        child.waitUntilExit()
        #expect(child.terminationReason == .uncaughtSignal)
        let lock = try await FileLock.acquire(atPath: path, timeout: Self.bound)
        lock.release()
    }
}
