import AuthBase64URL

/// `authflow base64url decode [--lenient]`: base64url on standard input to bytes.
enum Base64URLDecodeCommand: CLICommand {
    static let lenient = Flag("lenient", help: "also accept '=' padding and whitespace")

    static let spec = CommandSpec(
        "decode", summary: "base64url on standard input to bytes",
        discussion: "Strict by default (RFC 4648 §5 alphabet, no padding, canonical trailing bits); one trailing line "
            + "break is ignored. Errors name the byte offset.",
        options: [lenient],
        examples: ["base64url decode < token-part.txt > part.bin"])

    static func run(_ arguments: ParsedArguments, terminal: inout some Terminal) throws(CLIError) {
        var input = try terminal.readAll(nil, limit: Base64URLEncodeCommand.inputLimit)
        if input.last == UInt8(ascii: "\n") { input.removeLast() }
        if input.last == UInt8(ascii: "\r") { input.removeLast() }
        do {
            let options: Base64URL.DecodingOptions = arguments.isSet(Self.lenient) ? [.allowPadding, .ignoreWhitespace] : []
            terminal.write(bytes: try Base64URL.decode(bytes: input, options: options), to: .standardOutput)
        } catch {
            throw .failure("\(error)")
        }
    }
}
