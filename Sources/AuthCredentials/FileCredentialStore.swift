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
/// - every save writes a new file with mode `0600` (owner read/write only) and renames it over the old one,
///   so a crash leaves the old or the new file, never half of one, and the tokens are never readable by
///   other users, not even during the write;
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

    public init(path: String) {
        self.path = path
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

    public func remove(user: String) throws(AuthCredentialsError) {
        var document = try load()
        document.remove(user: user)
        try store(document)
    }

    /// The whole document (an empty one when the file does not exist yet).
    public func load() throws(AuthCredentialsError) -> CredentialStoreDocument {
        guard let bytes = try AtomicFile.readFile(path, limit: Self.maximumFileSize) else { return CredentialStoreDocument() }
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
        try AtomicFile.replaceFile(Array(data), to: path, mode: 0o600)
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
