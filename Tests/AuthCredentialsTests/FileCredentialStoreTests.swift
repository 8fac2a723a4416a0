// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthJSON
import Foundation
import TestVectors
import Testing

@testable import AuthCredentials

/// The file store's safety rules, each with the fault it guards against: a save killed half-way, a link
/// or special file planted at the path, a file others can read, and saves that fail part-way.
@Suite("FileCredentialStore safety")
struct FileCredentialStoreTests {
    /// How long a call may take before it counts as hung: generous, because the whole suite shares two cores
    /// and a simple test can wait many seconds to be scheduled; what is caught here is a call that never ends.
    static let bound = 120.0

    static let credential = StoredCredential(user: "alice", tokens: TokenSet(accessToken: "at-1", refreshToken: "rt-1"))
    static let document = #"{"version":1,"credentials":[]}"#

    /// A fresh directory and the store path in it; remove the directory when done.
    static func directory() throws -> (directory: String, path: String) {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("authflow-file-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return (url.path, url.appendingPathComponent("credentials.json").path)
    }

    static func write(_ text: String, to path: String, mode: Int = 0o600) {
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8), attributes: [.posixPermissions: mode])
    }

    /// The files in `directory`, but the store's lock files (`<name>.lock`, `<name>.refresh-lock`), which
    /// stay by design: deleting a lock file is racy (see FileLock).
    static func names(in directory: String) throws -> Set<String> {
        Set(
            try FileManager.default.contentsOfDirectory(atPath: directory).filter {
                !$0.hasSuffix(".lock") && !$0.hasSuffix(".refresh-lock")
            })
    }

    static func mode(of path: String) throws -> Int? {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue
    }

    @Test("a temporary file left by a killed save is removed at first use; others that only look alike are kept")
    func staleTemporaryRemovedAtFirstUse() async throws {
        let (directory, path) = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        Self.write(#"{"refresh":"rt-left-behind"}"#, to: path + ".tmp-999999-0")  // kill -9 between write and rename
        let outside = directory + "/outside.json"
        Self.write("outside", to: outside)
        Self.write("x", to: path + ".tmp-12-x")
        Self.write("x", to: path + ".tmp-1-2.bak")
        Self.write("x", to: path + ".tmp--2")
        Self.write("x", to: directory + "/other.json.tmp-1-2")
        try FileManager.default.createDirectory(atPath: path + ".tmp-5-6", withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: path + ".tmp-7-8", withDestinationPath: outside)

        let store = FileCredentialStore(path: path)
        #expect(try await store.lastUser() == nil)
        #expect(
            try Self.names(in: directory) == [
                "outside.json", "credentials.json.tmp-12-x", "credentials.json.tmp-1-2.bak", "credentials.json.tmp--2",
                "other.json.tmp-1-2", "credentials.json.tmp-5-6", "credentials.json.tmp-7-8",
            ])
        #expect(try String(contentsOfFile: outside, encoding: .utf8) == "outside", "a link's target is never touched")
    }

    @Test("a temporary file a running save holds (its flock) is kept, so a save in another process is not broken")
    func lockedTemporaryKept() async throws {
        let (directory, path) = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let running = path + ".tmp-4242-0"
        Self.write("in progress", to: running)
        let descriptor = open(running, O_RDONLY)
        #expect(descriptor >= 0 && flock(descriptor, LOCK_EX) == 0)
        defer { close(descriptor) }
        _ = try await FileCredentialStore(path: path).lastUser()
        #expect(FileManager.default.fileExists(atPath: running))
    }

    @Test("another user's file that looks like a temporary is kept", .enabled(if: geteuid() == 0, "needs root to give a file away"))
    func foreignTemporaryKept() async throws {
        let (directory, path) = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let foreign = path + ".tmp-999998-0"
        Self.write("theirs", to: foreign)
        #expect(chown(foreign, 65534, 65534) == 0)
        _ = try await FileCredentialStore(path: path).lastUser()
        #expect(FileManager.default.fileExists(atPath: foreign))
    }

    @Test("removing a user (logout) also removes temporaries left by saves killed since the first use")
    func staleTemporaryRemovedOnRemove() async throws {
        let (directory, path) = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = FileCredentialStore(path: path)
        try await store.save(Self.credential)
        Self.write("rt-left-behind", to: path + ".tmp-999999-3")
        try await store.remove(user: "alice")
        #expect(try Self.names(in: directory) == ["credentials.json"])
    }

    @Test("a symbolic link at the store path is refused (7010); the link and its target stay as they were")
    func symbolicLinkRefused() async throws {
        let (directory, path) = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let target = directory + "/target.json"
        Self.write(Self.document, to: target)
        for destination in [target, directory + "/missing.json"] {
            try? FileManager.default.removeItem(atPath: path)
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: destination)
            let store = FileCredentialStore(path: path)
            await #expect(throws: AuthCredentialsError.storeIsSymbolicLink(path: path)) { try await store.lastUser() }
            await #expect(throws: AuthCredentialsError.storeIsSymbolicLink(path: path)) { try await store.save(Self.credential) }
            await #expect(throws: AuthCredentialsError.storeIsSymbolicLink(path: path)) { try await store.remove(user: "alice") }
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: path) == destination)
        }
        #expect(AuthCredentialsError.storeIsSymbolicLink(path: path).code == 7010)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == Self.document)
        #expect(!FileManager.default.fileExists(atPath: directory + "/missing.json"), "a dangling link's target is not created")
        #expect(try Self.names(in: directory) == ["credentials.json", "target.json"])
    }

    @Test("a FIFO at the store path is refused at once (7011), without blocking on it")
    func fifoRefused() async throws {
        let (directory, path) = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(mkfifo(path, 0o600) == 0)
        let store = FileCredentialStore(path: path)
        let outcome = try #require(
            await finishes(within: Self.bound) {
                await Self.error { () async throws(AuthCredentialsError) -> Any? in try await store.lastUser() }
            }, "reading the FIFO blocked")
        #expect(outcome == .storeIsNotAFile(path: path, kind: "FIFO"))
        #expect(outcome?.code == 7011)
        let saving = try #require(
            await finishes(within: Self.bound) {
                await Self.error { () async throws(AuthCredentialsError) -> Any? in try await store.save(Self.credential) }
            }, "saving blocked")
        #expect(saving == .storeIsNotAFile(path: path, kind: "FIFO"))
        #expect(isFIFO(path), "the FIFO is left as it was")
        #expect(try Self.names(in: directory) == ["credentials.json"])
    }

    @Test("a directory at the store path is refused (7011)")
    func directoryRefused() async throws {
        let (directory, path) = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        let store = FileCredentialStore(path: path)
        await #expect(throws: AuthCredentialsError.storeIsNotAFile(path: path, kind: "directory")) { try await store.lastUser() }
        await #expect(throws: AuthCredentialsError.storeIsNotAFile(path: path, kind: "directory")) { try await store.save(Self.credential) }
        #expect(try Self.names(in: directory) == ["credentials.json"])
    }

    @Test("a store file others can read is restricted to 0600 as soon as it is read")
    func exposedFileRestrictedOnRead() async throws {
        let (directory, path) = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        Self.write(Self.document, to: path, mode: 0o644)
        #expect(try await FileCredentialStore(path: path).lastUser() == nil)
        #expect(try Self.mode(of: path) == 0o600)
    }

    @Test(
        "another user's store file that others can read is refused (7012)", .enabled(if: geteuid() == 0, "needs root to give a file away"))
    func foreignExposedFileRefused() async throws {
        let (directory, path) = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        Self.write(Self.document, to: path, mode: 0o644)
        #expect(chown(path, 65534, 65534) == 0)
        let store = FileCredentialStore(path: path)
        await #expect(throws: AuthCredentialsError.storeExposed(path: path, mode: 0o644)) { try await store.lastUser() }
        #expect(try Self.mode(of: path) == 0o644, "another user's file is not changed")
        #expect(AuthCredentialsError.storeExposed(path: path, mode: 0o644).description.contains("0644"))
    }

    @Test(
        "a save that fails part-way leaves no temporary file and the old file as it was",
        arguments: [AtomicFile.Step.write, .fsync, .rename])
    func failedSaveLeavesNoTemporary(step: AtomicFile.Step) async throws {
        let (directory, path) = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try await FileCredentialStore(path: path).save(Self.credential)
        let before = try String(contentsOfFile: path, encoding: .utf8)
        let failure = AuthCredentialsError.storeFailure(operation: "injected", path: path, errno: EIO)
        let store = FileCredentialStore(path: path) { current throws(AuthCredentialsError) in
            if current == step { throw failure }
        }
        await #expect(throws: failure) { try await store.save(StoredCredential(user: "bob")) }
        #expect(try Self.names(in: directory) == ["credentials.json"])
        #expect(try String(contentsOfFile: path, encoding: .utf8) == before)
    }

    @Test("a symbolic link planted at the path during a save is not renamed over; the save fails cleanly")
    func linkPlantedDuringSave() async throws {
        let (directory, path) = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let target = directory + "/target.json"
        Self.write("target", to: target)
        let store = FileCredentialStore(path: path) { step throws(AuthCredentialsError) in
            if step == .rename { _ = symlink(target, path) }
        }
        await #expect(throws: AuthCredentialsError.storeIsSymbolicLink(path: path)) { try await store.save(Self.credential) }
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: path) == target)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "target")
        #expect(try Self.names(in: directory) == ["credentials.json", "target.json"])
    }

    @Test("saved files are 0600 and only the store file remains")
    func savedFileMode() async throws {
        let (directory, path) = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try await FileCredentialStore(path: path).save(Self.credential)
        #expect(try Self.mode(of: path) == 0o600)
        #expect(try Self.names(in: directory) == ["credentials.json"])
    }

    @Test("temporary names are matched exactly: <name>.tmp-<digits>-<digits>")
    func temporaryNames() {
        #expect(AtomicFile.isTemporaryName("c.json.tmp-1-0", of: "c.json"))
        #expect(AtomicFile.isTemporaryName("c.json.tmp-123456-99", of: "c.json"))
        for name in [
            "c.json", "c.json.tmp-", "c.json.tmp-1", "c.json.tmp-1-", "c.json.tmp--1", "c.json.tmp-1-2-3", "c.json.tmp-a-1",
            "c.json.tmp-1-2 ", "xc.json.tmp-1-2", "c.json.tmp-١-2", "d.json.tmp-1-2",
        ] {
            #expect(!AtomicFile.isTemporaryName(name, of: "c.json"), "\(name)")
        }
        #expect(AtomicFile.split("/a/b/c.json") == ("/a/b", "c.json"))
        #expect(AtomicFile.split("/c.json") == ("/", "c.json"))
        #expect(AtomicFile.split("c.json") == (".", "c.json"))
    }

    /// The error `body` throws, or nil.
    static func error(_ body: () async throws(AuthCredentialsError) -> Any?) async -> AuthCredentialsError? {
        do {
            _ = try await body()
            return nil
        } catch {
            return error
        }
    }
}

private func isFIFO(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO
}

extension FileCredentialStoreTests {
    @Test(
        "credentials(issuer:clientID:) read by a second process's store lists one client's grants only: not another issuer's with the same sub, nor another client's"
    )
    func listingAcrossProcessesIssuersAndClients() async throws {
        let (_, path) = try Self.directory()
        let first = FileCredentialStore(path: path)
        let issuer = "https://id.example.com"
        let mine = GrantIdentity(issuer: issuer, clientID: "app")
        _ = try await first.save(StoredCredential(user: "alice", grant: mine, tokens: TokenSet(accessToken: "a1")))
        _ = try await first.save(
            StoredCredential(user: "alice", grant: GrantIdentity(issuer: issuer, clientID: "app", resources: ["https://api.example.com/"])))
        _ = try await first.save(StoredCredential(user: "bob", grant: mine))
        _ = try await first.save(
            StoredCredential(user: "alice", grant: GrantIdentity(issuer: "https://other.example.com", clientID: "app")))
        _ = try await first.save(StoredCredential(user: "alice", grant: GrantIdentity(issuer: issuer, clientID: "other-app")))
        // A second process: its own store on the same file.
        let second = FileCredentialStore(path: path)
        let listed = try await second.credentials(issuer: issuer, clientID: "app")
        #expect(listed.count == 3)
        #expect(listed.allSatisfy { $0.grant?.issuer == issuer && $0.grant?.clientID == "app" })
        #expect(Set(listed.map(\.user)) == ["alice", "bob"])
        #expect(try await second.credentials(issuer: "https://other.example.com", clientID: "app").map(\.user) == ["alice"])
    }

    @Test(
        "granted authorization_details stay with their grant: two issuers sharing a sub, two clients, two processes on one file"
    )
    func authorizationDetailsPerGrantAcrossProcesses() async throws {
        let (_, path) = try Self.directory()
        func tokens(_ access: String, type: String) throws -> TokenSet {
            var detail = JSONObject()
            try detail.append("type", .string(type))
            var tokens = TokenSet(accessToken: access)
            tokens.grantedAuthorizationDetails = [detail]
            return tokens
        }
        let grants = [
            (GrantIdentity(issuer: "https://bank.example.com", clientID: "app"), "payment_initiation"),
            (GrantIdentity(issuer: "https://other-bank.example.com", clientID: "app"), "account_information"),
            (GrantIdentity(issuer: "https://bank.example.com", clientID: "other-app"), "customer_information"),
        ]
        let first = FileCredentialStore(path: path)
        for (index, (grant, type)) in grants.enumerated() {
            _ = try await first.save(StoredCredential(user: "alice", grant: grant, tokens: try tokens("a\(index)", type: type)))
        }
        // A second process narrows one grant's details; the others are as the first process saved them.
        let second = FileCredentialStore(path: path)
        _ = try await second.save(StoredCredential(user: "alice", grant: grants[1].0, tokens: try tokens("b1", type: "accounts_list")))
        let third = FileCredentialStore(path: path)
        var types: [[String?]?] = []
        for (grant, _) in grants {
            types.append(
                try await third.credential(for: "alice", grant: grant)?.tokens?.grantedAuthorizationDetails?.map { $0["type"]?.stringValue }
            )
        }
        #expect(types == [["payment_initiation"], ["accounts_list"], ["customer_information"]])
    }
}
