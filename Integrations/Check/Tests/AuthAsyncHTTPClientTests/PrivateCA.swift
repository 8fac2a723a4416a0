// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import Foundation

/// A private CA and a server certificate it issued for `localhost` and 127.0.0.1, made by `openssl` in a new
/// temporary directory when a test asks for one (P-256 keys, valid for two days): nothing is stored in the
/// repository, no network is used.
struct PrivateCA: Sendable {
    /// The CA's certificate (PEM): what a client must trust.
    let certificate: String
    /// The server's certificate (PEM), issued by the CA.
    let serverCertificate: String
    /// The server's private key (PEM).
    let serverKey: String
    /// A second CA's certificate, which did not issue the server's.
    let otherCertificate: String

    /// Makes the CA, the server's certificate and another CA in a new directory.
    static func make() throws -> PrivateCA {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("authflow-ca-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        func path(_ name: String) -> String { directory + "/" + name }
        let ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes"]
        for name in ["ca", "other"] {
            try openssl(
                ["req", "-x509"] + ec + [
                    "-keyout", path("\(name).key"), "-out", path("\(name).pem"), "-days", "2", "-subj", "/CN=AuthFlow test \(name) root",
                    "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign",
                ])
        }
        try openssl(["req"] + ec + ["-keyout", path("server.key"), "-out", path("server.csr"), "-subj", "/CN=localhost"])
        try
            "subjectAltName=DNS:localhost,IP:127.0.0.1\nbasicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=serverAuth\n"
            .write(toFile: path("server.ext"), atomically: true, encoding: .utf8)
        try openssl([
            "x509", "-req", "-in", path("server.csr"), "-CA", path("ca.pem"), "-CAkey", path("ca.key"), "-CAcreateserial",
            "-out", path("server.pem"), "-days", "2", "-extfile", path("server.ext"),
        ])
        return PrivateCA(
            certificate: path("ca.pem"), serverCertificate: path("server.pem"), serverKey: path("server.key"),
            otherCertificate: path("other.pem"))
    }

    private static func openssl(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["openssl"] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw OpenSSLFailed(arguments: arguments) }
    }

    struct OpenSSLFailed: Error {
        let arguments: [String]
    }
}
