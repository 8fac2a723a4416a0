import AuthBase64URL

/// `authflow base64url encode|decode`: standard input to standard output.
enum Base64URLCommand {
    /// Input is read into memory for base64url, so it is capped.
    static let inputLimit = 64 << 20

    static func run(_ arguments: Arguments, terminal: inout some Terminal) throws(CLIError) {
        var arguments = arguments
        switch try arguments.operand() {
        case "encode":
            try arguments.expectNone()
            let input = try terminal.readAll(nil, limit: inputLimit)
            terminal.write(bytes: Base64URL.encodedBytes(input) + [UInt8(ascii: "\n")], to: .standardOutput)
        case "decode":
            let lenient = arguments.flag("--lenient")
            try arguments.expectNone()
            var input = try terminal.readAll(nil, limit: inputLimit)
            if input.last == UInt8(ascii: "\n") { input.removeLast() }
            if input.last == UInt8(ascii: "\r") { input.removeLast() }
            do {
                let options: Base64URL.DecodingOptions = lenient ? [.allowPadding, .ignoreWhitespace] : []
                terminal.write(bytes: try Base64URL.decode(bytes: input, options: options), to: .standardOutput)
            } catch {
                throw .failure("\(error)")
            }
        case let other?:
            throw .usage("base64url takes 'encode' or 'decode', not '\(other)'")
        case nil:
            throw .usage("base64url needs 'encode' or 'decode'")
        }
    }
}
