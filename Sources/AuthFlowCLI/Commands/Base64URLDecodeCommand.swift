// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthBase64URL

/// `authflow base64url decode [--lenient]`: base64url on standard input to bytes.
enum Base64URLDecodeCommand: CLICommand {
    static let lenient = Flag("lenient", help: "also accept '=' padding and whitespace")

    static let spec = CommandSpec(
        "decode", summary: "base64url on standard input to bytes",
        discussion: "Strict by default (RFC 4648 §5 alphabet, no padding, canonical trailing bits); one trailing line "
            + "break is ignored. Errors name the byte offset. Streams in constant memory: output already written "
            + "stays written when a later byte is invalid.",
        options: [lenient],
        examples: ["base64url decode < token-part.txt > part.bin"])

    static func run(_ arguments: ParsedArguments, terminal: inout some Terminal) throws(CLIError) {
        let options: Base64URL.DecodingOptions = arguments.isSet(Self.lenient) ? [.allowPadding, .ignoreWhitespace] : []
        var decoder = Base64URLStreamDecoder(options: options)
        var reader = try terminal.openInput(nil)
        try reader.forEachChunk { (chunk) throws(CLIError) in
            let bytes = try CLIError.catching { () throws(AuthBase64URLError) in try decoder.decode(chunk) }
            terminal.write(bytes: bytes, to: .standardOutput)
        }
        let rest = try CLIError.catching { () throws(AuthBase64URLError) in try decoder.finish() }
        terminal.write(bytes: rest, to: .standardOutput)
    }
}
