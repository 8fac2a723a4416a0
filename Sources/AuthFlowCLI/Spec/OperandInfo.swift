// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// The type-erased description of a declared operand.
struct OperandInfo: Sendable {
    /// The placeholder: `TOKEN`, `FILE`.
    let valueName: String
    let help: String
    let isOptional: Bool
    let isRepeatable: Bool
    /// Whether `-` means standard input (usage shows `NAME|-`).
    let acceptsStandardInput: Bool
    let completion: Completion
    let check: @Sendable (String) -> String?

    /// `TOKEN|-`, `[FILE]`, `[FILE...]` as usage shows it.
    var synopsis: String {
        var text = valueName + (acceptsStandardInput ? "|-" : "") + (isRepeatable ? "..." : "")
        if isOptional { text = "[\(text)]" }
        return text
    }
}

/// Something a ``CommandSpec`` lists under `operands`.
protocol OperandDeclaration: Sendable {
    var info: OperandInfo { get }
}
