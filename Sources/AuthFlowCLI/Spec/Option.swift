// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// A declared option that takes a value, `--name VALUE` or `--name=VALUE`, read back typed with
/// ``ParsedArguments/value(_:)``, ``ParsedArguments/values(_:)`` or ``ParsedArguments/required(_:)``.
///
/// ```swift
/// static let port = Option<UInt16>("port", value: "PORT", help: "the loopback port (default: any free one)")
/// static let scope = Option<String>("scope", value: "SCOPE", help: "a scope to request", repeatable: true)
/// static let style = Option<String>("style", value: "STYLE", help: "the colour", allowedValues: ["black", "white"])
/// ```
///
/// The parser converts every value with `Value(argument:)` before the command runs; a value that does not
/// convert, or is not among `allowedValues`, is a usage error (exit 2).
struct Option<Value: ArgumentValue>: OptionDeclaration {
    let info: OptionInfo

    init(
        _ name: String,
        short: Character? = nil,
        value valueName: String,
        help: String,
        repeatable: Bool = false,
        required: Bool = false,
        allowedValues: [String]? = nil,
        completion: Completion? = nil
    ) {
        let allowed = allowedValues ?? Value.allowedValues
        info = OptionInfo(
            name: name, short: short, valueName: valueName, help: help, isRepeatable: repeatable, isRequired: required,
            allowedValues: allowed, completion: completion ?? allowed.map(Completion.values) ?? .none,
            check: { text in
                if let allowed, !allowed.contains(text) {
                    return "--\(name) takes one of \(allowed.joined(separator: ", ")), not '\(text)'"
                }
                return Value(argument: text) == nil ? "--\(name) takes \(Value.expectation), not '\(text)'" : nil
            })
    }
}

/// A declared flag, `--name`, that takes no value; read back with ``ParsedArguments/isSet(_:)``.
///
/// ```swift
/// static let noBrowser = Flag("no-browser", help: "print the URL instead of opening a browser")
/// ```
struct Flag: OptionDeclaration {
    let info: OptionInfo

    init(_ name: String, short: Character? = nil, help: String) {
        info = OptionInfo(
            name: name, short: short, valueName: nil, help: help, isRepeatable: true, isRequired: false, allowedValues: nil,
            completion: .none, check: { _ in nil })
    }
}
