// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

// The one loader for AuthFlow's test vectors (see Vectors/README.md for where each file comes from).
//
// Test support only: it uses Foundation to find and read the bundled resources, which the modules under
// test never do.
public import Foundation

/// Reads the vector files bundled under `Tests/TestVectors/Vectors`.
public enum Vectors {
    /// A vector file that is missing or malformed; a test that hits it fails with this message.
    public struct LoadError: Error, CustomStringConvertible {
        public let description: String
    }

    /// The raw bytes of `path`, relative to the Vectors folder (for example `"NIST/SHA256Monte.rsp"`).
    public static func data(_ path: String) throws -> Data {
        guard let root = Bundle.module.url(forResource: "Vectors", withExtension: nil) else {
            throw LoadError(description: "the Vectors folder is not in the test bundle")
        }
        let url = root.appendingPathComponent(path)
        do {
            return try Data(contentsOf: url)
        } catch {
            throw LoadError(description: "cannot read vector file \(path): \(error)")
        }
    }

    /// The text of `path`, as UTF-8.
    public static func text(_ path: String) throws -> String {
        String(decoding: try data(path), as: UTF8.self)
    }

    /// `path` decoded as JSON into `type`.
    public static func json<T: Decodable>(_ path: String, as type: T.Type = T.self) throws -> T {
        do {
            return try JSONDecoder().decode(T.self, from: data(path))
        } catch let error as LoadError {
            throw error
        } catch {
            throw LoadError(description: "vector file \(path) does not match \(T.self): \(error)")
        }
    }

    /// The records of a NIST CAVP response file (also the RFC 4231 file, which uses the same layout):
    /// blank-line separated groups of `Name = value` lines, with `#` comments skipped. Each record maps
    /// names to values; the `[…]` header of the section it is in (such as `[P-256,SHA-256]`) is under the
    /// key `"[section]"`.
    public static func nistRecords(_ path: String) throws -> [[String: String]] {
        var records: [[String: String]] = []
        var current: [String: String] = [:]
        var section = ""
        // CAVP files use CRLF; "\r\n" is one Character in Swift, so split on any newline character.
        for rawLine in try text(path).split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            let line = rawLine.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty {
                if !current.isEmpty { records.append(current) }
                current = [:]
                continue
            }
            if line.hasPrefix("#") { continue }
            if line.hasPrefix("[") {
                section = line
                continue
            }
            if current.isEmpty { current["[section]"] = section }
            let parts = line.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { throw LoadError(description: "\(path): unreadable line '\(line)'") }
            current[parts[0].trimmingCharacters(in: .whitespaces)] = parts[1].trimmingCharacters(in: .whitespaces)
        }
        if !current.isEmpty { records.append(current) }
        return records
    }

    /// Lowercase hex of `bytes`, formatted by Foundation rather than by the code under test.
    public static func hexString(_ bytes: some Sequence<UInt8>) -> String {
        bytes.map { String(format: "%02x", $0) }.joined()
    }

    /// Bytes from hex text in a vector file.
    ///
    /// Deliberately separate from AuthDigest's `Hex`, so that expectations are not decoded by the code
    /// under test.
    public static func bytes(hex: String) throws -> [UInt8] {
        let digits = Array(hex.utf8)
        guard digits.count % 2 == 0 else { throw LoadError(description: "odd-length hex in a vector file") }
        return try stride(from: 0, to: digits.count, by: 2).map { index in
            guard let byte = UInt8(String(decoding: digits[index..<index + 2], as: UTF8.self), radix: 16) else {
                throw LoadError(description: "non-hex text in a vector file")
            }
            return byte
        }
    }
}
