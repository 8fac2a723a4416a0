import TestVectors

/// The RFC 7636 Appendix B example and the Python-computed challenges, shared by the PKCE suites.
struct AppendixB: Decodable {
    let octets: [UInt8]
    let code_verifier: String
    let sha256_octets: [UInt8]
    let code_challenge: String

    static func load() throws -> AppendixB {
        try Vectors.json("RFC/rfc7636-appendix-b.json")
    }
}

struct PythonChallenges: Decodable {
    struct Case: Decodable {
        let verifier: String
        let challenge: String
    }
    let cases: [Case]

    static func load() throws -> PythonChallenges {
        try Vectors.json("Python/pkce-s256-random.json")
    }
}
