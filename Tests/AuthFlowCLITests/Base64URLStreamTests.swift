// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthBase64URL
import Testing

@testable import AuthFlowCLI

/// The streaming encoder and decoder against the library's whole-input functions (the oracle, itself
/// proven by the RFC 4648 vectors in AuthBase64URLTests), for every way of cutting the input into chunks.
@Suite("base64url in constant memory, chunk by chunk")
struct Base64URLStreamTests {
    /// SplitMix64, so that the random inputs are the same on every run.
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static func streamEncode(_ input: [UInt8], chunk: Int) -> [UInt8] {
        var encoder = Base64URLStreamEncoder()
        var output: [UInt8] = []
        var start = 0
        while start < input.count {
            let end = min(start + chunk, input.count)
            input[start..<end].withUnsafeBytes { output += encoder.encode($0) }
            start = end
        }
        return output + encoder.finish()
    }

    static func streamDecode(_ input: [UInt8], chunk: Int, options: Base64URL.DecodingOptions) -> Result<[UInt8], AuthBase64URLError> {
        var decoder = Base64URLStreamDecoder(options: options)
        var output: [UInt8] = []
        var start = 0
        do throws(AuthBase64URLError) {
            while start < input.count {
                let end = min(start + chunk, input.count)
                let slice = Array(input[start..<end])
                let decoded = slice.withUnsafeBytes { buffer in
                    Result { () throws(AuthBase64URLError) in try decoder.decode(buffer) }
                }
                output += try decoded.get()
                start = end
            }
            output += try decoder.finish()
            return .success(output)
        } catch {
            return .failure(error)
        }
    }

    /// The whole-input answer, after the CLI's one ignored trailing line break.
    static func oracle(_ input: [UInt8], options: Base64URL.DecodingOptions) -> Result<[UInt8], AuthBase64URLError> {
        var text = input
        if text.last == UInt8(ascii: "\n") { text.removeLast() }
        if text.last == UInt8(ascii: "\r") { text.removeLast() }
        return Result { () throws(AuthBase64URLError) in try Base64URL.decode(bytes: text, options: options) }
    }

    @Test("RFC 4648 §10 vectors, unpadded, encode and decode in chunks of every size")
    func rfc4648() throws {
        let vectors = [
            ("", ""), ("f", "Zg"), ("fo", "Zm8"), ("foo", "Zm9v"), ("foob", "Zm9vYg"), ("fooba", "Zm9vYmE"), ("foobar", "Zm9vYmFy"),
        ]
        for (plain, encoded) in vectors {
            for chunk in 1...7 {
                #expect(Self.streamEncode(Array(plain.utf8), chunk: chunk) == Array(encoded.utf8))
                #expect(try Self.streamDecode(Array((encoded + "\n").utf8), chunk: chunk, options: []).get() == Array(plain.utf8))
            }
        }
    }

    @Test("encoding random bytes in random chunks equals encoding them whole")
    func encodeRandom() {
        var random = SeededGenerator(state: 7)
        for _ in 0..<200 {
            let input = (0..<Int.random(in: 0...300, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            let chunk = Int.random(in: 1...20, using: &random)
            #expect(Self.streamEncode(input, chunk: chunk) == Base64URL.encodedBytes(input))
        }
    }

    @Test("decoding gives the library's bytes or its exact error and offset, strict and lenient", arguments: [false, true])
    func decodeRandom(lenient: Bool) {
        let options: Base64URL.DecodingOptions = lenient ? [.allowPadding, .ignoreWhitespace] : []
        // Mostly alphabet, with the characters that make the rules interesting.
        let pieces: [UInt8] = Array("AZaz09-_QgZm9v".utf8) + Array("==\n\r \t+/!".utf8)
        var random = SeededGenerator(state: lenient ? 11 : 13)
        var failures = 0
        for _ in 0..<4000 {
            var input = (0..<Int.random(in: 0...24, using: &random)).map { _ in
                Bool.random(using: &random) ? pieces[Int.random(in: 0..<14, using: &random)] : pieces.randomElement(using: &random) ?? 0
            }
            if Int.random(in: 0..<4, using: &random) == 0 { input += Array("\n".utf8) }
            let expected = Self.oracle(input, options: options)
            if case .failure = expected { failures += 1 }
            for chunk in [1, 2, 3, 4, 5, 8, 64] {
                let actual = Self.streamDecode(input, chunk: chunk, options: options)
                #expect(actual == expected, "\(String(decoding: input, as: UTF8.self).debugDescription) in chunks of \(chunk)")
            }
        }
        // Both outcomes were exercised.
        #expect(failures > 100 && failures < 3900)
    }

    @Test("decoding valid random text in random chunks equals decoding it whole")
    func decodeValidRandom() throws {
        var random = SeededGenerator(state: 17)
        for _ in 0..<200 {
            let bytes = (0..<Int.random(in: 0...300, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            let text = Base64URL.encodedBytes(bytes) + [UInt8(ascii: "\n")]
            #expect(try Self.streamDecode(text, chunk: Int.random(in: 1...40, using: &random), options: []).get() == bytes)
        }
    }
}
