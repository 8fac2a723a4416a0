import Foundation

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
    // swift-format-ignore: AlwaysUseLowerCamelCase
    public let code_verifier: String
    // swift-format-ignore: AlwaysUseLowerCamelCase
    public let sha256_octets: [UInt8]
    // swift-format-ignore: AlwaysUseLowerCamelCase
    public let code_challenge: String

    public static func load() throws -> RFC7636AppendixB {
        try Vectors.json("RFC/rfc7636-appendix-b.json")
    }
}

/// `Python/apple-identity-tokens.json`: Sign in with Apple identity tokens signed with a fresh RSA key by
/// Python's cryptography and joserfc, with the expected claims, the JWK Set, the time and the nonce.
public struct AppleIdentityTokenVectors: Decodable, Sendable {
    public struct Case: Decodable, Sendable {
        public struct Expected: Decodable, Sendable {
            public let subject: String
            public let email: String?
            public let emailVerified: Bool?
            public let isPrivateEmail: Bool?
            public let realUserStatus: Int?
            public let nonceSupported: Bool?
        }
        public let name: String
        public let token: String
        public let expected: Expected
    }
    public let now: Int64
    public let clientID: String
    public let hashedNonce: String
    public let code: String
    public let cases: [Case]
    /// The `jwks` member as JSON bytes, for `JWKSet(json:)`.
    public let jwksJSON: [UInt8]

    private enum CodingKeys: String, CodingKey {
        case now, clientID, hashedNonce, code, cases, jwks
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        now = try container.decode(Int64.self, forKey: .now)
        clientID = try container.decode(String.self, forKey: .clientID)
        hashedNonce = try container.decode(String.self, forKey: .hashedNonce)
        code = try container.decode(String.self, forKey: .code)
        cases = try container.decode([Case].self, forKey: .cases)
        let jwks = try container.decode([String: [[String: String]]].self, forKey: .jwks)
        jwksJSON = Array(try JSONSerialization.data(withJSONObject: jwks))
    }

    public static func load() throws -> AppleIdentityTokenVectors {
        try Vectors.json("Python/apple-identity-tokens.json")
    }

    /// The token of the case named `name` ("first sign-in", "later sign-in").
    public func token(_ name: String) throws -> String {
        guard let token = cases.first(where: { $0.name == name })?.token else {
            throw Vectors.LoadError(description: "no case '\(name)' in Python/apple-identity-tokens.json")
        }
        return token
    }
}

/// Python/rsa-test-signatures.json: RSASSA-PKCS1-v1_5 SHA-256 signatures by pyca/cryptography with
/// AuthTesting's published RSA test key (generate_rsa_signing.py).
public struct RSATestSignatures: Decodable, Sendable {
    public struct Case: Decodable, Sendable {
        public let message: String
        public let signature: String
    }
    public let source: String
    public let n: String
    public let e: String
    public let d: String
    public let cases: [Case]

    public static func load() throws -> RSATestSignatures {
        try Vectors.json("Python/rsa-test-signatures.json")
    }
}

/// `RFC/www-authenticate-examples.json`: `WWW-Authenticate` examples from RFC 9110, RFC 6750, RFC 9470,
/// RFC 9728 and RFC 9449, with the challenges each carries (parameters as `[name, value]` pairs).
public struct WWWAuthenticateExamples: Decodable, Sendable {
    public struct Challenge: Decodable, Sendable {
        public let scheme: String
        public let parameters: [[String]]
    }
    public struct Case: Decodable, Sendable {
        public let rfc: String
        public let field: String
        public let challenges: [Challenge]
    }
    public let source: String
    public let cases: [Case]

    public static func load() throws -> WWWAuthenticateExamples {
        try Vectors.json("RFC/www-authenticate-examples.json")
    }
}
