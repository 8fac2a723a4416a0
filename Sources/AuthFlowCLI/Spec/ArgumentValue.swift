// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// A type an option or operand value converts to; the parser checks every value before the command runs,
/// so a bad value is a usage error (exit 2) naming the option and what it takes.
protocol ArgumentValue: Sendable {
    /// The value, or nil when `argument` is not one.
    init?(argument: String)
    /// What a value must be, for errors: "a whole number", "a port number (0 to 65535)".
    static var expectation: String { get }
    /// The only values allowed, or nil for any (also the default shell completion).
    static var allowedValues: [String]? { get }
}

extension ArgumentValue {
    static var allowedValues: [String]? { nil }
}

extension ArgumentValue where Self: CaseIterable & RawRepresentable<String> {
    init?(argument: String) { self.init(rawValue: argument) }
    static var expectation: String { "one of " + (allowedValues ?? []).joined(separator: ", ") }
    static var allowedValues: [String]? { allCases.map(\.rawValue) }
}

extension String: ArgumentValue {
    init?(argument: String) { self = argument }
    static var expectation: String { "text" }
}

extension Int: ArgumentValue {
    init?(argument: String) { self.init(argument) }
    static var expectation: String { "a whole number" }
}

extension Int64: ArgumentValue {
    init?(argument: String) { self.init(argument) }
    static var expectation: String { "a whole number" }
}

extension UInt16: ArgumentValue {
    init?(argument: String) { self.init(argument) }
    static var expectation: String { "a port number (0 to 65535)" }
}

extension Double: ArgumentValue {
    init?(argument: String) {
        guard let value = Double(argument), value.isFinite else { return nil }
        self = value
    }
    static var expectation: String { "a number" }
}
