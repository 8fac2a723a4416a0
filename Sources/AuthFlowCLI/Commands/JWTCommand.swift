import AuthDigest
import AuthJSON
import AuthJWT

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `authflow jwt decode TOKEN|-` and `authflow jwt verify TOKEN|- --jwks FILE [--hs256-key-hex HEX] …`.
enum JWTCommand {
    static func run(_ arguments: Arguments, terminal: inout some Terminal) throws(CLIError) {
        var arguments = arguments
        switch try arguments.operand() {
        case "decode":
            let token = try readToken(&arguments, terminal: terminal)
            try arguments.expectNone()
            let jwt = try CLIError.catching { () throws(AuthJWTError) in try JWT(compact: token) }
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
        case "verify":
            let jwksPath = try arguments.option("--jwks")
            let keyHex = try arguments.option("--hs256-key-hex")
            let issuer = try arguments.option("--issuer")
            let audience = try arguments.option("--audience")
            let nonce = try arguments.option("--nonce")
            let now = try arguments.option("--now").map { (text) throws(CLIError) in try integer(text, option: "--now") }
            let leeway = try arguments.option("--leeway").map { (text) throws(CLIError) in try integer(text, option: "--leeway") }
            let token = try readToken(&arguments, terminal: terminal)
            try arguments.expectNone()
            guard jwksPath != nil || keyHex != nil else { throw .usage("jwt verify needs --jwks FILE or --hs256-key-hex HEX") }

            var keys: [JWK] = []
            if let jwksPath {
                let document = try terminal.readAll(jwksPath, limit: 1 << 20)
                keys += try CLIError.catching { () throws(AuthJWTError) in try JWKSet(json: document).keys }
            }
            if let keyHex {
                let secret: [UInt8]
                do { secret = try Hex.decode(keyHex) } catch { throw .failure("--hs256-key-hex: \(error)") }
                keys.append(JWK(symmetricKey: secret))
            }
            var algorithms = JWSAlgorithm.asymmetric
            if keys.contains(where: { $0.keyType == .octetSequence }) { algorithms += [.hs256, .hs384, .hs512] }
            let moment = NumericDate(secondsSince1970: now ?? Int64(time(nil)))
            let keySet = JWKSet(keys: keys)

            try CLIError.catching { () throws(AuthJWTError) in
                if let issuer, let audience {
                    var validator = IDTokenValidator(issuer: issuer, clientID: audience)
                    validator.allowedAlgorithms = algorithms
                    if let leeway { validator.leewaySeconds = leeway }
                    _ = try validator.validate(token, keys: keySet, now: moment, nonce: nonce)
                } else {
                    var validator = JWTValidator(allowedAlgorithms: algorithms)
                    validator.issuer = issuer
                    validator.audience = audience
                    if let leeway { validator.leewaySeconds = leeway }
                    let jwt = try validator.validate(token, keys: keySet, now: moment).jwt
                    if let nonce {
                        guard let claimed = try jwt.claims.nonce else { throw .missingClaim("nonce") }
                        guard ConstantTime.isEqual(claimed.utf8, nonce.utf8) else { throw .nonceMismatch }
                    }
                }
            }
            terminal.write("valid\n", to: .standardOutput)
        case let other?:
            throw .usage("jwt takes 'decode' or 'verify', not '\(other)'")
        case nil:
            throw .usage("jwt needs 'decode' or 'verify'")
        }
    }

    /// The token operand, or standard input for `-` (tokens can exceed the argument limit). An oversize
    /// token is refused before it is parsed.
    private static func readToken(_ arguments: inout Arguments, terminal: some Terminal) throws(CLIError) -> String {
        guard let operand = try arguments.operand() else { throw .usage("a TOKEN (or - for standard input) is required") }
        guard operand == "-" else {
            guard operand.utf8.count <= JWS.maximumTokenSize else {
                throw .failure("the token is \(operand.utf8.count) bytes, over the limit of \(JWS.maximumTokenSize)")
            }
            return operand
        }
        var bytes: [UInt8]
        do {
            bytes = try terminal.readAll(nil, limit: JWS.maximumTokenSize + 2)
        } catch {
            throw .failure("the token on standard input is over the limit of \(JWS.maximumTokenSize) bytes")
        }
        while let last = bytes.last, last == 0x0a || last == 0x0d || last == 0x20 { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func integer(_ text: String, option: String) throws(CLIError) -> Int64 {
        guard let value = Int64(text) else { throw .usage("\(option) takes a whole number of seconds, not '\(text)'") }
        return value
    }

    private static func pretty(_ value: JSONValue) -> String {
        String(decoding: value.serialized(pretty: true), as: UTF8.self)
    }
}
