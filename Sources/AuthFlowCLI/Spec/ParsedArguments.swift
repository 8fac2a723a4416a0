// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// The arguments of one command line, parsed and checked against the command's ``CommandSpec``; read
/// them with the same constants the spec lists.
///
/// ```swift
/// let issuer = try arguments.required(Self.issuer)   // String; a usage error if absent
/// let port = arguments.value(Self.port) ?? 0          // UInt16?, already converted and checked
/// let scopes = arguments.values(Self.scope)           // [String], in command-line order
/// let quiet = arguments.isSet(Self.quiet)             // Bool
/// let token = try arguments.required(Self.token)     // an operand; "-" when it is standard input
/// ```
///
/// Reading a constant the spec did not declare is a programming error: it asserts in debug builds and
/// reads as absent in release builds. The spec-level tests run every command's declaration.
struct ParsedArguments: Sendable {
    /// The words that selected the command: `["jwt", "verify"]`.
    let path: [String]
    /// The declaration the arguments were parsed against.
    let spec: CommandSpec
    /// Each option's values by name (flags hold one empty string per occurrence), in command-line order.
    let optionValues: [String: [String]]
    /// The operands, in order (after `--`, everything is an operand).
    let operandValues: [String]

    /// `authflow jwt verify`, for messages.
    var commandLine: String { (["authflow"] + path).joined(separator: " ") }

    /// The option's last value, or nil when it was not given.
    func value<Value>(_ option: Option<Value>) -> Value? {
        values(option).last
    }

    /// Every value of a repeatable option, in command-line order.
    func values<Value>(_ option: Option<Value>) -> [Value] {
        declared(option.info)
        return (optionValues[option.info.name] ?? []).compactMap { Value(argument: $0) }
    }

    /// The option's value, or a usage error saying it is needed.
    func required<Value>(_ option: Option<Value>) throws(CLIError) -> Value {
        guard let value = value(option) else {
            throw .usage("\(commandLine) needs \(option.info.synopsis)")
        }
        return value
    }

    /// Whether the flag was given.
    func isSet(_ flag: Flag) -> Bool {
        declared(flag.info)
        return optionValues[flag.info.name] != nil
    }

    /// Whether the option or flag appeared on the command line at all.
    func contains(_ option: some OptionDeclaration) -> Bool {
        declared(option.info)
        return optionValues[option.info.name] != nil
    }

    /// The operand's value, or nil when an optional operand was not given.
    func operand<Value>(_ operand: Operand<Value>) -> Value? {
        operands(operand).first
    }

    /// All values of a repeatable operand (or the one value of a single operand).
    func operands<Value>(_ operand: Operand<Value>) -> [Value] {
        guard let index = spec.operands.firstIndex(where: { $0.info.valueName == operand.info.valueName }) else {
            assertionFailure("\(commandLine) reads \(operand.info.valueName), which its spec does not declare")
            return []
        }
        let texts = operand.info.isRepeatable ? Array(operandValues.dropFirst(index)) : Array(operandValues.dropFirst(index).prefix(1))
        return texts.compactMap { Value(argument: $0) }
    }

    /// The operand's value, or a usage error saying it is needed.
    func required<Value>(_ operand: Operand<Value>) throws(CLIError) -> Value {
        guard let value = self.operand(operand) else {
            throw .usage("\(commandLine) needs \(operand.info.synopsis)")
        }
        return value
    }

    private func declared(_ info: OptionInfo) {
        assert(spec.option(named: info.name) != nil, "\(commandLine) reads --\(info.name), which its spec does not declare")
    }
}
