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
/// - saves within one process are serialized by the actor; two processes saving at once each write a
///   whole file, and the last rename wins.
public actor FileCredentialStore: CredentialStore {
    /// The file's path.
    public nonisolated let path: String
    /// The largest file read, as a guard against reading something that is not a store.
    public static let maximumFileSize = 1 << 20

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

    public func credential(for user: String) throws(AuthCredentialsError) -> StoredCredential? {
        try load().credential(for: user)
    }

    public func lastUser() throws(AuthCredentialsError) -> StoredCredential? {
        try load().lastCredential
    }

    @discardableResult
    public func save(_ credential: StoredCredential) throws(AuthCredentialsError) -> StoredCredential {
        var document = try load()
        let merged = document.save(credential)
        try store(document)
        return merged
    }

    /// Forgets `user`, then removes temporary files left by killed saves.
    public func remove(user: String) throws(AuthCredentialsError) {
        var document = try load()
        document.remove(user: user)
        try store(document)
        AtomicFile.removeStaleTemporaries(of: path)
    }

    /// Compare and remove in one actor step: reads the file, and removes the user only if the stored tokens
    /// are still `expected`. (Another process writing between the read and the rename can still win: the
    /// file has no cross-process lock.)
    public func remove(user: String, ifTokensAre expected: TokenSet) throws(AuthCredentialsError) -> Bool {
        var document = try load()
        guard document.credential(for: user)?.tokens == expected else { return false }
        document.remove(user: user)
        try store(document)
        AtomicFile.removeStaleTemporaries(of: path)
        return true
    }

    public func providerCache(for issuer: String) async throws(AuthCredentialsError) -> ProviderCache? {
        try load().providerCache(for: issuer)
    }

    /// Keeps `cache` in the file (an atomic replace, as every save), unless it is there already.
    public func saveProviderCache(_ cache: ProviderCache) async throws(AuthCredentialsError) {
        var document = try load()
        guard document.providerCache(for: cache.issuer) != cache else { return }
        document.saveProviderCache(cache)
        try store(document)
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
        guard document.version == 1 else { throw .corruptStore(path: path, reason: "unknown version \(document.version)") }
        return document
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
