// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthFlow
import AuthTesting
import Foundation
import Testing

/// The redaction rule, checked in one place: every public type that holds a secret is built here with
/// secrets the test chose, and none of them may appear in its `description`, `debugDescription`,
/// `String(reflecting:)`, string interpolation or `dump` (which follows `Mirror`s all the way down, as
/// debuggers and loggers do). A second test reads `Sources/` and fails when a type that holds a secret is
/// neither checked here nor explained in ``SecretRedactionTests/notChecked``.
///
/// What counts as a secret: tokens (access, refresh, ID, exchanged, registration and initial access
/// tokens), authorization codes, device codes, PKCE verifiers, states, nonces, client secrets, private keys
/// (client assertion keys, DPoP keys, test signing keys), HMAC keys, PAR `request_uri`s (a one-time
/// reference, but one that starts the user's authorization: redacted all the same), and the query,
/// fragment, headers and bodies that carry them. Not secrets: the `user_code` of a device authorization
/// (RFC 8628 §3.3: shown to the user, on screen, to type elsewhere), client IDs, issuers, redirect URIs,
/// public keys. No type holds a password.
@Suite("Secrets stay out of every description, debug description and dump")
struct SecretRedactionTests {
    /// Every public type the source scan finds holding a secret, with a value built from known secrets.
    @Test("no secret of any secret-holding public type shows in description, debugDescription, dump or interpolation")
    func noSecretShows() async throws {
        var failures: [String] = []
        for specimen in try await Self.specimens() {
            for (view, text) in Self.views(of: specimen.value) {
                for secret in specimen.secrets where text.contains(secret) {
                    failures.append("\(specimen.name): \(view) shows the secret \"\(secret)\"")
                }
                for bytes in specimen.secretBytes where Self.integers(in: text).containsRun(bytes.map(Int.init)) {
                    failures.append("\(specimen.name): \(view) shows the secret's bytes")
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    @Test("every public type in Sources whose stored members are named like secrets is checked here or explained")
    func everySecretHoldingTypeIsChecked() async throws {
        let flagged = try Self.scan().flagged
        let checked = Set(try await Self.specimens().map(\.name))
        let unchecked = flagged.keys.filter { !checked.contains($0) && Self.notChecked[$0] == nil }.sorted()
        #expect(unchecked.isEmpty, "not in SecretRedactionTests: \(unchecked.map { "\($0) (\(flagged[$0] ?? ""))" })")
        // The lists stay honest: each name still exists, and an explained type is not also checked.
        let declared = Set(try Self.scan().declarations.keys)
        #expect(checked.subtracting(declared).isEmpty, "checked types not found in Sources: \(checked.subtracting(declared).sorted())")
        #expect(Set(Self.notChecked.keys).subtracting(declared).isEmpty)
        #expect(checked.isDisjoint(with: Self.notChecked.keys))
    }

    @Test("the source scan flags the types it should, by their members' names and by what they hold")
    func scanFlagsKnownSecretHolders() throws {
        let flagged = try Self.scan().flagged
        for name in [
            "DeviceAuthorization", "TokenSet", "CodeVerifier", "StoredCredential", "User", "ClientAuthentication", "TestSigningKey",
        ] {
            #expect(flagged[name] != nil, "\(name) not flagged")
        }
        for name in ["Scope", "ProviderMetadata", "CodeChallenge", "JWSAlgorithm", "GrantIdentity"] {
            #expect(flagged[name] == nil, "\(name) flagged: \(flagged[name] ?? "")")
        }
        #expect(SecretHoldingTypes.isSecret(member: "deviceCode", type: "String"))
        #expect(SecretHoldingTypes.isSecret(member: "dpopKey", type: "P256PrivateKey?"))
        #expect(!SecretHoldingTypes.isSecret(member: "tokenType", type: "String"))
        #expect(!SecretHoldingTypes.isSecret(member: "clientSecretExpiresAt", type: "Int64?"))
        #expect(!SecretHoldingTypes.isSecret(member: "code", type: "Code"))
    }

    // MARK: What is not checked here, and why

    /// Types the scan flags that this test does not build, each with the reason.
    static let notChecked: [String: String] = [
        "LogoutToken":
            "a validated logout token's claims (iss, sub, sid, jti, iat, exp, events): identifiers the provider POSTs to the client, none a credential; the compact token itself is not kept",
        "VerifiedDPoPProof":
            "a verified DPoP proof's claims: its nonce is the server's own, sent to the client in the clear (DPoP-Nonce, RFC 9449 §8), and its jti is public",
        "AuthDPoPError":
            "its useDPoPNonce case carries the nonce to send the client in the DPoP-Nonce header: public by design (RFC 9449 §8)",
        "ResourceServerError": "its dpopProof case carries an AuthDPoPError, whose nonce is public (see AuthDPoPError)",
        "AccessPrincipal":
            "a validated token's claims and its verified DPoP proof (see VerifiedDPoPProof): what the server reads, never the token",
        "IDToken":
            "a verified, decoded ID token: its claims are what an app reads and shows; it keeps the parts as bytes and claims, "
            + "never the compact token, and a dump shows the signature bytes. Keep the token itself in a TokenSet",
        "AppleIdentityToken": "a decoded Sign in with Apple identity token, like IDToken (its nonce is checked, already used)",
        "AuthenticationChallenge":
            "a WWW-Authenticate challenge the server sent (RFC 9110 §11.6.1): its token68 and parameters are the server's, not the client's",
        "AppleIDAuthorization":
            "no public initializer (AppleIDAuthorizationController makes it); it has no description, and its parts, "
            + "AppleIDCredential and AppleIDRequest, are checked",
        "AppleIDProvider": "holds the client ID and the public redirect URI only",
        "URLSessionTransport":
            "holds requests and responses only while URLSession runs them, inside its private delegate; at rest it holds none",
        "KeychainCredentialStore": "compiled only where Security is (Apple platforms); its document model is InMemoryCredentialStore's",
    ]

    /// Types whose secret the scan cannot see by name: bytes in a key, headers and bodies, a URI's query.
    static let seeds: Set<String> = ["P256PrivateKey", "HMAC", "TransportRequest", "TransportResponse", "Redirect", "URI"]

    static func scan() throws -> SecretHoldingTypes {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let sources = root.appendingPathComponent("Sources")
        var files: [(path: String, text: String)] = []
        let enumerator = try #require(FileManager.default.enumerator(atPath: sources.path))
        for case let path as String in enumerator where path.hasSuffix(".swift") {
            files.append(("Sources/" + path, try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)))
        }
        #expect(files.count > 100, "Sources/ not found from \(#filePath)")
        return SecretHoldingTypes(
            files: files, seeds: seeds, harmless: Set(notChecked.keys).subtracting(["AppleIDAuthorization", "KeychainCredentialStore"]))
    }

    // MARK: Looking

    /// Every way a value becomes text: description, debug description, reflection, interpolation and dump.
    static func views(of value: Any) -> [(String, String)] {
        var dumped = ""
        dump(value, to: &dumped)
        var views = [
            ("String(describing:)", String(describing: value)), ("String(reflecting:)", String(reflecting: value)),
            ("interpolation", "\(value)"), ("dump", dumped),
        ]
        if let value = value as? any CustomStringConvertible { views.append(("description", value.description)) }
        if let value = value as? any CustomDebugStringConvertible { views.append(("debugDescription", value.debugDescription)) }
        return views
    }

    /// The whole numbers in `text`, in order: a `[UInt8]` secret shows in a dump as one number per line.
    static func integers(in text: String) -> [Int] {
        text.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
    }
}

extension Array where Element == Int {
    fileprivate func containsRun(_ run: [Int]) -> Bool {
        guard !run.isEmpty, run.count <= count else { return false }
        return (0...(count - run.count)).contains { start in self[start..<(start + run.count)].elementsEqual(run) }
    }
}
