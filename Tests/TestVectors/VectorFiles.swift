// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

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

/// A Wycheproof signature-verification file (`Wycheproof/*.json`: RSASSA-PKCS1-v1_5, RSASSA-PSS, EdDSA, ECDSA), with the
/// fields AuthFlow's tests read. Keys come as hex (`publicKey`) and as a JWK; each test has a verdict:
/// "valid", "invalid", or "acceptable" (either verdict is allowed; the test says which one AuthFlow gives).
public struct WycheproofSignatureFile: Decodable, Sendable {
    public struct PublicKey: Decodable, Sendable {
        /// RSA: the modulus and exponent as hex (the modulus may have a leading 00 octet).
        public let modulus: String?
        public let publicExponent: String?
        /// EdDSA: the 32-byte public key as hex.
        public let pk: String?
        /// ECDSA: the affine coordinates as hex (possibly with a leading 00 octet).
        public let wx: String?
        public let wy: String?
    }
    public struct Test: Decodable, Sendable {
        public let tcId: Int
        public let comment: String
        public let msg: String
        public let sig: String
        public let result: String
        public let flags: [String]
    }
    public struct Group: Decodable, Sendable {
        public let publicKey: PublicKey
        public let sha: String?
        public let sLen: Int?
        public let tests: [Test]
    }
    public let algorithm: String
    public let numberOfTests: Int
    public let testGroups: [Group]

    public static func load(_ name: String) throws -> WycheproofSignatureFile {
        try Vectors.json("Wycheproof/" + name)
    }
}

/// `RFC/jose-more-algorithms.json`: RFC 7520 §4.2 (PS384) and RFC 8037 §A.4 (EdDSA) with their public JWKs.
public struct JOSEMoreAlgorithmsExamples: Decodable, Sendable {
    public struct Example: Decodable, Sendable {
        public let name: String
        public let algorithm: String
        public let compact: String
        public let payload: String
        /// The `jwk` member as JSON bytes, for `JWK(json:)`.
        public let jwkJSON: [UInt8]

        private enum CodingKeys: String, CodingKey {
            case name, algorithm, compact, payload, jwk
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            algorithm = try container.decode(String.self, forKey: .algorithm)
            compact = try container.decode(String.self, forKey: .compact)
            payload = try container.decode(String.self, forKey: .payload)
            jwkJSON = Array(try JSONSerialization.data(withJSONObject: try container.decode([String: String].self, forKey: .jwk)))
        }
    }
    public let examples: [Example]

    public static func load() throws -> JOSEMoreAlgorithmsExamples {
        try Vectors.json("RFC/jose-more-algorithms.json")
    }
}

/// `RFC/rfc8032-section-7.1.json`: the Ed25519 test vectors of RFC 8032 §7.1 (hex public key, message, signature).
public struct RFC8032Vectors: Decodable, Sendable {
    public struct Case: Decodable, Sendable {
        public let name: String
        public let publicKey: String
        public let message: String
        public let signature: String
    }
    public let cases: [Case]

    public static func load() throws -> RFC8032Vectors {
        try Vectors.json("RFC/rfc8032-section-7.1.json")
    }
}

/// `Speccheck/ed25519-speccheck.json`: the Ed25519 edge cases of ed25519-speccheck (Chalkias, Garillot and
/// Nikolaenko, "Taming the many EdDSAs"): the eight small-order points, six non-canonical encodings of such
/// points, and twelve signatures with the verdict a strict verifier (libsodium's) gives each.
public struct Ed25519SpecCheckVectors: Decodable, Sendable {
    public struct Point: Decodable, Sendable {
        public let encoding: String
        public let comment: String
        /// The point's order (1, 2, 4 or 8); only for the canonical encodings.
        public let order: Int?
    }
    public struct Case: Decodable, Sendable {
        public let index: Int
        public let message: String
        public let publicKey: String
        public let signature: String
        /// The condition table's line for the case: S, the orders of A and R, and the comment.
        public let condition: String
        /// Whether the cofactored ([8]·[S]B = [8]R + [8]·[k]A) and the cofactorless ([S]B = R + [k]A) equations hold.
        public let cofactoredEquationHolds: Bool
        public let cofactorlessEquationHolds: Bool
        /// "valid" or "invalid": libsodium's verdict in the repository's results table.
        public let strictVerdict: String
    }
    public let source: String
    public let eightTorsion: [Point]
    public let eightTorsionNonCanonical: [Point]
    public let cases: [Case]

    public static func load() throws -> Ed25519SpecCheckVectors {
        try Vectors.json("Speccheck/ed25519-speccheck.json")
    }
}

/// `RFC/discovery-registration-examples.json`: the examples of RFC 8414 §3, RFC 9728 §3 and §5.1 and RFC 7591
/// §3.2, transcribed; documents as JSON text. Field names follow the RFC sections.
public struct DiscoveryRegistrationExamples: Decodable, Sendable {
    public struct WellKnown: Decodable, Sendable {
        public let issuer: String?
        public let resource: String?
        public let metadataURL: String
    }
    // swift-format-ignore: AlwaysUseLowerCamelCase
    public let rfc8414_section_3_1: WellKnown
    // swift-format-ignore: AlwaysUseLowerCamelCase
    public let rfc8414_section_3_2_response: String
    // swift-format-ignore: AlwaysUseLowerCamelCase
    public let rfc9728_section_3_1: WellKnown
    // swift-format-ignore: AlwaysUseLowerCamelCase
    public let rfc9728_section_3_2_response: String
    // swift-format-ignore: AlwaysUseLowerCamelCase
    public let rfc9728_section_5_1_challenge: String
    // swift-format-ignore: AlwaysUseLowerCamelCase
    public let rfc7591_section_3_2_1_response: String
    // swift-format-ignore: AlwaysUseLowerCamelCase
    public let rfc7591_section_3_2_2_errors: [String]

    public static func load() throws -> DiscoveryRegistrationExamples {
        try Vectors.json("RFC/discovery-registration-examples.json")
    }
}

/// `RFC/mcp-2025-11-25-examples.json`: the MCP authorization specification 2025-11-25's example Client ID
/// Metadata Document and `WWW-Authenticate` examples, and the 403 the MCP Python SDK's bearer middleware sends
/// (scope only in `error_description`), transcribed.
public struct MCPAuthorizationExamples: Decodable, Sendable {
    // swift-format-ignore: AlwaysUseLowerCamelCase
    public let client_metadata_document_url: String
    // swift-format-ignore: AlwaysUseLowerCamelCase
    public let client_metadata_document: String
    // swift-format-ignore: AlwaysUseLowerCamelCase
    public let insufficient_scope_challenge: String
    // swift-format-ignore: AlwaysUseLowerCamelCase
    public let scope_guidance_challenge: String
    // swift-format-ignore: AlwaysUseLowerCamelCase
    public let mcp_sdk_insufficient_scope_challenge: String

    public static func load() throws -> MCPAuthorizationExamples {
        try Vectors.json("RFC/mcp-2025-11-25-examples.json")
    }
}

/// `Python/mcp-sdk-client-id-urls.json`: URLs and whether the MCP Python SDK's `is_valid_client_metadata_url`
/// accepts them as a Client ID Metadata Document `client_id` (https with a non-root path).
public struct MCPSDKClientIDURLs: Decodable, Sendable {
    public struct Case: Decodable, Sendable {
        public let url: String
        public let valid: Bool
    }
    public let cases: [Case]

    public static func load() throws -> MCPSDKClientIDURLs {
        try Vectors.json("Python/mcp-sdk-client-id-urls.json")
    }
}

/// Python/rsa-crt-powers.json: modular powers and reductions modulo the primes of AuthTesting's RSA test
/// key, by Python's `pow()` and `%` (generate_rsa_crt.py), for the test signer's CRT arithmetic.
public struct RSACRTVectors: Decodable, Sendable {
    public struct Power: Decodable, Sendable {
        public let modulus: String
        public let base: String
        public let exponent: String
        public let power: String
    }
    public struct Reduction: Decodable, Sendable {
        public let modulus: String
        public let value: String
        public let remainder: String
    }
    public let source: String
    public let powers: [Power]
    public let reductions: [Reduction]

    public static func load() throws -> RSACRTVectors {
        try Vectors.json("Python/rsa-crt-powers.json")
    }
}

/// Python/rsa-window-powers.json: Python's pow() modulo odd moduli of 1–64 limbs, with exponents around every
/// window-width change of the sliding-window exponentiation.
public struct RSAWindowVectors: Decodable, Sendable {
    public let source: String
    public let powers: [RSACRTVectors.Power]

    public static func load() throws -> RSAWindowVectors {
        try Vectors.json("Python/rsa-window-powers.json")
    }
}

/// `RFC/rfc9396-examples.json`: every JSON figure of RFC 9396 that is an `authorization_details` array (§2,
/// §2.2, §3, §6.1) or a token response carrying one (§7, §7.1), as printed, with Python's compact
/// serialization and the entries' types; made by `Python/generate_rfc9396.py` from the RFC Editor's XML.
public struct RFC9396Examples: Decodable, Sendable {
    public struct Details: Decodable, Sendable {
        public let section: String
        public let title: String
        public let text: String
        public let compact: String
        public let types: [String]
    }
    public struct TokenResponse: Decodable, Sendable {
        public let section: String
        public let title: String
        public let body: String
        /// The `authorization_details` member, compact.
        public let compact: String
        public let types: [String]
    }
    public let details: [Details]
    public let tokenResponses: [TokenResponse]

    public static func load() throws -> RFC9396Examples {
        try Vectors.json("RFC/rfc9396-examples.json")
    }
}
