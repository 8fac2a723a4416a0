// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

extension JSONValue {
    /// Limits and rules for parsing; the defaults suit JOSE headers, claims and JWK sets.
    public struct ParsingOptions: Hashable, Sendable {
        /// The most bytes accepted; larger input is refused before parsing. Default 1 MiB.
        public var maximumInputSize: Int
        /// The deepest nesting of arrays and objects accepted. Default 32.
        ///
        /// Clamped to 0 through ``maximumSupportedDepth`` (128): a larger value, up to `Int.max`, reads back
        /// as 128, a negative one as 0. Parsing, comparing, hashing, serializing and freeing a value all
        /// recurse once per level, so an unbounded depth would let a hostile document (55,000 `[`) overflow
        /// the stack and crash the process instead of getting ``AuthJSONError/nestingTooDeep(offset:limit:)``.
        public var maximumDepth: Int {
            get { clampedDepth }
            set { clampedDepth = Self.clamp(newValue) }
        }

        private var clampedDepth: Int

        /// The largest ``maximumDepth`` any options allow: 128 levels.
        ///
        /// Measured in a debug build: parsing, serializing, comparing, hashing and printing a value nest
        /// about 1.3 KiB of stack per level, so 128 levels stay under a quarter of a 512 KiB secondary
        /// thread (Apple platforms' default), leaving the rest to the caller. OAuth and JOSE documents
        /// rarely nest past 5 levels.
        public static let maximumSupportedDepth = 128

        public init(maximumInputSize: Int = 1 << 20, maximumDepth: Int = 32) {
            self.maximumInputSize = maximumInputSize
            clampedDepth = Self.clamp(maximumDepth)
        }

        private static func clamp(_ depth: Int) -> Int { min(max(depth, 0), maximumSupportedDepth) }
    }

    /// Parses one JSON text (RFC 8259 §2) from UTF-8 bytes.
    ///
    /// Strict where JOSE needs strictness, and refusing with an ``AuthJSONError`` that gives the byte offset:
    /// - duplicate member names in an object (RFC 7515 §5.2);
    /// - input larger than ``ParsingOptions/maximumInputSize`` or nested deeper than
    ///   ``ParsingOptions/maximumDepth`` (at most ``ParsingOptions/maximumSupportedDepth``, so no input
    ///   can exhaust the stack);
    /// - invalid UTF-8 (RFC 8259 §8.1), a byte order mark, escapes of lone surrogates (§8.2);
    /// - anything outside the grammar: `NaN`, `Infinity`, leading zeros, `+1`, single quotes, comments,
    ///   trailing commas, control characters in strings, content after the value.
    ///
    /// ```swift
    /// let value = try JSONValue(parsing: Array(#"{"a":[1,true,null]}"#.utf8))
    /// ```
    public init(parsing bytes: some Sequence<UInt8>, options: ParsingOptions = ParsingOptions()) throws(AuthJSONError) {
        let parsed: Result<JSONValue, AuthJSONError>? = bytes.withContiguousStorageIfAvailable { buffer in
            Result { () throws(AuthJSONError) in try Self.parse(buffer, options: options) }
        }
        if let parsed {
            self = try parsed.get()
        } else {
            self = try Array(bytes).withUnsafeBufferPointer { (buffer) throws(AuthJSONError) in
                try Self.parse(buffer, options: options)
            }
        }
    }

    /// Parses one JSON text from a string.
    public init(parsing text: String, options: ParsingOptions = ParsingOptions()) throws(AuthJSONError) {
        try self.init(parsing: text.utf8, options: options)
    }

    private static func parse(
        _ buffer: UnsafeBufferPointer<UInt8>,
        options: ParsingOptions
    ) throws(AuthJSONError) -> JSONValue {
        guard buffer.count <= options.maximumInputSize else {
            throw .inputTooLarge(size: buffer.count, limit: options.maximumInputSize)
        }
        var parser = Parser(input: buffer, maximumDepth: options.maximumDepth)
        return try parser.parseDocument()
    }
}
