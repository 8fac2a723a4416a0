import AuthBase64URL

/// `authflow base64url encode`: standard input to unpadded base64url and a line break.
enum Base64URLEncodeCommand: CLICommand {
    static let spec = CommandSpec(
        "encode", summary: "standard input to unpadded base64url",
        discussion: "Encodes standard input (RFC 4648 §5, no padding as in JOSE, RFC 7515 §2) and ends the output with a line break.",
        examples: ["base64url encode < key.bin"])

    /// Input is read into memory for base64url, so it is capped.
    static let inputLimit = 64 << 20

    static func run(_ arguments: ParsedArguments, terminal: inout some Terminal) throws(CLIError) {
        let input = try terminal.readAll(nil, limit: inputLimit)
        terminal.write(bytes: Base64URL.encodedBytes(input) + [UInt8(ascii: "\n")], to: .standardOutput)
    }
}
