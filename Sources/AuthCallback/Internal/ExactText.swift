/// Byte-exact text comparison. Swift's `String ==` compares by Unicode canonical equivalence, so two
/// different parameter names or issuers could compare equal; OAuth compares code units (RFC 6749 §3.1,
/// RFC 9207 §2.4: "simple string comparison").
enum ExactText {
    static func equal(_ lhs: String, _ rhs: String) -> Bool {
        guard lhs.utf8.count == rhs.utf8.count else { return false }
        var lhs = lhs
        var rhs = rhs
        return lhs.withUTF8 { left in rhs.withUTF8 { right in left.elementsEqual(right) } }
    }
}
