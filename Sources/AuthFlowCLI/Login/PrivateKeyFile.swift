// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthBase64URL
import AuthJWT

/// The client's private key for `private_key_jwt` (`--private-key-file FILE`): a P-256 key, as a JWK
/// (RFC 7517, `{"kty":"EC","crv":"P-256","d":…}`, its `kid` kept for the assertion's header) or as PEM — PKCS#8
/// (`BEGIN PRIVATE KEY`, RFC 5208 / RFC 5915 inside, what `openssl genpkey -algorithm EC -pkeyopt
/// ec_paramgen_curve:P-256` writes) or SEC1 (`BEGIN EC PRIVATE KEY`, RFC 5915). An encrypted PEM, an RSA key
/// or another curve is refused with what to do. Errors name the file, never its content.
enum PrivateKeyFile {
    static let limit = 64 << 10

    /// Reads and parses the key at `path` (`-`: standard input).
    static func read(_ path: String, terminal: some Terminal) throws(CLIError) -> P256PrivateKey {
        let bytes = try terminal.readAll(path, limit: limit)
        return try parse(bytes, name: "'\(path)'")
    }

    /// The key in `bytes` (a JWK or PEM); `name` says where it came from, for errors.
    static func parse(_ bytes: [UInt8], name: String) throws(CLIError) -> P256PrivateKey {
        let text = String(decoding: bytes, as: UTF8.self)
        let trimmed = text.drop { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" }
        if trimmed.hasPrefix("{") {
            do {
                return try P256PrivateKey(jwk: Array(trimmed.utf8))
            } catch {
                throw .failure("the private key file \(name) is not a P-256 private JWK (\(error.code))")
            }
        }
        guard trimmed.hasPrefix("-----BEGIN ") else {
            throw .failure("the private key file \(name) is neither a JWK nor PEM: give a P-256 key as a JWK or PKCS#8 PEM")
        }
        if text.contains("ENCRYPTED") {
            throw .failure(
                "the private key file \(name) is encrypted: decrypt it first (openssl pkcs8 -in KEY -out PLAIN.pem), and keep that file 0600"
            )
        }
        for (label, read) in [("PRIVATE KEY", pkcs8), ("EC PRIVATE KEY", sec1)] as [(String, ([UInt8]) -> [UInt8]?)] {
            guard let der = pemBody(text, label: label) else { continue }
            guard let scalar = read(der), let key = try? P256PrivateKey(rawRepresentation: scalar) else {
                throw .failure(
                    "the private key file \(name) holds no P-256 (prime256v1) EC key: private_key_jwt here signs with ES256 only")
            }
            return key
        }
        throw .failure("the private key file \(name) has no 'BEGIN PRIVATE KEY' or 'BEGIN EC PRIVATE KEY' block")
    }

    /// The DER bytes between `-----BEGIN label-----` and `-----END label-----` (RFC 7468 §2).
    static func pemBody(_ text: String, label: String) -> [UInt8]? {
        let begin = "-----BEGIN \(label)-----"
        let end = "-----END \(label)-----"
        guard let start = text.firstRange(of: begin)?.upperBound, let stop = text[start...].firstRange(of: end)?.lowerBound else {
            return nil
        }
        // The standard alphabet (RFC 4648 §4) mapped onto base64url's, padding and line breaks allowed.
        let body = text[start..<stop].utf8.map { byte -> UInt8 in
            byte == UInt8(ascii: "+") ? UInt8(ascii: "-") : byte == UInt8(ascii: "/") ? UInt8(ascii: "_") : byte
        }
        return try? Base64URL.decode(bytes: body, options: [.allowPadding, .ignoreWhitespace])
    }

    // MARK: DER (X.690), only as far as these two structures need

    /// 1.2.840.10045.2.1 (id-ecPublicKey) and 1.2.840.10045.3.1.7 (prime256v1), RFC 5480 §2.1.1.
    static let ecPublicKey: [UInt8] = [0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01]
    static let prime256v1: [UInt8] = [0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07]

    /// PrivateKeyInfo (RFC 5208 §5) of an EC key on P-256: the scalar of the ECPrivateKey inside.
    static func pkcs8(_ der: [UInt8]) -> [UInt8]? {
        guard let outer = element(der[...], tag: 0x30), outer.rest.isEmpty else { return nil }
        guard let version = element(outer.content, tag: 0x02), version.content.elementsEqual([0]),
            let algorithm = element(version.rest, tag: 0x30),
            let type = element(algorithm.content, tag: 0x06), type.content.elementsEqual(ecPublicKey),
            let curve = element(type.rest, tag: 0x06), curve.content.elementsEqual(prime256v1),
            let key = element(algorithm.rest, tag: 0x04)
        else { return nil }
        return sec1(Array(key.content))
    }

    /// ECPrivateKey (RFC 5915 §3): the 32-byte private key; its curve, when named, must be P-256.
    static func sec1(_ der: [UInt8]) -> [UInt8]? {
        guard let outer = element(der[...], tag: 0x30), let version = element(outer.content, tag: 0x02),
            version.content.elementsEqual([1]), let key = element(version.rest, tag: 0x04), key.content.count == 32
        else { return nil }
        if let parameters = element(key.rest, tag: 0xA0) {
            guard let curve = element(parameters.content, tag: 0x06), curve.content.elementsEqual(prime256v1) else { return nil }
        }
        return Array(key.content)
    }

    /// The first element of `bytes` if its tag is `tag` (definite lengths only, as DER requires): its content
    /// and what follows it.
    static func element(_ bytes: ArraySlice<UInt8>, tag: UInt8) -> (content: ArraySlice<UInt8>, rest: ArraySlice<UInt8>)? {
        var index = bytes.startIndex
        guard index < bytes.endIndex, bytes[index] == tag else { return nil }
        index += 1
        guard index < bytes.endIndex else { return nil }
        var length = Int(bytes[index])
        index += 1
        if length & 0x80 != 0 {
            let count = length & 0x7F
            guard (1...3).contains(count), bytes.endIndex - index >= count else { return nil }
            length = 0
            for _ in 0..<count {
                length = length << 8 | Int(bytes[index])
                index += 1
            }
        }
        guard bytes.endIndex - index >= length else { return nil }
        return (bytes[index..<index + length], bytes[(index + length)...])
    }
}
