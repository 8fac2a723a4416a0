// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A ``CredentialStore`` in one JSON file, for command-line tools, desktop apps and servers.
///
/// ```swift
/// let store = FileCredentialStore(path: home + "/.config/myapp/credentials.json")
/// try await store.save(StoredCredential(credential, tokens: tokens))
/// ```
///
/// Security and safety, as implemented:
/// - every save writes a new file with mode `0600` (owner read/write only, whatever the umask) and
///   renames it over the old one, so a crash leaves the old or the new file, never half of one, and the
///   tokens are never readable by other users, not even during the write. The new file is flushed to disk
///   before the rename and the directory after it, so a completed save survives a power loss;
/// - **temporary files never outlive a save**: a failed save removes its own, and a save killed between
///   writing and renaming (a crash, `kill -9`) is cleaned up at the store's first use and on every
///   ``remove(user:)`` (so at logout): files named exactly `<file name>.tmp-<digits>-<digits>` beside the
///   store, regular files owned by this user, and only when no save in any process still holds their
///   `flock` lock — a save running in another process keeps its file;
/// - **only a regular file is a store**: a symbolic link at the path is refused with
///   ``AuthCredentialsError/storeIsSymbolicLink(path:)`` (opened with `O_NOFOLLOW`, and never renamed over
///   either), and a directory, FIFO, socket or device with ``AuthCredentialsError/storeIsNotAFile(path:kind:)``
///   — checked before opening (and again on the open descriptor), so a FIFO never blocks a read. Both are
///   left untouched. Links in the *directories* above the file are followed, as usual;
/// - a store file readable or writable by group or others (say, created by hand with mode 0644) is set to
///   `0600` when it is read; one that belongs to another user is refused (even for root) with
///   ``AuthCredentialsError/storeExposed(path:mode:)``. Tokens that were already exposed should be
///   considered leaked: sign in again;
/// - the file holds refresh and access tokens in plain text, protected only by the file's permissions:
///   on Apple platforms prefer a Keychain-backed conformance;
/// - a file that is not a store document (truncated, edited, another format) is an error
///   (``AuthCredentialsError/corruptStore(path:reason:)``) and is left untouched for you to inspect;
/// - every read-modify-write (save, compare-before-remove, claim) holds an advisory `flock(2)` lock on
///   ``writeLockPath`` from the read to the rename, so two processes never overwrite each other's change;
///   ``withRefreshLock(for:_:)`` holds ``refreshLockPath`` across a whole refresh (taken first, never while
///   the write lock is held). A crashed holder's locks are released by the kernel. The lock files stay
///   (0600, empty): deleting one would let two holders in.
public actor FileCredentialStore: ClientRegistrationStore {
    /// The file's path.
    public nonisolated let path: String
    /// The largest file read, as a guard against reading something that is not a store.
    public static let maximumFileSize = 1 << 20

    /// The sidecar file whose lock is held across every read-modify-write (`<path>.lock`).
    public nonisolated var writeLockPath: String { FileLock.path(for: path, .write) }
    /// The sidecar file whose lock is held across a refresh (`<path>.refresh-lock`): taken before the write
    /// lock, never while holding it.
    public nonisolated var refreshLockPath: String { FileLock.path(for: path, .refresh) }
    /// How long a read-modify-write waits for another one (held for a file write only).
    public static let writeLockTimeoutSeconds = 10
    /// How long a refresh waits for another process's refresh before it gives up. A refresh with its retries
    /// (`RetryPolicy`) and a slow provider fits well within it.
    public static let refreshLockTimeoutSeconds = 120

    /// Called before each step of a save: fault injection for tests.
    private let beforeStep: AtomicFile.StepHook?
    /// Whether temporaries left by earlier, killed saves were looked for.
    private var cleanedUp = false

    /// A store in the file at `path`. Nothing is read or created until the first call.
    public init(path: String) {
        self.path = path
        beforeStep = nil
    }

    /// A store whose saves call `beforeStep` before writing, flushing and renaming (tests inject faults).
    init(path: String, beforeStep: @escaping AtomicFile.StepHook) {
        self.path = path
        self.beforeStep = beforeStep
    }

    public func credential(for user: String, grant: GrantIdentity?) throws(AuthCredentialsError) -> StoredCredential? {
        try load().credential(for: user, grant: grant)
    }

    public func lastCredential(for grant: GrantIdentity?) throws(AuthCredentialsError) -> StoredCredential? {
        try load().lastCredential(for: grant)
    }

    public func credentials(issuer: String, clientID: String) async throws(AuthCredentialsError) -> [StoredCredential] {
        try load().credentials(issuer: issuer, clientID: clientID)
    }

    @discardableResult
    public func save(_ credential: StoredCredential) async throws(AuthCredentialsError) -> StoredCredential {
        try await change { document in document.save(credential) }
    }

    /// Forgets `user` under `grant`, then removes temporary files left by killed saves.
    public func remove(user: String, grant: GrantIdentity?) async throws(AuthCredentialsError) {
        try await change { document in document.remove(user: user, grant: grant) }
        AtomicFile.removeStaleTemporaries(of: path)
    }

    /// Compare and remove in one step: under the store's lock, reads the file and removes the record only if
    /// its tokens are still `expected` — no other process can write between the read and the rename.
    public func remove(user: String, grant: GrantIdentity?, ifTokensAre expected: TokenSet) async throws(AuthCredentialsError) -> Bool {
        let removed = try await change { document in document.remove(user: user, grant: grant, ifTokensAre: expected) }
        if removed { AtomicFile.removeStaleTemporaries(of: path) }
        return removed
    }

    /// Claims a record without a grant in one locked step (see ``CredentialStoreDocument/claimLegacyCredential(user:for:ifTokensAre:)``).
    public func claimLegacyCredential(user: String, for grant: GrantIdentity, ifTokensAre expected: TokenSet?)
        async throws(AuthCredentialsError) -> StoredCredential?
    {
        try await change { document in document.claimLegacyCredential(user: user, for: grant, ifTokensAre: expected) }
    }

    /// Runs `body` holding the store's refresh lock: an advisory `flock(2)` lock on ``refreshLockPath``,
    /// which excludes every other refresh through this file — in this process and in any other — until
    /// `body` returns. A process that crashes while holding it loses it at once (the kernel releases the
    /// locks of a closed descriptor), so no stale lock outlives its holder. One lock per file: refreshes of
    /// different grants in one file wait for each other too.
    public func withRefreshLock<Result: Sendable>(
        for grant: GrantIdentity, _ body: @Sendable () async -> Result
    ) async throws(AuthCredentialsError) -> Result {
        try await FileLock.withLock(atPath: refreshLockPath, timeout: .seconds(Self.refreshLockTimeoutSeconds)) { () async -> Result in
            await body()
        }
    }

    public func storedClientRegistration(forIssuer issuer: String) throws(AuthCredentialsError) -> StoredClientRegistration? {
        try load().clientRegistration(forIssuer: issuer)
    }

    /// Keeps `registration` in the file (written atomically with mode 0600, as every save).
    public func storeClientRegistration(_ registration: StoredClientRegistration) async throws(AuthCredentialsError) {
        try await change { document in document.saveClientRegistration(registration) }
    }

    public func providerCache(for issuer: String) async throws(AuthCredentialsError) -> ProviderCache? {
        try load().providerCache(for: issuer)
    }

    /// Keeps `cache` in the file (an atomic replace, as every save), unless it is there already.
    public func saveProviderCache(_ cache: ProviderCache) async throws(AuthCredentialsError) {
        try await change { document in
            if document.providerCache(for: cache.issuer) != cache { document.saveProviderCache(cache) }
        }
    }

    /// The whole document (an empty one when the file does not exist yet). The first call also removes
    /// temporary files left by killed saves.
    public func load() throws(AuthCredentialsError) -> CredentialStoreDocument {
        if !cleanedUp {
            cleanedUp = true
            AtomicFile.removeStaleTemporaries(of: path)
        }
        guard let bytes = try AtomicFile.readFile(path, limit: Self.maximumFileSize, mode: 0o600) else { return CredentialStoreDocument() }
        let document: CredentialStoreDocument
        do {
            document = try JSONDecoder().decode(CredentialStoreDocument.self, from: Data(bytes))
        } catch {
            throw .corruptStore(path: path, reason: Self.reason(error))
        }
        guard CredentialStoreDocument.readableVersions.contains(document.version) else {
            throw .corruptStore(path: path, reason: "unknown version \(document.version)")
        }
        return document
    }

    /// Reads the document, applies `modify`, and writes the result when it differs from what was read — the
    /// whole step under the store's write lock, so that no other process writes in between.
    /// The lock is waited for without blocking a thread; the step itself never suspends while holding it.
    private func change<Result>(_ modify: (inout CredentialStoreDocument) -> Result) async throws(AuthCredentialsError) -> Result {
        let lock = try await FileLock.acquire(atPath: writeLockPath, timeout: .seconds(Self.writeLockTimeoutSeconds))
        do {
            let before = try load()
            var document = before
            let result = modify(&document)
            if document != before { try store(document) }
            lock.release()
            return result
        } catch {
            lock.release()
            throw error
        }
    }

    private func store(_ document: CredentialStoreDocument) throws(AuthCredentialsError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        let data: Data
        do {
            data = try encoder.encode(document)
        } catch {
            throw .corruptStore(path: path, reason: "cannot encode: \(Self.reason(error))")
        }
        try AtomicFile.replaceFile(Array(data), to: path, mode: 0o600, beforeStep: beforeStep)
    }

    /// A decoding error in words, naming the field but never a value.
    private static func reason(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "not JSON" }
        switch error {
        case .dataCorrupted(let context): return context.codingPath.isEmpty ? "not JSON" : "invalid value at \(path(context.codingPath))"
        case .keyNotFound(let key, let context): return "missing '\(key.stringValue)' at \(path(context.codingPath))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context): return "wrong type at \(path(context.codingPath))"
        @unknown default: return "not a store document"
        }
    }

    private static func path(_ codingPath: [any CodingKey]) -> String {
        codingPath.isEmpty ? "the top level" : codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }
}
