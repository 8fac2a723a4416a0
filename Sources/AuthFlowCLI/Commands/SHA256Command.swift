// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthDigest

/// `authflow sha256 [FILE]`: the SHA-256 of a file or of standard input, streamed in constant memory.
enum SHA256Command: CLICommand {
    static let file = Operand<String>(
        "FILE", help: "the file to hash; standard input when absent or -", optional: true, standardInput: true, completion: .file)

    static let spec = CommandSpec(
        "sha256", summary: "SHA-256 of a file or standard input, as lowercase hex",
        discussion: "Reads in 64 KiB chunks, so input of any size is hashed in constant memory (FIPS 180-4).",
        operands: [file],
        examples: ["sha256 release.tar.gz", "printf abc | authflow sha256"])

    static func run(_ arguments: ParsedArguments, terminal: inout some Terminal) throws(CLIError) {
        var hasher = SHA256()
        var reader = try terminal.openInput(arguments.operand(Self.file))
        try reader.forEachChunk { hasher.update(bufferPointer: $0) }
        terminal.write("\(hasher.finalize())\n", to: .standardOutput)
    }
}
