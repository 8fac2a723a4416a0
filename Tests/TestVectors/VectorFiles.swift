// Typed models of the vector files that several test suites read, so each file is described once.

/// `RFC/rfc4648-section-10.json`: RFC 4648 §10's BASE64 and BASE16 examples.
public struct RFC4648Vectors: Decodable, Sendable {
    public struct Case: Decodable, Sendable {
        public let text: String
        public let encoded: String
    }
    public let base64: [Case]
    public let base16: [Case]

    public static func load() throws -> RFC4648Vectors {
        try Vectors.json("RFC/rfc4648-section-10.json")
    }
}

/// `RFC/rfc7636-appendix-b.json`: the S256 example of RFC 7636 Appendix B. Field names follow the RFC.
public struct RFC7636AppendixB: Decodable, Sendable {
    public let octets: [UInt8]
    public let code_verifier: String
    public let sha256_octets: [UInt8]
    public let code_challenge: String

    public static func load() throws -> RFC7636AppendixB {
        try Vectors.json("RFC/rfc7636-appendix-b.json")
    }
}
