// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthJSON
import AuthJWT

/// `authflow key generate --kty EC [--kid KID] [--output FILE]`: a new P-256 private key as a JWK.
enum KeyGenerateCommand: CLICommand {
    static let keyType = Option<String>("kty", value: "KTY", help: "the key type", required: true, allowedValues: ["EC"])
    static let keyID = Option<String>("kid", value: "KID", help: "the key id to put in the JWK")
    static let output = Option<String>(
        "output", value: "FILE", help: "write the private JWK to FILE (mode 0600) instead of standard output", completion: .file)

    static let spec = CommandSpec(
        "generate", summary: "a new P-256 private key (for ES256, DPoP, private_key_jwt) as a JWK",
        discussion: """
            The key is drawn from the system's secure random generator. The output holds the private key \
            (d): it is a SECRET. With --output the file is created with mode 0600 and the public JWK is \
            printed; without it the private JWK goes to standard output and a warning to standard error.
            """,
        options: [keyType, keyID, output],
        examples: ["key generate --kty EC --kid my-key --output key.jwk"])

    static func run(_ arguments: ParsedArguments, terminal: inout some Terminal) throws(CLIError) {
        var generator = SystemRandomNumberGenerator()
        let key = P256PrivateKey.generate(keyID: arguments.value(Self.keyID), using: &generator)
        let privateJSON = JSONValue.object(key.privateJWK).serialized(pretty: true) + [0x0a]
        if let path = arguments.value(Self.output) {
            try terminal.writeSecretFile(path, bytes: privateJSON)
            terminal.write(
                String(decoding: JSONValue.object(key.publicJWK).serialized(pretty: true), as: UTF8.self) + "\n", to: .standardOutput)
        } else {
            terminal.write(bytes: privateJSON, to: .standardOutput)
            terminal.write("authflow: the JWK above holds a private key (d): keep it secret\n", to: .standardError)
        }
    }
}
