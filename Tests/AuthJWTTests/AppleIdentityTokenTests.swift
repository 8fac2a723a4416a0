import AuthJWT
import Foundation
import TestVectors
import Testing

@Suite("AppleIdentityToken")
struct AppleIdentityTokenTests {
    struct File: Decodable {
        struct Case: Decodable {
            struct Expected: Decodable {
                let subject: String
                let email: String?
                let emailVerified: Bool?
                let isPrivateEmail: Bool?
                let realUserStatus: Int?
                let nonceSupported: Bool?
            }
            let name: String
            let token: String
            let expected: Expected
        }
        let now: Int64
        let clientID: String
        let hashedNonce: String
        let code: String
        let cases: [Case]
    }

    static func keys() throws -> JWKSet {
        let root = try JSONSerialization.jsonObject(with: Vectors.data("Python/apple-identity-tokens.json")) as? [String: Any]
        return try JWKSet(json: try JSONSerialization.data(withJSONObject: try #require(root?["jwks"])))
    }

    @Test("reads first and later sign-in tokens made by cryptography and joserfc, Apple's string Booleans included")
    func typedView() throws {
        let file = try Vectors.json("Python/apple-identity-tokens.json", as: File.self)
        let validator = IDTokenValidator.signInWithApple(clientID: file.clientID)
        #expect(validator.allowedAlgorithms == [.rs256] && validator.issuer == "https://appleid.apple.com")
        for vector in file.cases {
            let idToken = try validator.validate(
                vector.token, keys: try Self.keys(), now: NumericDate(secondsSince1970: file.now),
                nonce: file.hashedNonce, authorizationCode: file.code)
            let apple = try AppleIdentityToken(idToken)
            #expect(apple.user == vector.expected.subject, "\(vector.name)")
            #expect(apple.email == vector.expected.email)
            #expect(apple.emailVerified == vector.expected.emailVerified)
            #expect(apple.isPrivateEmail == vector.expected.isPrivateEmail)
            #expect(apple.realUserStatus == vector.expected.realUserStatus)
            #expect(apple.nonceSupported == vector.expected.nonceSupported)
            #expect(apple.nonce == file.hashedNonce)
        }
    }

    @Test("refuses Apple's tokens for another app, with another nonce, or after they expire")
    func refusals() throws {
        let file = try Vectors.json("Python/apple-identity-tokens.json", as: File.self)
        let token = try #require(file.cases.first).token
        let now = NumericDate(secondsSince1970: file.now)
        #expect(throws: AuthJWTError.audienceMismatch(expected: "com.other.app", actual: [file.clientID])) {
            try IDTokenValidator.signInWithApple(clientID: "com.other.app").validate(token, keys: try Self.keys(), now: now)
        }
        #expect(throws: AuthJWTError.nonceMismatch) {
            try IDTokenValidator.signInWithApple(clientID: file.clientID)
                .validate(token, keys: try Self.keys(), now: now, nonce: "raw-nonce-sent-unhashed")
        }
        #expect(throws: AuthJWTError.self) {
            try IDTokenValidator.signInWithApple(clientID: file.clientID)
                .validate(token, keys: try Self.keys(), now: now.adding(seconds: 3600))
        }
    }
}
