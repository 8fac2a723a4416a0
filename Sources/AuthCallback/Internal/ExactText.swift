import AuthDigest

/// Byte-exact text comparison. Swift's `String ==` compares by Unicode canonical equivalence, so two
/// different parameter names or issuers could compare equal; OAuth compares code units (RFC 6749 §3.1,
/// RFC 9207 §2.4: "simple string comparison").
enum ExactText {
    static func equal(_ lhs: String, _ rhs: String) -> Bool {
        guard lhs.utf8.count == rhs.utf8.count else { return false }
        var lhs = lhs
        var rhs = rhs
        return lhs.withUTF8 { left in rhs.withUTF8 { right in equal(left, right) } }
    }

    /// Byte equality of two buffers (a plain loop: the generic `elementsEqual` is not inlined here).
    static func equal(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for index in 0..<lhs.count where lhs[index] != rhs[index] { return false }
        return true
    }

    /// Equality whose time depends only on the lengths, for secrets such as `state` (RFC 6749 §10.12).
    static func constantTimeEqual(_ lhs: String, _ rhs: String) -> Bool {
        var lhs = lhs
        var rhs = rhs
        return lhs.withUTF8 { left in rhs.withUTF8 { right in ConstantTime.isEqual(left, right) } }
    }
}
