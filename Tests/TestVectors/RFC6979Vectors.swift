// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// `RFC/rfc6979-p256-sha256.json`: RFC 6979 §A.2.5, the P-256 key and the SHA-256 signatures of "sample"
/// and "test" (k, r, s), with the low-s form of s.
public struct RFC6979Vectors: Decodable, Sendable {
    public struct Case: Decodable, Sendable {
        public let message: String
        public let k: String
        public let r: String
        public let s: String
        public let lowS: String
    }
    public let privateKey: String
    public let publicX: String
    public let publicY: String
    public let cases: [Case]

    public static func load() throws -> RFC6979Vectors {
        try Vectors.json("RFC/rfc6979-p256-sha256.json")
    }
}

/// `RFC/jwk-thumbprints.json`: RFC 7638 §3.1's RSA example, RFC 9449's P-256 example and RFC 8037
/// Appendix A.3's Ed25519 example with their JWK thumbprints.
public struct JOSEThumbprintVectors: Decodable, Sendable {
    public struct Case: Decodable, Sendable {
        public let source: String
        public let jwk: String
        public let thumbprint: String
    }
    public let cases: [Case]

    public static func load() throws -> JOSEThumbprintVectors {
        try Vectors.json("RFC/jwk-thumbprints.json")
    }
}
