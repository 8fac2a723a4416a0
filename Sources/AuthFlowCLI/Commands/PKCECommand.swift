import AuthPKCE

/// `authflow pkce generate [--length N]` and `authflow pkce challenge VERIFIER|-`.
enum PKCECommand {
    static func run(_ arguments: Arguments, terminal: inout some Terminal) throws(CLIError) {
        var arguments = arguments
        switch try arguments.operand() {
        case "generate":
            let lengthText = try arguments.option("--length")
            try arguments.expectNone()
            var length = CodeVerifier.minimumLength
            if let lengthText {
                guard let parsed = Int(lengthText) else { throw .usage("--length takes a whole number, not '\(lengthText)'") }
                length = parsed
            }
            let pkce: PKCE
            do {
                pkce = PKCE(verifier: try CodeVerifier(length: length))
            } catch {
                throw .failure("\(error)")
            }
            terminal.write(
                """
                code_verifier=\(pkce.verifier.value)
                code_challenge=\(pkce.challenge.value)
                code_challenge_method=\(pkce.challenge.method)

                """,
                to: .standardOutput
            )
        case "challenge":
            guard let source = try arguments.operand() else { throw .usage("pkce challenge needs a VERIFIER (or - for standard input)") }
            try arguments.expectNone()
            var text = source
            if source == "-" {
                var bytes = try terminal.readAll(nil, limit: 4096)
                while let last = bytes.last, last == UInt8(ascii: "\n") || last == UInt8(ascii: "\r") { bytes.removeLast() }
                text = String(decoding: bytes, as: UTF8.self)
            }
            do {
                terminal.write("\(CodeChallenge(verifier: try CodeVerifier(text)).value)\n", to: .standardOutput)
            } catch {
                throw .failure("\(error)")
            }
        case let other?:
            throw .usage("pkce takes 'generate' or 'challenge', not '\(other)'")
        case nil:
            throw .usage("pkce needs 'generate' or 'challenge'")
        }
    }
}
