import AuthDigest

/// `authflow hmac-sha256 --key-hex HEX [FILE]`: the HMAC-SHA256 of a file or of standard input.
enum HMACCommand {
    static func run(_ arguments: Arguments, terminal: inout some Terminal) throws(CLIError) {
        var arguments = arguments
        guard let keyHex = try arguments.option("--key-hex") else { throw .usage("hmac-sha256 needs --key-hex HEX") }
        let path = try arguments.operand()
        try arguments.expectNone()
        let key: [UInt8]
        do {
            key = try Hex.decode(keyHex)
        } catch {
            throw .failure("--key-hex: \(error)")
        }
        var hmac = HMACSHA256(key: key)
        var reader = try terminal.openInput(path)
        try reader.forEachChunk { hmac.update(bufferPointer: $0) }
        terminal.write("\(hmac.finalize())\n", to: .standardOutput)
    }
}
