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
