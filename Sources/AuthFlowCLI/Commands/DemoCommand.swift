// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthClient

/// `authflow demo [--fail STEP] [--rfc7636-example] [--device] [--ciba] [--mcp] [--par] [--dpop] [--jar] [--service] [--resource-server]
/// [--userinfo] [--logout]`:
/// the whole OpenID Connect login, offline against the fake provider, narrated with the real values and the RFC sections
/// (``DemoFlow``); with `--device`, the device authorization grant (``DeviceDemoFlow``); with `--ciba`, CIBA's
/// poll mode (``BackchannelDemoFlow``); with `--mcp`, the MCP authorization
/// profile (``MCPDemoFlow``); with `--jar`, JAR and JARM (``SignedMessagesDemoFlow``); with `--fapi2`, FAPI 2.0 (``FAPI2DemoFlow``); with `--service`, client credentials, JWT bearer and introspection (``ServiceDemoFlow``); with
/// `--resource-server`, the resource server's side (``ResourceServerDemoFlow``); with `--userinfo`, signed userinfo and
/// claim sources (``UserInfoDemoFlow``); with `--logout`, back-channel logout (``LogoutDemoFlow``). Exit 0 when the flow
/// went as asked: it succeeded, or it failed exactly where the chosen failure is caught.
enum DemoCommand: CLICommand {
    static let fail = Option<String>(
        "fail", value: "STEP", help: "make one step fail, to see where it is caught",
        completion: .values(
            (DemoFlow.Failure.allCases.map(\.rawValue) + DeviceDemoFlow.Failure.allCases.map(\.rawValue)
                + BackchannelDemoFlow.Failure.allCases.map(\.rawValue)
                + PushedAuthorizationDemoFlow.Failure.allCases.map(\.rawValue) + MCPDemoFlow.Failure.allCases.map(\.rawValue)
                + ResourceServerDemoFlow.Failure.allCases.map(\.rawValue) + SignedMessagesDemoFlow.Failure.allCases.map(\.rawValue)
                + FAPI2DemoFlow.Failure.allCases.map(\.rawValue) + UserInfoDemoFlow.Failure.allCases.map(\.rawValue)
                + LogoutDemoFlow.Failure.allCases.map(\.rawValue))
                .reduce(into: [String]()) {
                    if !$0.contains($1) { $0.append($1) }
                }))
    static let device = Flag("device", help: "the device authorization grant (RFC 8628) instead of the code flow")
    static let ciba = Flag("ciba", help: "CIBA poll mode (OpenID CIBA Core 1.0): the user approves on their own device")
    static let cibaMode = Option<String>(
        "ciba-mode", value: "MODE", help: "with --ciba: the token delivery mode, poll (default), ping or push (CIBA §5)",
        completion: .values(["poll", "ping", "push"]))
    static let par = Flag(
        "par", help: "a pushed authorization request (RFC 9126), client_secret_jwt, a token per resource")
    static let mcp = Flag(
        "mcp", help: "the MCP authorization profile, 2025-11-25 (RFC 9728, RFC 8414, client ID metadata documents, RFC 8707, step-up)")
    static let jar = Flag("jar", help: "a signed request object (RFC 9101) pushed with PAR, and a signed response (JARM)")
    static let fapi2 = Flag(
        "fapi2", help: "a FAPI 2.0 Message Signing login: the profile's checks, PAR, JAR, JARM, private_key_jwt, DPoP-bound tokens")
    static let dpop = Flag("dpop", help: "a DPoP-bound login (RFC 9449) and a resource request, with nonces")
    static let service = Flag(
        "service",
        help: "a service's tokens: client credentials (cached, renewed), JWT bearer, introspection (RFC 6749 §4.4, RFC 7523, RFC 7662)")
    static let resourceServer = Flag(
        "resource-server", help: "the resource server's side: RFC 9068 access tokens, DPoP proofs, challenges, RFC 9728")
    static let userinfo = Flag(
        "userinfo", help: "a signed userinfo answer, the token in the body, aggregated and distributed claims (OIDC Core §5.3.2, §5.6.2)")
    static let logout = Flag(
        "logout", help: "back-channel logout (OpenID Connect Back-Channel Logout 1.0): a logout token checked, the session ended")
    static let rfc7636Example = Flag("rfc7636-example", help: "use the verifier of RFC 7636 Appendix B (code flow only)")

    static let spec = CommandSpec(
        "demo", summary: "the whole OpenID Connect login, offline against a fake provider, narrated",
        discussion: """
            Runs discovery, PKCE, the authorization request, the callback, the code exchange, the ID token
            checks and a refresh against an in-process fake provider, printing each step with its real values
            and RFC sections. --fail STEP breaks one step to show where it is caught; exit 0 when the flow
            went as asked. With --device, the device grant: the user code, each poll and its answer. With --ciba,
            CIBA's poll mode: the backchannel request for a user with a binding message, the auth_req_id, each
            poll while the user decides on their phone, and the ID token's checks; --ciba-mode ping or push shows the
            provider calling the client's notification endpoint instead (the ping and one token request, or the pushed
            tokens and their at_hash, auth_req_id and rt_hash checks). With --par,
            a pushed authorization request, the request_uri in the browser, and a token per resource. With --mcp, the
            MCP authorization profile: the server's 401, its resource metadata, the authorization server's
            metadata, the client's metadata document as its client_id (dynamic registration where that is not
            supported), a login whose tokens are for that server only, and a scope step-up after a 403
            insufficient_scope. With --dpop, a DPoP-bound login and a resource request, each with its
            use_dpop_nonce retry. With --jar, a signed request object (RFC 9101) pushed with PAR and a signed
            response (JARM), verified before it is read. With --fapi2, a FAPI 2.0 Message Signing login: the
            profile's checks when the client is made, then PAR, JAR, JARM, private_key_jwt and DPoP-bound tokens
            without any option asking for them; --fail client-secret or response-without-iss shows a refusal. With --service, a service's tokens without a user: the
            client credentials grant through ClientCredentialsSession (the cache, twenty callers served by one
            request, renewal before expiry), the JWT bearer grant with an assertion signed here, and introspection
            of the tokens, plain, signed and inactive. With --resource-server, the other side: a protected MCP
            server's metadata and 401 challenge, the checks of a DPoP-bound RFC 9068 access token and its proof,
            and the refusals of a replayed proof, the token without its proof and a missing scope; --fail
            wrong-audience, expired, stolen-token or wrong-url breaks the protected request. With --userinfo, a
            signed userinfo answer asked with the token in the body, verified (algorithm, key, iss, aud, sub), and
            its aggregated and distributed claims resolved with a policy naming the trusted issuer; --fail
            wrong-subject, bad-signature or untrusted-source shows a refusal. With --logout, back-channel logout:
            two clients sign the same user in, the provider sends a logout token, each check of §2.6 passes, the
            one client's session ends and the other's is kept, and the server helper answers 200; --fail
            replayed, nonce or other-client shows a refusal.
            """,
        options: [fail, device, ciba, cibaMode, par, mcp, dpop, jar, fapi2, service, resourceServer, userinfo, logout, rfc7636Example],
        groups: [
            .atMostOne(device, ciba, par, mcp, dpop, jar, fapi2, service, resourceServer, userinfo, logout),
            .atMostOne(par, rfc7636Example), .atMostOne(userinfo, rfc7636Example), .atMostOne(logout, rfc7636Example),
            .atMostOne(fapi2, rfc7636Example), .atMostOne(ciba, rfc7636Example),
            .atMostOne(mcp, rfc7636Example), .atMostOne(dpop, rfc7636Example), .atMostOne(jar, rfc7636Example),
            .atMostOne(service, rfc7636Example), .atMostOne(resourceServer, rfc7636Example),
        ],
        examples: [
            "demo", "demo --fail nonce", "demo --device --fail slow-down", "demo --ciba", "demo --ciba --fail denied",
            "demo --ciba --ciba-mode push",
            "demo --par",
            "demo --par --fail expired",
            "demo --mcp --fail no-s256", "demo --mcp --fail step-up-refused", "demo --dpop", "demo --jar --fail response-audience",
            "demo --fapi2", "demo --fapi2 --fail client-secret", "demo --service", "demo --resource-server",
            "demo --resource-server --fail stolen-token", "demo --userinfo", "demo --userinfo --fail untrusted-source", "demo --logout",
            "demo --logout --fail other-client",
        ])

    /// RFC 7636 Appendix B: the 32 octets behind the example verifier.
    static let rfc7636Octets: [UInt8] = [
        116, 24, 223, 180, 151, 153, 224, 37, 79, 250, 96, 125, 216, 173, 187, 186,
        22, 212, 37, 77, 105, 214, 191, 240, 91, 88, 5, 88, 83, 132, 141, 121,
    ]

    static func run(_ arguments: ParsedArguments, terminal: inout some Terminal) throws(CLIError) {
        let useRFCExample = arguments.isSet(Self.rfc7636Example)
        let device = arguments.isSet(Self.device)
        let failureName = arguments.value(Self.fail)
        let (text, asExpected): (String, Bool)
        if arguments.value(Self.cibaMode) != nil, !arguments.isSet(Self.ciba) { throw .usage("--ciba-mode goes with --ciba") }
        if arguments.isSet(Self.userinfo) {
            let flow = UserInfoDemoFlow(
                failure: try failure(UserInfoDemoFlow.Failure.self, named: failureName, for: "--fail for --userinfo"))
            (text, asExpected) = runBlocking { await flow.run() }
        } else if arguments.isSet(Self.logout) {
            let flow = LogoutDemoFlow(failure: try failure(LogoutDemoFlow.Failure.self, named: failureName, for: "--fail for --logout"))
            (text, asExpected) = runBlocking { await flow.run() }
        } else if arguments.isSet(Self.service) {
            guard failureName == nil else { throw .usage("--service goes alone") }
            (text, asExpected) = runBlocking { await ServiceDemoFlow().run() }
        } else if arguments.isSet(Self.resourceServer) {
            guard !useRFCExample, !device else { throw .usage("--resource-server goes alone (with --fail)") }
            let flow = ResourceServerDemoFlow(
                failure: try failure(ResourceServerDemoFlow.Failure.self, named: failureName, for: "--fail for --resource-server"))
            (text, asExpected) = runBlocking { await flow.run() }
        } else if arguments.isSet(Self.dpop) {
            guard !useRFCExample, !device, !arguments.isSet(Self.par), failureName == nil else { throw .usage("--dpop goes alone") }
            (text, asExpected) = runBlocking { await DPoPDemoFlow().run() }
        } else if arguments.isSet(Self.fapi2) {
            guard !useRFCExample, !device else {
                throw .usage("--fapi2 goes alone (with --fail \(FAPI2DemoFlow.Failure.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            let flow = FAPI2DemoFlow(failure: try failure(FAPI2DemoFlow.Failure.self, named: failureName, for: "--fail for --fapi2"))
            (text, asExpected) = runBlocking { await flow.run() }
        } else if arguments.isSet(Self.jar) {
            guard !useRFCExample, !device else {
                throw .usage(
                    "--jar goes alone (with --fail \(SignedMessagesDemoFlow.Failure.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            let flow = SignedMessagesDemoFlow(
                failure: try failure(SignedMessagesDemoFlow.Failure.self, named: failureName, for: "--fail for --jar"))
            (text, asExpected) = runBlocking { await flow.run() }
        } else if arguments.isSet(Self.ciba) {
            let mode = arguments.value(Self.cibaMode) ?? "poll"
            let chosen = try failure(BackchannelDemoFlow.Failure.self, named: failureName, for: "--fail for --ciba")
            switch mode {
            case "poll":
                let flow = BackchannelDemoFlow(failure: chosen)
                (text, asExpected) = runBlocking { await flow.run() }
            case "ping", "push":
                if let chosen, !BackchannelNotificationDemoFlow.failures.contains(chosen) {
                    throw .usage(
                        "--fail \(chosen.rawValue) is poll mode's; with --ciba-mode \(mode): "
                            + BackchannelNotificationDemoFlow.failures.map(\.rawValue).joined(separator: ", "))
                }
                let flow = BackchannelNotificationDemoFlow(mode: BackchannelTokenDeliveryMode(rawValue: mode), failure: chosen)
                (text, asExpected) = runBlocking { await flow.run() }
            default:
                throw .usage("unknown --ciba-mode '\(mode)'; one of: poll, ping, push")
            }
        } else if arguments.isSet(Self.par) {
            guard !useRFCExample, !device else { throw .usage("--par goes alone (with --fail expired, reused or not-pushed)") }
            let flow = PushedAuthorizationDemoFlow(
                failure: try failure(PushedAuthorizationDemoFlow.Failure.self, named: failureName, for: "--fail for --par"))
            (text, asExpected) = runBlocking { await flow.run() }
        } else if arguments.isSet(Self.mcp) {
            guard !device, !useRFCExample else { throw .usage("--mcp goes alone (with --fail), not with --device or --rfc7636-example") }
            let flow = MCPDemoFlow(failure: try failure(MCPDemoFlow.Failure.self, named: failureName, for: "--fail for --mcp"))
            (text, asExpected) = runBlocking { await flow.run() }
        } else if device {
            guard !useRFCExample else {
                throw .usage("--rfc7636-example goes with the code flow, not --device (the device grant has no PKCE)")
            }
            let flow = DeviceDemoFlow(failure: try failure(DeviceDemoFlow.Failure.self, named: failureName, for: "--fail for --device"))
            (text, asExpected) = runBlocking { await flow.run() }
        } else {
            let flow = DemoFlow(
                failure: try failure(DemoFlow.Failure.self, named: failureName, for: "step for --fail"),
                verifierOctets: useRFCExample ? rfc7636Octets : nil)
            (text, asExpected) = runBlocking { await flow.run() }
        }
        terminal.write(text, to: .standardOutput)
        guard asExpected else { throw .failure("the demo did not go as expected (see above)") }
    }

    /// The failure named `name`, or nil without one; an unknown name is a usage error listing the known ones.
    private static func failure<Failure: CaseIterable & RawRepresentable<String>>(
        _ type: Failure.Type, named name: String?, for what: String
    ) throws(CLIError) -> Failure? {
        guard let name else { return nil }
        guard let known = Failure(rawValue: name) else {
            throw .usage("unknown \(what): '\(name)'; one of: \(Failure.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return known
    }
}
