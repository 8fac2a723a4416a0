// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthCredentials
import AuthJWT
import AuthSession
import Foundation
import Testing

@testable import AuthFlowCLI

/// Server text on a terminal: ECMA-48's C0 and C1 control sets and DEL never reach it from what a provider
/// chose (a user code, an error, a subject, scopes, claims); printable Unicode does, unchanged.
@Suite("ServerText: a provider's text written to a terminal without control characters")
struct ServerTextTests {
    /// Every control character ECMA-48 defines: C0 (0x00–0x1F), DEL (0x7F), C1 (0x80–0x9F).
    static let controls: [Unicode.Scalar] =
        (0x00...0x1f).map { Unicode.Scalar($0)! } + [Unicode.Scalar(0x7f)!]
        + (0x80...0x9f).map { Unicode.Scalar($0)! }

    @Test("escape sequences, the bell, a carriage return and C1 controls are removed, the visible text kept")
    func controlsRemoved() {
        #expect(ServerText.printable("WDJB-MJHT\u{1b}[2J\u{1b}[H") == "WDJB-MJHT[2J[H")
        #expect(ServerText.printable("\u{1b}]0;pwned\u{07}code") == "]0;pwnedcode", "an OSC window title ended by BEL")
        #expect(ServerText.printable("ok\rauthflow: Logged in as admin") == "okauthflow: Logged in as admin")
        #expect(ServerText.printable("line\nauthflow: forged") == "lineauthflow: forged")
        #expect(ServerText.printable("\u{9b}31mred\u{9d}8;;https://evil\u{9c}") == "31mred8;;https://evil", "C1 CSI, OSC, ST")
        #expect(ServerText.printable("a\u{7f}b\u{0}c\tc") == "abcc")
        for scalar in Self.controls {
            #expect(ServerText.printable("x\(scalar)y") == "xy", "U+\(String(scalar.value, radix: 16))")
        }
    }

    @Test("printable Unicode passes unchanged: accents, CJK, emoji, and the characters next to the control ranges")
    func unicodeKept() {
        for text in ["café", "漢字", "Ünïcödé — “quotes” ✓ 🙂", " ~", "\u{a0}\u{a1}ÿ", "https://login.example.com/device?user_code=WDJB-MJHT"]
        {
            #expect(ServerText.printable(text) == text)
        }
    }

    @Test("JSON keeps its value and its line breaks: DEL and C1 in strings become \\u escapes")
    func json() throws {
        let text = "{\n  \"name\": \"a\u{9b}b\u{7f}c é 漢字\"\n}"
        let safe = ServerText.json(text)
        #expect(safe == "{\n  \"name\": \"a\\u009bb\\u007fc é 漢字\"\n}")
        // Foundation's parser, an independent reader, gets the same value back.
        let original = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: String]
        let parsed = try JSONSerialization.jsonObject(with: Data(safe.utf8)) as? [String: String]
        #expect(parsed == original && parsed?["name"] == "a\u{9b}b\u{7f}c é 漢字")
        #expect(ServerText.json("{\"a\": \"漢字\"}") == "{\"a\": \"漢字\"}")
    }

    @Test("a provider's error code and description reach the login's message without control characters")
    func loginError() {
        let response = OAuthErrorResponse(
            error: OAuthErrorCode(rawValue: "access_denied\u{1b}[2J"), errorDescription: "no\u{9b}31m thanks\u{07}")
        let refused = CLIError.login(.callback(.errorResponse(response)), profile: "default")
        #expect(refused.exitStatus == 3)
        #expect(!refused.message.unicodeScalars.contains { $0.value < 0x20 || (0x7f...0x9f).contains($0.value) }, "\(refused.message)")
        #expect(refused.message.hasPrefix("the provider refused the login: access_denied[2J: no"), "\(refused.message)")
        let unverified = CLIError.login(.session(.unverifiedErrorResponse(response)), profile: "default")
        #expect(unverified.exitStatus == 1)
        #expect(!unverified.message.unicodeScalars.contains { $0.value < 0x20 || (0x7f...0x9f).contains($0.value) })
        #expect(unverified.message.contains("unverified") && unverified.message.contains("access_denied[2J"))
    }

    @Test("scopes a token response named are printed without control characters")
    func scopes() {
        let tokens = TokenSet(accessToken: "at", expiresAt: nil, scopes: ["openid", "evil\u{1b}[31m\u{85}"])
        let lines = TokenSummary.lines(tokens, now: NumericDate(secondsSince1970: 0), fallbackScopes: [])
        #expect(lines.contains("  scopes:   openid evil[31m\n"), "\(lines)")
    }
}
