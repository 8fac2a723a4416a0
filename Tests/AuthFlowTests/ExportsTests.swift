import AuthFlow
import Testing

@Suite("AuthFlow umbrella")
struct ExportsTests {
    @Test("re-exports every library module, reaching one type of each through import AuthFlow")
    func everyModuleIsReachable() throws {
        // AuthButtonLayout
        #expect(ButtonRules.minimumSize == Size(width: 140, height: 30))
        // AuthCallback
        #expect(try Callback.customScheme("com.example.app").matches("com.example.app:/cb"))
        // AuthCredentials
        #expect(AuthorizationError.Code.canceled.rawValue == 1001)
        // AuthDigest
        #expect(SHA256.hash(data: "abc".utf8).hexString.hasPrefix("ba7816bf"))
        // AuthBase64URL
        #expect(Base64URL.encode([0xfb, 0xff]) == "-_8")
        // AuthJSON
        #expect(try JSONValue(parsing: "[1]").arrayValue?.count == 1)
        // AuthJWT
        #expect(JWSAlgorithm.hs256.rawValue == "HS256")
        // AuthSession
        #expect(AuthSessionError.canceledLogin.code == 9001)
        // AuthPKCE
        #expect(PKCE().challenge.method == .s256)
    }
}
