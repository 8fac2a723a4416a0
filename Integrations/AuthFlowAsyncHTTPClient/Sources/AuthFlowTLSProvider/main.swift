// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

// `AuthFlowTLSProvider --certificate FILE --key FILE [--port P]`: the fake OpenID provider of `authflow
// provider` (clients authflow-cli and authflow-confidential, users alice and bob, loopback redirect URIs) over
// HTTPS on 127.0.0.1, issuer https://localhost:PORT, with the given certificate; for .ci/private-ca-check.
// Prints "  issuer: URL" once it listens, and runs until killed. Anyone can sign in as anyone: tests only.
import AuthClient
import AuthFlowTLSTesting
import AuthJSON
import AuthTesting

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

var arguments = CommandLine.arguments.dropFirst()
var options: [String: String] = [:]
while let name = arguments.popFirst() {
    guard name.hasPrefix("--"), let value = arguments.popFirst() else {
        print("usage: AuthFlowTLSProvider --certificate FILE --key FILE [--port P]")
        exit(2)
    }
    options[String(name.dropFirst(2))] = value
}
guard let certificate = options["certificate"], let key = options["key"] else {
    print("usage: AuthFlowTLSProvider --certificate FILE --key FILE [--port P]")
    exit(2)
}
let server = try await TLSProviderServer.start(certificateChain: certificate, privateKey: key, port: Int(options["port"] ?? "0") ?? 0)
var configuration = FakeOpenIDProvider.Configuration()
configuration.issuer = server.baseURL
configuration.clientID = "authflow-cli"
configuration.clientAuthentication = .none
configuration.additionalClients = ["authflow-confidential": .clientSecretBasic("authflow-test-secret")]
configuration.redirectURIs = ["http://127.0.0.1/callback", "http://[::1]/callback"]
var users: [String: JSONObject] = [:]
for name in ["alice", "bob"] {
    users[name] = FakeOpenIDProvider.claims(email: "\(name)@example.com", name: name.prefix(1).uppercased() + name.dropFirst())
}
configuration.users = users
server.serve(FakeOpenIDProvider(configuration))
print("  issuer: \(server.baseURL)")
fflush(nil)
while true { try await Task.sleep(for: .seconds(3600)) }
