// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// `authflow base64url encode`: standard input to unpadded base64url and a line break.
enum Base64URLEncodeCommand: CLICommand {
    static let spec = CommandSpec(
        "encode", summary: "standard input to unpadded base64url",
        discussion:
            "Encodes standard input (RFC 4648 §5, no padding as in JOSE, RFC 7515 §2) and ends the output with a line break. Streams in constant memory.",
        examples: ["base64url encode < key.bin"])

    static func run(_ arguments: ParsedArguments, terminal: inout some Terminal) throws(CLIError) {
        var encoder = Base64URLStreamEncoder()
        var reader = try terminal.openInput(nil)
        try reader.forEachChunk { chunk in terminal.write(bytes: encoder.encode(chunk), to: .standardOutput) }
        terminal.write(bytes: encoder.finish() + [UInt8(ascii: "\n")], to: .standardOutput)
    }
}
