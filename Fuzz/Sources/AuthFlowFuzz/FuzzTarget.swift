// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One fuzz target: a name for the command line, what it checks, and the body libFuzzer calls with each input.
///
/// A body checks invariants, not only that nothing crashes: when one breaks it calls ``violated(_:)``,
/// which prints the reason and aborts, so libFuzzer saves the input as a crash artifact.
struct FuzzTarget: Sendable {
    let name: String
    let checks: String
    /// Inputs the harness makes itself (tokens signed with its keys), added to the vector-file seeds.
    let seeds: @Sendable () -> [[UInt8]]
    let body: @Sendable ([UInt8]) -> Void

    init(
        name: String, checks: String, seeds: @escaping @Sendable () -> [[UInt8]] = { [] },
        body: @escaping @Sendable ([UInt8]) -> Void
    ) {
        self.name = name
        self.checks = checks
        self.seeds = seeds
        self.body = body
    }

    /// Every target, in the order `authflow-fuzz --list` prints them.
    static let all: [FuzzTarget] = [
        .json, .base64url, .jws, .jwks, .uri, .authorizationResponse, .tokenResponse, .signInWithApple,
        .providerMetadata, .userInfo, .deviceAuthorization, .challenge, .resourceMetadata, .pushedAuthorizationResponse,
        .tokenExchangeResponse, .pendingLogin,
    ]
}

/// Reports a broken invariant and aborts (libFuzzer keeps the input that did it).
func violated(_ reason: String, file: StaticString = #fileID, line: UInt = #line) -> Never {
    writeError("authflow-fuzz: invariant broken at \(file):\(line): \(reason)\n")
    abort()
}

/// Checks `condition`, reporting `reason` as a broken invariant when it is false.
func check(_ condition: Bool, _ reason: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line) {
    if !condition { violated(reason(), file: file, line: line) }
}

/// The input as UTF-8 text, or nil when it is not UTF-8 (targets whose API takes a String skip those).
func text(_ bytes: [UInt8]) -> String? {
    String(validating: bytes, as: UTF8.self)
}

/// Writes `message` to standard error (file descriptor 2).
func writeError(_ message: String) {
    var bytes = Array(message.utf8)
    _ = bytes.withUnsafeMutableBufferPointer { write(2, $0.baseAddress, $0.count) }
}

/// Checks that `shown` (a description or a dump) hides `secret`.
///
/// A redacting rendering still shows some text by design, and the fuzzer can make a secret equal to it (a
/// token copied from the input's `scope`, or from a member name the rendering prints). So a secret is not
/// checked when it is shorter than `minimumLength` bytes (it may occur by chance), occurs in a field shown by design (`visible`), occurs in the
/// rendering's fixed text (`template`: the same rendering of a reference value), or holds a character the
/// template puts between fields (it could span a shown field and the fixed text). A rendering that leaks
/// shows every other secret too, which the fuzzer reaches at once.
func checkHidden(
    _ secret: String, in shown: String, visible: [String?] = [], template: String, minimumLength: Int = 12,
    _ reason: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line
) {
    guard secret.utf8.count >= minimumLength, !visible.contains(where: { $0?.contains(secret) ?? false }), !template.contains(secret)
    else { return }
    let separators = Set(template.unicodeScalars.filter { !isTokenCharacter($0) })
    guard !secret.unicodeScalars.contains(where: { separators.contains($0) }) else { return }
    check(!shown.contains(secret), reason(), file: file, line: line)
}

/// RFC 6750 §2.1's b64token characters: the characters a token is made of in practice.
private func isTokenCharacter(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "A"..."Z", "a"..."z", "0"..."9", "-", ".", "_", "~", "+", "/", "=": true
    default: false
    }
}

/// What `dump` prints for `value`.
func dumped(_ value: some Any) -> String {
    var text = ""
    dump(value, to: &text)
    return text
}
