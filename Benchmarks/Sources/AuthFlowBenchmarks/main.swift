// authflow-benchmarks: AuthFlow's primitives side by side with their peers, in one release run.
//
//   swift run -c release --package-path Benchmarks authflow-benchmarks          # full run
//   swift run -c release --package-path Benchmarks authflow-benchmarks --quick  # smoke run (CI)
//
// ours/peer is time(ours) / time(peer): 0.50 means ours takes half the time, 2.00 twice as long.
import AuthBase64URL
import AuthDigest
import AuthPKCE
import Crypto
import Foundation

let settings = CommandLine.arguments.contains("--quick") ? Settings.quick : Settings.full
/// `--only NAME` runs one section: digest, base64url, pkce, idtoken, signature, signing, callback, hostile, login.
let only: String? = CommandLine.arguments.firstIndex(of: "--only").flatMap {
    $0 + 1 < CommandLine.arguments.count ? CommandLine.arguments[$0 + 1] : nil
}

func section(_ name: String, _ body: () -> Void) {
    if only == nil || only == name { body() }
}

func input(_ count: Int) -> [UInt8] {
    (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) }
}

// MARK: SHA-256 vs swift-crypto

section("digest") {

    var digestRows: [Comparison] = []
    for (name, size) in [
        ("SHA-256 43 B (a verifier)", 43), ("SHA-256 64 B", 64), ("SHA-256 1 KiB", 1024),
        ("SHA-256 1 MiB", 1 << 20),
    ] {
        var data = input(size)
        var counter: UInt8 = 0
        digestRows.append(
            compare(name, bytes: size, peer: "swift-crypto SHA256", settings: settings) {
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
    // How PKCE code hashes a verifier: swift-crypto takes DataProtocol, so a String goes through Data.
    let verifierText = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"
    digestRows.insert(
        compare(
            "SHA-256 43-char String", bytes: 43, peer: "swift-crypto SHA256 of Data(s.utf8)",
            settings: settings
        ) {
            blackHole(AuthDigest.SHA256.hash(data: verifierText.utf8))
        } theirs: {
            blackHole(Crypto.SHA256.hash(data: Data(verifierText.utf8)))
        },
        at: 1
    )

    var hmacRows: [Comparison] = []
    let key = input(32)
    let cryptoKey = SymmetricKey(data: key)
    for (name, size) in [("HMAC-SHA256 43 B", 43), ("HMAC-SHA256 1 KiB", 1024)] {
        var data = input(size)
        var counter: UInt8 = 0
        hmacRows.append(
            compare(name, bytes: size, peer: "swift-crypto HMAC<SHA256>", settings: settings) {
                counter &+= 1
                data[0] = counter
                blackHole(HMACSHA256.authenticationCode(for: data, key: key))
            } theirs: {
                counter &+= 1
                data[0] = counter
                blackHole(HMAC<Crypto.SHA256>.authenticationCode(for: data, using: cryptoKey))
            }
        )
    }
    printTable(
        "SHA-256 and HMAC-SHA256 (ours: AuthDigest, pure Swift; peer: swift-crypto)",
        digestRows + hmacRows)
}

// MARK: base64url vs Foundation

section("base64url") {

    /// What code without AuthBase64URL writes: Foundation's base64, then the URL alphabet and no padding.

    var base64Rows: [Comparison] = []
    for (name, size) in [
        ("encode 32 B (a digest)", 32), ("encode 600 B (a JWT part)", 600), ("encode 64 KiB", 65536),
    ] {
        let bytes = input(size)
        let data = Data(bytes)
        base64Rows.append(
            compare(name, bytes: size, peer: "Foundation base64 + URL alphabet", settings: settings) {
                blackHole(Base64URL.encode(bytes))
            } theirs: {
                blackHole(foundationBase64URLEncode(data))
            }
        )
    }
    for (name, size) in [
        ("decode 32 B (a digest)", 32), ("decode 600 B (a JWT part)", 600), ("decode 64 KiB", 65536),
    ] {
        let text = Base64URL.encode(input(size))
        precondition(foundationBase64URLDecode(text).map(Array.init) == (try? Base64URL.decode(text)))
        base64Rows.append(
            compare(name, bytes: size, peer: "Foundation base64 + URL alphabet", settings: settings) {
                blackHole(try? Base64URL.decode(text))
            } theirs: {
                blackHole(foundationBase64URLDecode(text))
            }
        )
    }
    // Foundation's own base64 without the URL-alphabet conversion, to show how much of the gap that is.
    let jwtPart = input(600)
    let jwtPartData = Data(jwtPart)
    let jwtPartText = Base64URL.encode(jwtPart)
    let jwtPartStandard = jwtPartData.base64EncodedString()
    base64Rows.append(
        compare(
            "encode 600 B, bare peer", bytes: 600, peer: "Foundation base64EncodedString only",
            settings: settings
        ) {
            blackHole(Base64URL.encode(jwtPart))
        } theirs: {
            blackHole(jwtPartData.base64EncodedString())
        }
    )
    base64Rows.append(
        compare(
            "decode 600 B, bare peer", bytes: 600, peer: "Foundation Data(base64Encoded:) only",
            settings: settings
        ) {
            blackHole(try? Base64URL.decode(jwtPartText))
        } theirs: {
            blackHole(Data(base64Encoded: jwtPartStandard))
        }
    )
    printTable("base64url (ours: AuthBase64URL; peer: Foundation)", base64Rows)
}

// MARK: a whole PKCE pair

section("pkce") {

    var generator = SystemRandomNumberGenerator()
    let pkceRows = [
        compare(
            "PKCE pair (verifier+S256)", bytes: 43, peer: "swift-crypto + Foundation", settings: settings
        ) {
            blackHole(PKCE(using: &generator))
        } theirs: {
            var octets = [UInt8](repeating: 0, count: 32)
            for index in stride(from: 0, to: 32, by: 8) {
                withUnsafeBytes(of: generator.next()) {
                    octets.replaceSubrange(index..<index + 8, with: $0)
                }
            }
            let verifier = foundationBase64URLEncode(Data(octets))
            blackHole(foundationBase64URLEncode(Data(Crypto.SHA256.hash(data: Data(verifier.utf8)))))
        }
    ]
    printTable(
        "PKCE (ours: AuthPKCE; peer: the same steps with swift-crypto and Foundation)", pkceRows)
}
section("idtoken") {
    printTable(
        "ID token (ours: AuthJWT; peer: Foundation JSONDecoder and swift-crypto HMAC)",
        IDTokenBenchmark.run(settings: settings))
}
section("signature") {
    printTable(
        "RS256 and ES256 signature verification (ours: AuthJWT, pure Swift; peer: swift-crypto, BoringSSL)",
        SignatureBenchmark.run(settings: settings) + ECDSABenchmark.run(settings: settings))
}
section("signing") {
    SigningTimingBenchmark.run(settings: settings)
}
section("callback") {
    printTable(
        "Callback parsing (ours: AuthCallback; peer: Foundation URLComponents)",
        CallbackBenchmark.run(settings: settings))
}
section("hostile") {
    HostileInputBenchmark.run(settings: settings)
}
if only == nil || only == "login" {
    await LoginBenchmark.run(settings: settings)
}
print(
    "\nours/peer = time(ours) / time(peer); below 1.00 ours is faster. \(settings.samples) samples per side, median."
)
