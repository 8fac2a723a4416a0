import AuthJSON
import AuthJWT

/// `authflow jwt decode TOKEN|-`: the header and claims, NOT verified.
enum JWTDecodeCommand: CLICommand {
    static let token = Operand<String>("TOKEN", help: "the compact JWS; - reads it from standard input", standardInput: true)

    static let spec = CommandSpec(
        "decode", summary: "print a JWT's header and claims as JSON, NOT verified",
        discussion: "Parses the compact serialization (RFC 7515 §7.1) and prints the header and the claims. Nothing is "
            + "verified: not the signature, not the claims. Use 'authflow jwt verify' before trusting a token.",
        operands: [token],
        examples: ["jwt decode eyJhbGciOi...", "pbpaste | authflow jwt decode -"])

    static func run(_ arguments: ParsedArguments, terminal: inout some Terminal) throws(CLIError) {
        let text = try JWTCommand.readToken(arguments.required(Self.token), terminal: terminal)
        let jwt = try CLIError.catching { () throws(AuthJWTError) in try JWT(compact: text) }
        terminal.write(
            """
            Decoded only: the signature and claims were NOT verified (use 'authflow jwt verify').
            header:
            \(pretty(.object(jwt.header.parameters)))
            claims:
            \(pretty(.object(jwt.claims.object)))

            """,
            to: .standardOutput
        )
    }

    static func pretty(_ value: JSONValue) -> String {
        String(decoding: value.serialized(pretty: true), as: UTF8.self)
    }
}
