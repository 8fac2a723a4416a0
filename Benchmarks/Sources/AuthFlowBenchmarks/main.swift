// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

// authflow-benchmarks: AuthFlow's primitives side by side with their peers, in one release run.
//
//   swift run -c release --package-path Benchmarks authflow-benchmarks --help
//   swift run -c release --package-path Benchmarks authflow-benchmarks                 # full run
//   swift run -c release --package-path Benchmarks authflow-benchmarks --quick \
//       --gate Benchmarks/thresholds.json --json .build/benchmarks.json              # what CI runs
//
// ratio is time(AuthFlow) / time(peer): 0.50 means AuthFlow takes half the time, 2.00 twice as long.
import AuthBase64URL
import AuthDigest
import AuthPKCE
import Crypto
import ExtrasBase64
import Foundation

let options = Options.parse(Array(CommandLine.arguments.dropFirst()))
let settings = options.settings

if settings.counting && Counting.open() == 0 {
    Options.fail("--instructions: no instruction counter here (perf_event_open refused); run under valgrind --tool=callgrind")
}

/// Sections with no peer to compare with (or only timing to report) are not counted.
let uncounted: Set<String> = ["hostile", "login", "memory"]

func section(_ name: String, _ body: () async -> Void) async {
    if settings.counting && uncounted.contains(name) { return }
    if options.only == nil || options.only == name { await body() }
}

func table(_ section: String, _ title: String, _ rows: [Comparison]) {
    record(section, rows)
    printTable(title, rows)
}

func input(_ count: Int) -> [UInt8] {
    (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) }
}

// MARK: SHA-256 vs swift-crypto (and OpenSSL's software path)

await section("digest") {
    var digestRows: [Comparison] = []
    for (name, size) in [
        ("SHA-256 43 B (a verifier)", 43), ("SHA-256 64 B", 64), ("SHA-256 1 KiB", 1024), ("SHA-256 1 MiB", 1 << 20),
    ] {
        var data = input(size)
        var counter: UInt8 = 0
        digestRows.append(
            compare(name, bytes: size, peer: "swift-crypto SHA256 ([UInt8], no copy)", settings: settings) {
                counter &+= 1
                data[0] = counter
                blackHole(AuthDigest.SHA256.hash(data: data))
            } theirs: {
                counter &+= 1
                data[0] = counter
                blackHole(Crypto.SHA256.hash(data: data))
            }
        )
    }
    // OpenSSL's software SHA-256, right after our 1 MiB row (same process run, not interleaved: `openssl speed`
    // runs as a child, so these rows are noisier). Both sides count CPU time, as `openssl speed` does: our
    // side is measured for these rows just before each OpenSSL run, for as many seconds.
    if !settings.counting {
        for path in [OpenSSLSpeed.simd, OpenSSLSpeed.integer] {
            let name = "SHA-256 1 MiB vs OpenSSL \(path.name)"
            let seconds = options.isQuick ? 1 : 3
            let ours = OpenSSLSpeed.oursNanosecondsPerMiB(seconds: seconds)
            switch OpenSSLSpeed.nanosecondsPerMiB(path, seconds: seconds) {
            case .success(let nanoseconds):
                digestRows.append(
                    Comparison(
                        name: name, ours: Measurement(nanosecondsPerOperation: ours, bytesPerOperation: 1 << 20),
                        theirs: Measurement(nanosecondsPerOperation: nanoseconds, bytesPerOperation: 1 << 20),
                        peer: "openssl speed -evp sha256, OPENSSL_ia32cap=\(path.ia32cap); both sides CPU time", isExternalPeer: true))
            case .failure(let failure):
                skip(name, because: failure.reason)
            }
        }
    }
    // SHA-512 (SHA-384 shares its compression) vs swift-crypto.
    for (name, size) in [("SHA-512 1 KiB", 1024), ("SHA-512 1 MiB", 1 << 20)] {
        var data = input(size)
        var counter: UInt8 = 0
        digestRows.append(
            compare(name, bytes: size, peer: "swift-crypto SHA512", settings: settings) {
                counter &+= 1
                data[0] = counter
                blackHole(AuthDigest.SHA512.hash(data: data))
            } theirs: {
                counter &+= 1
                data[0] = counter
                blackHole(Crypto.SHA512.hash(data: data))
            }
        )
    }
    // How PKCE hashes a verifier it holds as a String: a careful swift-crypto user hashes the String's own
    // UTF-8 buffer (`withUTF8`, an `UnsafeRawBufferPointer` is DataProtocol), with no copy into Data.
    var verifierText = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"
    digestRows.insert(
        compare("SHA-256 43-char String", bytes: 43, peer: "swift-crypto SHA256 over withUTF8", settings: settings) {
            blackHole(AuthDigest.SHA256.hash(data: verifierText.utf8))
        } theirs: {
            blackHole(verifierText.withUTF8 { Crypto.SHA256.hash(data: UnsafeRawBufferPointer($0)) })
        },
        at: 1
    )
    let key = input(32)
    let cryptoKey = SymmetricKey(data: key)
    for (name, size) in [("HMAC-SHA256 43 B", 43), ("HMAC-SHA256 1 KiB", 1024)] {
        var data = input(size)
        var counter: UInt8 = 0
        digestRows.append(
            compare(name, bytes: size, peer: "swift-crypto HMAC<SHA256>", settings: settings) {
                counter &+= 1
                data[0] = counter
                blackHole(HMACSHA256.authenticationCode(for: data, key: key))
            } theirs: {
                counter &+= 1
                data[0] = counter
                blackHole(Crypto.HMAC<Crypto.SHA256>.authenticationCode(for: data, using: cryptoKey))
            }
        )
    }
    table("digest", "SHA-256 and HMAC-SHA256 (AuthDigest, pure Swift; peers: swift-crypto/BoringSSL, OpenSSL software)", digestRows)
    // The goal of issue 20 is a speed ratio (ours MB/s ÷ OpenSSL's ≥ 0.85), the inverse of the table's ratio.
    for row in digestRows where row.isExternalPeer {
        let speed = row.ours.megabytesPerSecond / row.theirs.megabytesPerSecond
        print(
            "\(row.name): ours \(format(row.ours.megabytesPerSecond, decimals: 1)) MB/s ÷ OpenSSL "
                + "\(format(row.theirs.megabytesPerSecond, decimals: 1)) MB/s = \(format(speed, decimals: 2)) "
                + (speed >= 0.85 ? "(goal ≥ 0.85: met)" : "(goal ≥ 0.85: NOT met)"))
    }
    printSkipped()
}

// MARK: base64url vs swift-extras-base64 and a careful Foundation user

await section("base64url") {
    var rows: [Comparison] = []
    let extrasEncode: Base64.EncodingOptions = [.base64UrlAlphabet, .omitPaddingCharacter]
    let extrasDecode: Base64.DecodingOptions = [.base64UrlAlphabet, .omitPaddingCharacter]
    for (name, size) in [("32 B (a digest)", 32), ("600 B (a JWT part)", 600), ("64 KiB", 65536)] {
        let bytes = input(size)
        let data = Data(bytes)
        let text = Base64URL.encode(bytes)
        precondition((try? Base64.decode(string: text, options: extrasDecode)) == (try? Base64URL.decode(text)))
        precondition(foundationBase64URLDecode(text).map(Array.init) == (try? Base64URL.decode(text)))
        precondition(Base64.encodeToString(bytes: bytes, options: extrasEncode) == text && foundationBase64URLEncode(data) == text)
        rows.append(
            compare("base64url encode \(name)", bytes: size, peer: "swift-extras-base64 encodeToString", settings: settings) {
                blackHole(Base64URL.encode(bytes))
            } theirs: {
                blackHole(Base64.encodeToString(bytes: bytes, options: extrasEncode))
            })
        rows.append(
            compare("base64url decode \(name)", bytes: size, peer: "swift-extras-base64 decode(string:)", settings: settings) {
                blackHole(try? Base64URL.decode(text))
            } theirs: {
                blackHole(try? Base64.decode(string: text, options: extrasDecode))
            })
        if size == 600 {
            rows.append(
                compare("base64url encode \(name), Foundation", bytes: size, peer: "Foundation base64 + byte swaps", settings: settings) {
                    blackHole(Base64URL.encode(bytes))
                } theirs: {
                    blackHole(foundationBase64URLEncode(data))
                })
            rows.append(
                compare("base64url decode \(name), Foundation", bytes: size, peer: "byte swaps + Foundation base64", settings: settings) {
                    blackHole(try? Base64URL.decode(text))
                } theirs: {
                    blackHole(foundationBase64URLDecode(text))
                })
        }
    }
    table("base64url", "base64url (AuthBase64URL; peers: swift-extras-base64, Foundation written carefully)", rows)
}

// MARK: a whole PKCE pair

await section("pkce") {
    var generator = SystemRandomNumberGenerator()
    let rows = [
        compare("PKCE pair (verifier+S256)", bytes: 43, peer: "swift-crypto + extras-base64", settings: settings) {
            blackHole(PKCE(using: &generator))
        } theirs: {
            var octets = [UInt8](repeating: 0, count: 32)
            for index in stride(from: 0, to: 32, by: 8) {
                withUnsafeBytes(of: generator.next()) { octets.replaceSubrange(index..<index + 8, with: $0) }
            }
            let options: Base64.EncodingOptions = [.base64UrlAlphabet, .omitPaddingCharacter]
            let verifier = Base64.encodeToBytes(bytes: octets, options: options)
            blackHole(Crypto.SHA256.hash(data: verifier).withUnsafeBytes { Base64.encodeToString(bytes: $0, options: options) })
        }
    ]
    table("pkce", "PKCE (AuthPKCE; peer: the same steps with swift-crypto and swift-extras-base64)", rows)
}
await section("idtoken") {
    table(
        "idtoken", "ID token (AuthJWT; peers: vapor/jwt-kit, Foundation JSONDecoder + swift-crypto)",
        await IDTokenBenchmark.run(settings: settings))
}
await section("signature") {
    table(
        "signature", "RS256, PS256, ES256 and EdDSA signature verification (AuthJWT, pure Swift; peer: swift-crypto, BoringSSL)",
        SignatureBenchmark.run(settings: settings) + ECDSABenchmark.run(settings: settings)
            + VerifierBenchmark.run(settings: settings))
}
await section("signing") {
    SigningTimingBenchmark.run(settings: settings)
}
await section("callback") {
    table(
        "callback", "Callback parsing (AuthCallback; peer: Foundation URLComponents)", CallbackBenchmark.run(settings: settings))
}
await section("forms") {
    table(
        "forms", "Large form data, 1 KB to 5 MB (AuthCallback; peer: Foundation URLComponents)",
        FormDecodingBenchmark.run(settings: settings))
}
await section("resourceserver") {
    let accessRows = await AccessTokenBenchmark.run(settings: settings)
    table(
        "resourceserver",
        "Resource server: RFC 9068 access tokens and DPoP proofs (AuthResourceServer, AuthDPoP, AuthJWT; peers: vapor/jwt-kit, swift-crypto + JSONDecoder)",
        accessRows + (await DPoPVerifierBenchmark.run(settings: settings)))
    if !settings.counting { AccessTokenBenchmark.printThroughput(accessRows) }
}
await section("memory") {
    await MemoryBenchmark.run(validations: options.validations ?? (options.isQuick ? 5_000 : 1_000_000), quick: options.isQuick)
}
await section("hostile") {
    HostileInputBenchmark.run(settings: settings)
}
await section("login") {
    await LoginBenchmark.run(settings: settings)
}
if settings.counting {
    print("\ncounted: instructions per operation (\(Counting.toolName)), not ns; ratio = instructions(AuthFlow) / instructions(peer).")
    if let path = options.countsPath {
        do { try writeCounts(to: path) } catch { Options.fail("cannot write \(path): \(error)") }
        print("counts written to \(path)")
    }
    exit(0)
}
print("\nratio = time(AuthFlow) / time(peer); below 1.00 AuthFlow is faster. \(settings.samples) samples per side, median.")

if let path = options.jsonPath {
    do {
        try writeJSON(to: path, settings: settings, quick: options.isQuick)
        print("rows written to \(path)")
    } catch {
        Options.fail("cannot write \(path): \(error)")
    }
}
if let path = options.gatePath {
    print("\nGate: each ratio against its maximum in \(path)")
    let failures: [String]
    do { failures = try gateFailures(thresholdsPath: path, onlySection: options.only) } catch {
        Options.fail("cannot read \(path): \(error)")
    }
    if failures.isEmpty {
        print("gate: all \(recordedRows.count) ratios within their thresholds")
    } else {
        for failure in failures { print("FAIL \(failure)") }
        print("gate: \(failures.count) of \(recordedRows.count) rows failed (above)")
        exit(1)
    }
}
