import AuthDigest

/// `authflow hmac-sha256 --key-hex HEX [FILE]`: the HMAC-SHA256 of a file or of standard input.
enum HMACCommand: CLICommand {
    static let keyHex = Option<String>("key-hex", value: "HEX", help: "the key, as hexadecimal", required: true)
    static let file = Operand<String>(
        "FILE", help: "the message; standard input when absent or -", optional: true, standardInput: true, completion: .file)

    static let spec = CommandSpec(
        "hmac-sha256", summary: "HMAC-SHA256 of a file or standard input under a key, as hex",
        discussion: "RFC 2104 with SHA-256, streamed in constant memory.",
        options: [keyHex], operands: [file],
        examples: ["hmac-sha256 --key-hex 4a656665 message.txt"])

    static func run(_ arguments: ParsedArguments, terminal: inout some Terminal) throws(CLIError) {
        let hex = try arguments.required(Self.keyHex)
        let key: [UInt8]
        do {
            key = try Hex.decode(hex)
        } catch {
            throw .failure("--key-hex: \(error)")
        }
        var hmac = HMACSHA256(key: key)
        var reader = try terminal.openInput(arguments.operand(Self.file))
        try reader.forEachChunk { hmac.update(bufferPointer: $0) }
        terminal.write("\(hmac.finalize())\n", to: .standardOutput)
    }
}
