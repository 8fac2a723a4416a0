/// The arguments after a command name, consumed as the command reads its options and operands.
///
/// Options are `--name value`; every command ends with ``expectNone()`` so that anything it did not
/// read is reported as bad usage rather than ignored.
struct Arguments {
    private var remaining: [String]

    init(_ arguments: [String]) {
        remaining = arguments
    }

    /// Removes `--name VALUE` and returns VALUE, or nil when the option is absent.
    mutating func option(_ name: String) throws(CLIError) -> String? {
        guard let index = remaining.firstIndex(of: name) else { return nil }
        guard index + 1 < remaining.count else { throw .usage("\(name) needs a value") }
        let value = remaining[index + 1]
        remaining.removeSubrange(index...index + 1)
        return value
    }

    /// Removes `--name` and returns whether it was there.
    mutating func flag(_ name: String) -> Bool {
        guard let index = remaining.firstIndex(of: name) else { return false }
        remaining.remove(at: index)
        return true
    }

    /// Whether `name` is among the arguments not yet consumed.
    func contains(_ name: String) -> Bool {
        remaining.contains(name)
    }

    /// Removes and returns the next operand, or nil when none is left. `-` alone is an operand.
    mutating func operand() throws(CLIError) -> String? {
        guard let first = remaining.first else { return nil }
        if first.hasPrefix("--") { throw .usage("unknown option '\(first)'") }
        remaining.removeFirst()
        return first
    }

    /// Fails with bad usage if anything was not consumed.
    func expectNone() throws(CLIError) {
        guard let first = remaining.first else { return }
        throw .usage(first.hasPrefix("-") && first != "-" ? "unknown option '\(first)'" : "unexpected argument '\(first)'")
    }
}
