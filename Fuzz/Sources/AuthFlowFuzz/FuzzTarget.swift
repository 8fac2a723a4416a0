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
        .providerMetadata, .userInfo, .deviceAuthorization, .challenge,
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
