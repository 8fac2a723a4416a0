import AuthDigest

/// `authflow sha256 [FILE]`: the SHA-256 of a file or of standard input, streamed in constant memory.
enum SHA256Command {
    static func run(_ arguments: Arguments, terminal: inout some Terminal) throws(CLIError) {
        var arguments = arguments
        let path = try arguments.operand()
        try arguments.expectNone()
        var hasher = SHA256()
        var reader = try terminal.openInput(path)
        try reader.forEachChunk { hasher.update(bufferPointer: $0) }
        terminal.write("\(hasher.finalize())\n", to: .standardOutput)
    }
}
