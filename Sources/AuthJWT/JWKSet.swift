import AuthJSON

/// A JWK Set (RFC 7517 §5): the keys an issuer publishes at its `jwks_uri`.
///
/// ```swift
/// let keys = try JWKSet(json: jwksDocument)
/// keys.keys.count              // the keys understood
/// keys.ignoredKeyCount         // keys skipped, as RFC 7517 §5 says to
/// ```
///
/// As RFC 7517 §5 recommends, keys of a type this library does not read, or with missing or malformed
/// parameters, are skipped (and counted) rather than failing the whole set. A key carrying private
/// material still fails the set: publishing one is a misconfiguration to stop at.
public struct JWKSet: Sendable {
    /// The keys that were understood.
    public let keys: [JWK]
    /// How many keys in the document were skipped.
    public let ignoredKeyCount: Int

    /// A set of the given keys.
    public init(keys: [JWK]) {
        self.keys = keys
        ignoredKeyCount = 0
    }

    /// Reads a JWK Set document: `{"keys": [ … ]}`.
    public init(json: some Sequence<UInt8>) throws(AuthJWTError) {
        let object = try JWK.object(json, what: "a JWK Set")
        guard let entries = object["keys"]?.arrayValue else {
            throw .invalidKey(keyID: nil, reason: "a JWK Set must have a 'keys' array (RFC 7517 §5)")
        }
        var keys: [JWK] = []
        var ignored = 0
        for entry in entries {
            guard let keyObject = entry.objectValue else {
                ignored += 1
                continue
            }
            do {
                let key = try JWK(keyObject)
                if case .unsupported = key.material { ignored += 1 } else { keys.append(key) }
            } catch {
                if case .privateKeyMaterial = error { throw error }
                ignored += 1
            }
        }
        self.keys = keys
        ignoredKeyCount = ignored
    }

    /// The keys that may have signed a token with this header: those with its `kid` (all keys when it has
    /// none), meant for signatures (`use` absent or `sig`), and not restricted to another `alg`.
    public func candidates(for header: JOSEHeader) -> [JWK] {
        keys.filter { key in
            if let wanted = header.keyID {
                guard let keyID = key.keyID, keyID.utf8.elementsEqual(wanted.utf8) else { return false }
            }
            if let use = key.use, !use.utf8.elementsEqual("sig".utf8) { return false }
            if let algorithm = key.algorithm, algorithm != header.algorithm { return false }
            return true
        }
    }
}
