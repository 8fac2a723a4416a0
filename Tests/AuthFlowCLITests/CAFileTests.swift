// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthClient
import AuthJSON
import AuthSession
import AuthTesting
import Testing

@testable import AuthFlowCLI

/// `--ca-file` and `AUTHFLOW_CA_FILE` (issue 29): which file the transport is asked to trust, that the profile
/// keeps it, and that a TLS failure says what to do. The real trust is .ci/private-ca-check's, against a
/// server behind a private CA.
@Suite("authflow: a CA file for a provider behind a private CA")
struct CAFileTests {
    /// A stack that records the CA file each transport was made for, and refuses one named "refused.pem".
    final class RecordingStack: Sendable {
        let made = Locked<[String?]>([])
        var stack: HTTPStack {
            HTTPStack(name: "recording") { [made] (caFile) throws(AuthClientError) in
                if caFile == "refused.pem" { throw .invalidConfiguration("this stack cannot trust a CA file") }
                made.withLock { $0.append(caFile) }
                return UnimplementedTransport()
            }
        }
    }

    func environment(_ stack: RecordingStack, variables: [String: String] = [:]) -> LoginEnvironment {
        var environment = LoginEnvironment.system()
        environment.variable = { variables[$0] }
        environment.transport = StackTransport(stack.stack)
        return environment
    }

    func profile(caFile: String?) -> Profile {
        Profile(
            name: "p", issuer: "https://login.example.com", clientID: "cli", scopes: ["openid"], clientSecret: nil,
            insecureLoopbackIssuer: false, caFile: caFile)
    }

    @Test("--ca-file wins over AUTHFLOW_CA_FILE, which wins over the profile's; without any, the system's roots only")
    func precedence() throws {
        let stack = RecordingStack()
        try environment(stack, variables: ["AUTHFLOW_CA_FILE": "env.pem"]).trustCAFile(
            option: "flag.pem", profile: profile(caFile: "p.pem"))
        try environment(stack, variables: ["AUTHFLOW_CA_FILE": "env.pem"]).trustCAFile(option: nil, profile: profile(caFile: "p.pem"))
        try environment(stack).trustCAFile(option: nil, profile: profile(caFile: "p.pem"))
        try environment(stack, variables: ["AUTHFLOW_CA_FILE": ""]).trustCAFile(option: nil, profile: profile(caFile: nil))
        #expect(stack.made.withLock { $0 } == ["flag.pem", "env.pem", "p.pem"])
    }

    @Test("a stack that cannot trust a CA file fails the command with its reason")
    func refused() {
        let error = #expect(throws: CLIError.self) {
            try environment(RecordingStack()).trustCAFile(option: "refused.pem", profile: nil)
        }
        #expect(error?.message.contains("refused.pem") == true)
        #expect(error?.message.contains("cannot trust a CA file") == true)
    }

    @Test("login --ca-file is saved in the profile, kept by a later login of the same client, and read back")
    func savedInProfile() throws {
        var options = AuthFlowCLI.LoginOptions()
        options.issuer = "https://login.example.com"
        options.clientID = "cli"
        options.caFile = "/etc/corp/root-ca.pem"
        let first = try LoginFlow.profile(options, previous: nil)
        #expect(first.caFile == "/etc/corp/root-ca.pem")
        #expect(try LoginFlow.profile(AuthFlowCLI.LoginOptions(), previous: first).caFile == "/etc/corp/root-ca.pem")
        let reread = try Profile(json: first.json, name: first.name)
        #expect(reread == first)
        #expect(first.json["ca_file"]?.stringValue == "/etc/corp/root-ca.pem")
        #expect(try Profile(json: profile(caFile: nil).json, name: "p").caFile == nil)
    }

    @Test("a TLS failure says so and points at --ca-file; other failures do not")
    func tlsHint() {
        let tls = AuthClientError.transportFailed(
            TransportFailure(
                .secureConnectionFailed, host: "sso.corp.example", domain: "NSURLErrorDomain", code: -1,
                detail: "SSL certificate problem: unable to get local issuer certificate"))
        let message = CLIError.login(tls, profile: "default").message
        #expect(message.contains("TLS failed: no secure connection to sso.corp.example (SSL certificate problem"))
        #expect(message.contains("--ca-file FILE"))
        #expect(message.contains("AUTHFLOW_CA_FILE"))
        let timeout = AuthClientError.transportFailed(TransportFailure(.timedOut, host: "sso.corp.example"))
        #expect(!CLIError.login(timeout, profile: "default").message.contains("--ca-file"))
    }

    @Test("--ca-file is an option of login, refused with --authorize-url")
    func option() {
        var terminal = MemoryTerminal()
        #expect(terminal.run("login", "--authorize-url", "https://a.example", "--ca-file", "ca.pem") == 2)
        #expect(LoginCommand.spec.options.contains { $0.info.name == "ca-file" })
    }
}
