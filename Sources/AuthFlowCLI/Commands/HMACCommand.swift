// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthDigest

/// `authflow hmac-sha256 --key-hex HEX [FILE]`: the HMAC-SHA256 of a file or of standard input.
enum HMACCommand: CLICommand {
    static let keyHex = Option<String>(
        "key-hex", value: "HEX", help: "the key, as hexadecimal; - reads it from standard input", required: true)
    static let file = Operand<String>(
        "FILE", help: "the message; standard input when absent or -", optional: true, standardInput: true, completion: .file)

    static let spec = CommandSpec(
        "hmac-sha256", summary: "HMAC-SHA256 of a file or standard input under a key, as hex",
        discussion: "RFC 2104 with SHA-256, streamed in constant memory.",
        options: [keyHex], operands: [file],
        examples: ["hmac-sha256 --key-hex 4a656665 message.txt", "hmac-sha256 --key-hex - message.txt < key.hex"])

    static func run(_ arguments: ParsedArguments, terminal: inout some Terminal) throws(CLIError) {
        let file = arguments.operand(Self.file)
        let keyText = try arguments.required(Self.keyHex)
        if keyText == "-", file == nil || file == "-" {
            throw .usage("with --key-hex - the key is on standard input, so the message must be a FILE")
        }
        let hex = try terminal.readValue(keyText, limit: 4096, what: "the key")
        let key: [UInt8]
        do {
            key = try Hex.decode(hex)
        } catch {
            throw .failure("--key-hex: \(error)")
        }
        var hmac = HMACSHA256(key: key)
        var reader = try terminal.openInput(file)
        try reader.forEachChunk { hmac.update(bufferPointer: $0) }
        terminal.write("\(hmac.finalize())\n", to: .standardOutput)
    }
}
