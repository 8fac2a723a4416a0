import AuthBase64URL
import AuthDigest
import AuthJWT
import Crypto
import Foundation

/// Decode + validate of a typical ~800-byte HS256 ID token: AuthJWT's IDTokenValidator against the path an
/// app writes with Foundation (JSONDecoder into Codable structs) and swift-crypto (HMAC), doing the same
/// checks: signature, iss, aud, exp, iat, nonce.
enum IDTokenBenchmark {
    static let secret = Array("benchmark-secret-of-32-bytes-min".utf8)
    static let now: Int64 = 1_767_225_600
    static let claims = """
        {"iss":"https://accounts.example.com","sub":"110169484474386276334","aud":"1008719970978-hb24n2dstb40o45d4feuo2ukqmcc6381.apps.example.com",\
        "azp":"1008719970978-hb24n2dstb40o45d4feuo2ukqmcc6381.apps.example.com","exp":1767229200,"iat":1767225590,\
        "auth_time":1767225580,"nonce":"n-0S6_WzA2Mj-benchmark-nonce-value","at_hash":"HK6E_P6Dh8Y93mRNtsDB1Q",\
        "email":"jane.doe@example.com","email_verified":true,"name":"Jane Doe","given_name":"Jane","family_name":"Doe",\
        "picture":"https://images.example.com/a/ACg8ocJ-some-long-picture-path-for-realism=s96-c","locale":"en-GB",\
        "hd":"example.com"}
        """
    static let token: String = {
        let input = Base64URL.encode(#"{"alg":"HS256","kid":"bench","typ":"JWT"}"#.utf8) + "." + Base64URL.encode(claims.utf8)
        return input + "." + Base64URL.encode(HMACSHA256.authenticationCode(for: input.utf8, key: secret))
    }()

    struct Header: Decodable {
        let alg: String
        let kid: String?
    }

    struct Claims: Decodable {
        let iss: String
        let sub: String
        let aud: String
        let exp: Int64
        let iat: Int64
        let nonce: String?
        let email: String?
    }

    static func foundationValidate(_ token: String, key: SymmetricKey) -> Bool {
        let parts = token.split(separator: ".")
        guard parts.count == 3, let headerData = decode(parts[0]), let payload = decode(parts[1]),
            let signature = decode(parts[2]),
            let header = try? JSONDecoder().decode(Header.self, from: headerData), header.alg == "HS256",
            Crypto.HMAC<Crypto.SHA256>.isValidAuthenticationCode(
                signature, authenticating: Data("\(parts[0]).\(parts[1])".utf8), using: key),
            let claims = try? JSONDecoder().decode(Claims.self, from: payload)
        else { return false }
        return claims.iss == "https://accounts.example.com"
            && claims.aud == "1008719970978-hb24n2dstb40o45d4feuo2ukqmcc6381.apps.example.com"
            && now < claims.exp + 60 && claims.iat <= now + 60 && claims.nonce == "n-0S6_WzA2Mj-benchmark-nonce-value"
    }

    static func decode(_ segment: Substring) -> Data? {
        var base64 = segment.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.utf8.count % 4) % 4)
        return Data(base64Encoded: base64)
    }

    static func run(settings: Settings) -> [Comparison] {
        var validator = IDTokenValidator(
            issuer: "https://accounts.example.com", clientID: "1008719970978-hb24n2dstb40o45d4feuo2ukqmcc6381.apps.example.com")
        validator.allowedAlgorithms = [.hs256]
        let keys = JWKSet(keys: [JWK(symmetricKey: secret, keyID: "bench")])
        let cryptoKey = SymmetricKey(data: secret)
        let moment = NumericDate(secondsSince1970: now)
        let nonce = "n-0S6_WzA2Mj-benchmark-nonce-value"
        precondition((try? validator.validate(token, keys: keys, now: moment, nonce: nonce)) != nil)
        precondition(foundationValidate(token, key: cryptoKey))
        return [
            compare("ID token \(token.utf8.count) B, HS256", bytes: token.utf8.count,
                    peer: "Foundation JSONDecoder + swift-crypto", settings: settings) {
                blackHole(try? validator.validate(token, keys: keys, now: moment, nonce: nonce))
            } theirs: {
                blackHole(foundationValidate(token, key: cryptoKey))
            },
            compare("decode only \(token.utf8.count) B", bytes: token.utf8.count,
                    peer: "Foundation split + Data + JSONDecoder", settings: settings) {
                blackHole(try? JWT(compact: token))
            } theirs: {
                let parts = token.split(separator: ".")
                blackHole(decode(parts[0]).flatMap { try? JSONDecoder().decode(Header.self, from: $0) })
                blackHole(decode(parts[1]).flatMap { try? JSONDecoder().decode(Claims.self, from: $0) })
            },
        ]
    }
}
