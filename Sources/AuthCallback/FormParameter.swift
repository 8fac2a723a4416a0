// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// One `name=value` pair of `application/x-www-form-urlencoded` data, decoded: the format of OAuth
/// parameters in a redirect's query or fragment and in a `form_post` body (RFC 6749 Appendix B).
///
/// ```swift
/// let pairs = try FormParameter.parse(Array("code=a%2Fb&state=x+y".utf8))
/// pairs[0].value    // "a/b"
/// pairs[1].value    // "x y"   — '+' is a space here, and only here
/// ```
public struct FormParameter: Hashable, Sendable {
    public let name: String
    public let value: String
    /// The authorization-response parameter the name is, if it is one the checks read.
    let known: ResponseParameter?

    public init(name: String, value: String) {
        self.init(name: name, value: value, known: ResponseParameter.named(name))
    }

    init(name: String, value: String, known: ResponseParameter?) {
        self.name = name
        self.value = value
        self.known = known
    }

    /// Splits on `&`, then on the first `=`, and percent-decodes both sides with `+` as a space. Empty
    /// segments (`a=1&&b=2`) are skipped; a segment without `=` is a name with an empty value.
    public static func parse(_ bytes: [UInt8]) throws(AuthCallbackError) -> [FormParameter] {
        try bytes.withUnsafeBufferPointer { bytes in
            Result { () throws(AuthCallbackError) in
                guard let base = bytes.baseAddress else { return [] }
                return try parse(base, 0..<bytes.count)
            }
        }.get()
    }

    /// Above this many bytes, ``parse(_:_:)`` counts the fields before decoding them.
    static let largeInput = 1024

    /// Parses `base[range]`; offsets in errors count from `base`. The text is decoded in one pass into
    /// scratch space (``FormDecoding``), and each name and value is made a string from there; a name the
    /// checks read is the constant string.
    static func parse(_ base: UnsafePointer<UInt8>, _ range: Range<Int>) throws(AuthCallbackError) -> [FormParameter] {
        var parameters: [FormParameter] = []
        // A callback has a handful of parameters: room for eight (fewer if the text cannot hold them). A large
        // input (a form_post body, a hostile query) is counted first, so the array is made once at its size
        // instead of growing by copies to up to twice it.
        parameters.reserveCapacity(
            range.count > largeInput ? FormDecoding.fieldCount(base, range) : min((range.count + 1) / 2, 8))
        var failure: AuthCallbackError?
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: range.count) { scratch in
            guard let output = scratch.baseAddress else { return }
            func text(_ start: Int, _ end: Int) -> String {
                String(decoding: UnsafeBufferPointer(start: output + start, count: end - start), as: UTF8.self)
            }
            do throws(AuthCallbackError) {
                _ = try FormDecoding.decode(base, range, into: output) { field in
                    parameters.append(
                        FormParameter(
                            name: field.known?.name ?? text(field.nameStart, field.nameEnd), value: text(field.valueStart, field.valueEnd),
                            known: field.known))
                }
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        return parameters
    }

    /// Encodes parameters for a query or a form body: every byte outside `A–Z a–z 0–9 - . _ ~` is
    /// percent-encoded (a space as `%20`, which both URI queries and form decoders read as a space).
    ///
    /// ```swift
    /// FormParameter.encode([FormParameter(name: "scope", value: "name email")])   // "scope=name%20email"
    /// ```
    public static func encode(_ parameters: [FormParameter]) -> String {
        var bytes: [UInt8] = []
        for (index, parameter) in parameters.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: "&")) }
            appendEncoded(parameter.name, to: &bytes)
            bytes.append(UInt8(ascii: "="))
            appendEncoded(parameter.value, to: &bytes)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Encodes one name or value the same way, e.g. the client id and secret of HTTP Basic client
    /// authentication (RFC 6749 §2.3.1).
    ///
    /// ```swift
    /// FormParameter.encode(component: "a b:c")   // "a%20b%3Ac"
    /// ```
    public static func encode(component text: String) -> String {
        var bytes: [UInt8] = []
        appendEncoded(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func appendEncoded(_ text: String, to bytes: inout [UInt8]) {
        let hex: StaticString = "0123456789ABCDEF"
        for byte in text.utf8 {
            if CharacterSet.has(byte, .unreserved) {
                bytes.append(byte)
            } else {
                bytes += [UInt8(ascii: "%"), hex.utf8Start[Int(byte >> 4)], hex.utf8Start[Int(byte & 0x0f)]]
            }
        }
    }

    public static func == (lhs: FormParameter, rhs: FormParameter) -> Bool {
        ExactText.equal(lhs.name, rhs.name) && ExactText.equal(lhs.value, rhs.value)
    }

    public func hash(into hasher: inout Hasher) {
        for byte in name.utf8 { hasher.combine(byte) }
        hasher.combine(0xff as UInt8)
        for byte in value.utf8 { hasher.combine(byte) }
    }
}
