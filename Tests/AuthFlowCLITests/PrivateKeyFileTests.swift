// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthClient
import AuthJSON
import AuthJWT
import Foundation
import TestVectors
import Testing

@testable import AuthFlowCLI

/// The key files `login --private-key-file` reads, as OpenSSL writes them (`Vectors/OpenSSL/`).
@Suite("A private_key_jwt key file: JWK, PKCS#8 and SEC1 PEM from OpenSSL; refusals that never show the key")
struct PrivateKeyFileTests {
    struct Expected: Decodable {
        // swift-format-ignore: AlwaysUseLowerCamelCase
        let d_hex: String
        let x: String
        let y: String
    }

    static func file(_ name: String) throws -> [UInt8] { Array(try Vectors.data("OpenSSL/" + name)) }

    @Test("a PKCS#8 PEM, a SEC1 PEM and a JWK of one OpenSSL key all read as that key")
    func formats() throws {
        let expected = try Vectors.json("OpenSSL/p256-expected.json", as: Expected.self)
        for name in ["p256-pkcs8.pem", "p256-sec1.pem", "p256.jwk.json"] {
            let key = try PrivateKeyFile.parse(try Self.file(name), name: name)
            #expect(key.publicJWK["x"]?.stringValue == expected.x, "\(name)")
            #expect(key.publicJWK["y"]?.stringValue == expected.y, "\(name)")
        }
        #expect(try PrivateKeyFile.parse(try Self.file("p256.jwk.json"), name: "jwk").keyID == "openssl-test-key")
    }

    @Test("a P-384 key, an encrypted PEM, a public JWK and other text are refused without their content")
    func refusals() throws {
        let p384 = try Self.file("p384-pkcs8.pem")
        let encrypted = Array(
            "-----BEGIN ENCRYPTED PRIVATE KEY-----\nMIIBvTBXBgkqhkiG9w0BBQ0wSjApBgkq\n-----END ENCRYPTED PRIVATE KEY-----\n".utf8)
        let expected = try Vectors.json("OpenSSL/p256-expected.json", as: Expected.self)
        let publicJWK = Array("{\"kty\":\"EC\",\"crv\":\"P-256\",\"x\":\"\(expected.x)\",\"y\":\"\(expected.y)\"}".utf8)
        let cases: [([UInt8], String)] = [
            (p384, "no P-256"), (encrypted, "encrypted"), (publicJWK, "not a P-256 private JWK"),
            (Array("hunter2-not-a-key".utf8), "neither a JWK nor PEM"),
        ]
        for (bytes, reason) in cases {
            #expect {
                try PrivateKeyFile.parse(bytes, name: "'key.pem'")
            } throws: { error in
                let message = (error as? CLIError)?.message ?? ""
                return message.contains(reason) && message.contains("'key.pem'") && !message.contains("hunter2")
                    && !message.contains("MIIB")
            }
        }
    }

    @Test("truncated DER is refused, not read past its end")
    func truncated() throws {
        let pem = String(decoding: try Self.file("p256-pkcs8.pem"), as: UTF8.self)
        let der = try #require(PrivateKeyFile.pemBody(pem, label: "PRIVATE KEY"))
        for length in [0, 1, 2, 10, 30, der.count - 1] {
            #expect(PrivateKeyFile.pkcs8(Array(der.prefix(length))) == nil, "\(length) bytes")
        }
        #expect(PrivateKeyFile.pkcs8(der) != nil)
    }
}
