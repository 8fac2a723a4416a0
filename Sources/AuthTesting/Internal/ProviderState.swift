import AuthJSON

/// Everything the fake provider remembers, behind its lock.
struct ProviderState {
    struct CodeGrant {
        var clientID: String
        var redirectURI: String
        var challenge: String
        var nonce: String?
        var subject: String
        var scope: String
        var authTime: Int64
        var used = false
        var issuedTokens: [String] = []
    }

    struct TokenGrant {
        var clientID = ""
        var subject: String
        var scope: String
        var expiresAt: Int64
    }

    var generator: SeededRandomNumberGenerator
    var signingKey: TestSigningKey
    var publishedKeys: [TestSigningKey]
    var codes: [String: CodeGrant] = [:]
    var accessTokens: [String: TokenGrant] = [:]
    var refreshTokens: [String: TokenGrant] = [:]
    var failures: [FakeOpenIDProvider.Endpoint: [FakeOpenIDProvider.Failure]] = [:]
    var defect: FakeOpenIDProvider.IDTokenDefect?
    /// The `sub` to put in the next ID token instead of the grant's (see `issueNextIDToken(forSubject:)`).
    var nextIDTokenSubject: String?
    var counts: [FakeOpenIDProvider.Endpoint: Int] = [:]
    /// Device authorizations by device code (RFC 8628).
    var devices: [String: DeviceGrant] = [:]

    struct DeviceGrant {
        enum Decision {
            case pending
            case approved(subject: String)
            case denied
        }
        var userCode: String
        var clientID = ""
        var scope: String
        var expiresAt: Int64
        var interval: Int64
        var lastPoll: Int64?
        var decision = Decision.pending
    }
    var skew: Int64 = 0

    init(generator: SeededRandomNumberGenerator, signingKey: TestSigningKey) {
        self.generator = generator
        self.signingKey = signingKey
        publishedKeys = [signingKey]
    }

    /// A fresh 256-bit token, base64url.
    mutating func token() -> String {
        var bytes: [UInt8] = []
        for _ in 0..<4 { withUnsafeBytes(of: generator.next().littleEndian) { bytes += $0 } }
        return Base64Text.encode(bytes)
    }
}
