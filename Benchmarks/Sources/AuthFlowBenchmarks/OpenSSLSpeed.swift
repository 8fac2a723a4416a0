import Foundation

/// OpenSSL's software SHA-256 path (its SHA extensions switched off with `OPENSSL_ia32cap`), measured by
/// `openssl speed -evp sha256` in a child process during the same run: the reference for AuthDigest's
/// portable compression function. Nil when `openssl` is missing or prints no figure.
func openSSLSoftwareSHA256NanosecondsPerMiB(seconds: Int) -> Double? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["openssl", "speed", "-evp", "sha256", "-bytes", "1048576", "-seconds", "\(seconds)", "-mr"]
    var environment = ProcessInfo.processInfo.environment
    // CPUID(7).EBX bit 29 is SHA-NI: "~" clears it, so OpenSSL takes its best software path (AVX2 / SSSE3).
    environment["OPENSSL_ia32cap"] = ":~0x20000000"
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { return nil }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    // -mr prints "+F:<n>:sha256:<bytes per second>".
    for line in String(decoding: data, as: UTF8.self).split(separator: "\n") where line.hasPrefix("+F:") {
        if let rate = line.split(separator: ":").last.flatMap({ Double($0) }), rate > 0 {
            return Double(1 << 20) / rate * 1e9
        }
    }
    return nil
}
