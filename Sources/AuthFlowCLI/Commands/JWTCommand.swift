// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthJWT

/// `authflow jwt decode TOKEN|-` and `authflow jwt verify TOKEN|- (--jwks FILE | --hs256-key-hex HEX) …`.
enum JWTCommand: CLICommand {
    static let spec = CommandSpec(
        "jwt", summary: "decode, verify or sign a JSON Web Token (RFC 7519)",
        subcommands: [JWTDecodeCommand.self, JWTVerifyCommand.self, JWTSignCommand.self])

    /// The token operand, or standard input for `-` (tokens can exceed the argument limit). An oversize
    /// token is refused before it is parsed.
    static func readToken(_ operand: String, terminal: some Terminal) throws(CLIError) -> String {
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
}
