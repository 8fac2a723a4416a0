// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// A declared positional operand (`TOKEN`, `FILE`), read back typed with ``ParsedArguments/operand(_:)``,
/// ``ParsedArguments/operands(_:)`` or ``ParsedArguments/required(_:)``.
///
/// With `standardInput: true` the usage shows `TOKEN|-`, and `-` stays the operand's value: the command
/// reads standard input for it, typically with `Terminal.readValue(_:limit:)`.
///
/// ```swift
/// static let token = Operand<String>("TOKEN", help: "the compact JWT", standardInput: true)
/// static let file = Operand<String>("FILE", help: "the input (default: standard input)", optional: true, completion: .file)
/// ```
struct Operand<Value: ArgumentValue>: OperandDeclaration {
    let info: OperandInfo

    init(
        _ valueName: String,
        help: String,
        optional: Bool = false,
        repeatable: Bool = false,
        standardInput: Bool = false,
        allowedValues: [String]? = nil,
        completion: Completion? = nil
    ) {
        let allowed = allowedValues ?? Value.allowedValues
        info = OperandInfo(
            valueName: valueName, help: help, isOptional: optional, isRepeatable: repeatable, acceptsStandardInput: standardInput,
            completion: completion ?? allowed.map(Completion.values) ?? .none,
            check: { text in
                if standardInput, text == "-" { return nil }
                if let allowed, !allowed.contains(text) {
                    return "\(valueName) is one of \(allowed.joined(separator: ", ")), not '\(text)'"
                }
                return Value(argument: text) == nil ? "\(valueName) must be \(Value.expectation), not '\(text)'" : nil
            })
    }
}
