// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

// Built by .ci/embedded-check in Embedded Swift mode together with the Foundation-free modules, and run.
// It proves those modules compile without Foundation or any runtime Embedded Swift lacks, and that the
// result still computes the right answers: each line checks one independent vector. Exits 1 on a failure.

import AuthBase64URL
import AuthDigest
import AuthJSON
import AuthJWT
import AuthPKCE
import AuthTesting

@main
struct EmbeddedCheck {
    nonisolated(unsafe) static var failures = 0  // single-threaded runner

    static func check(_ name: StaticString, _ actual: String, _ expected: String) {
        if actual.utf8.elementsEqual(expected.utf8) {
            print("ok    \(name)")
        } else {
            print("FAIL  \(name): got \(actual), expected \(expected)")
            failures += 1
        }
    }

    static func main() {
        // FIPS 180-2 Appendix B.1 and the empty message (NIST CAVP SHA256ShortMsg, Len = 0).
        check(
            "SHA-256 of 'abc'", SHA256.hash(data: "abc".utf8).hexString,
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        check(
            "SHA-256 of the empty message", SHA256.hash(data: [UInt8]()).hexString,
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")

        // FIPS 180-2 Appendix B.3: one million 'a', streamed in pieces of 1000.
        var hasher = SHA256()
        let thousand = [UInt8](repeating: UInt8(ascii: "a"), count: 1000)
        for _ in 0..<1000 { hasher.update(data: thousand) }
        check(
            "SHA-256 of one million 'a'", hasher.finalize().hexString,
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")

        // RFC 4231 test case 2.
        check(
            "HMAC-SHA256, RFC 4231 case 2",
            HMACSHA256.authenticationCode(for: "what do ya want for nothing?".utf8, key: "Jefe".utf8).hexString,
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")

        // FIPS 180-2 Appendix C.1 and D.1 ("abc"), as in NIST CAVP SHA512ShortMsg/SHA384ShortMsg; RFC 4231 case 2.
        check(
            "SHA-512 of 'abc'", SHA512.hash(data: "abc".utf8).hexString,
            "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"
        )
        check(
            "SHA-384 of 'abc'", SHA384.hash(data: "abc".utf8).hexString,
            "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7")
        check(
            "HMAC-SHA512, RFC 4231 case 2",
            HMACSHA512.authenticationCode(for: "what do ya want for nothing?".utf8, key: "Jefe".utf8).hexString,
            "164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea2505549758bf75c05a994a6d034f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737"
        )

        // RFC 7515 Appendix C.
        check("base64url, RFC 7515 Appendix C", Base64URL.encode([3, 236, 255, 224, 193]), "A-z_4ME")
        do {
            let decoded = try Base64URL.decode("A-z_4ME")
            check("base64url decode, RFC 7515 Appendix C", Hex.encode(decoded), "03ecffe0c1")
        } catch {
            check("base64url decode, RFC 7515 Appendix C", "\(error)", "no error")
        }
        do {
            _ = try Base64URL.decode("Zg==")
            check("base64url rejects padding", "accepted", "AuthBase64URLError 2003")
        } catch {
            check("base64url rejects padding", "AuthBase64URLError \(error.code)", "AuthBase64URLError 2003")
        }

        // RFC 7636 Appendix B, generated from its octets through an injected generator.
        var generator = ReplayRandomNumberGenerator(octets: [
            116, 24, 223, 180, 151, 153, 224, 37, 79, 250, 96, 125, 216, 173, 187, 186,
            22, 212, 37, 77, 105, 214, 191, 240, 91, 88, 5, 88, 83, 132, 141, 121,
        ])
        let pkce = PKCE(using: &generator)
        check("PKCE verifier, RFC 7636 Appendix B", pkce.verifier.value, "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")
        check("PKCE S256 challenge, RFC 7636 Appendix B", pkce.challenge.value, "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
        do {
            _ = try CodeVerifier("too-short")
            check("PKCE rejects a short verifier", "accepted", "AuthPKCEError 3001")
        } catch {
            check("PKCE rejects a short verifier", "AuthPKCEError \(error.code)", "AuthPKCEError 3001")
        }
        // RFC 8259 §13's image example, and a duplicate member name (RFC 7515 §5.2).
        do {
            let image = try JSONValue(parsing: #"{"Image":{"Width":800,"IDs":[116,943,234,38793],"Title":"View from 15th Floor"}}"#)
            check(
                "JSON parse, RFC 8259 §13",
                "\(image["Image"]?["IDs"]?.arrayValue?.count ?? 0) \(image["Image"]?["Width"]?.numberValue?.int64Value ?? 0)", "4 800")
            check(
                "JSON serialize", String(decoding: image.serialized(), as: UTF8.self),
                #"{"Image":{"Width":800,"IDs":[116,943,234,38793],"Title":"View from 15th Floor"}}"#)
        } catch {
            check("JSON parse, RFC 8259 §13", "\(error)", "no error")
        }
        do {
            _ = try JSONValue(parsing: #"{"alg":"HS256","alg":"none"}"#)
            check("JSON rejects duplicate names", "accepted", "AuthJSONError 4008")
        } catch {
            check("JSON rejects duplicate names", "AuthJSONError \(error.code)", "AuthJSONError 4008")
        }
        // RFC 7515 Appendix A.1: decode, read a claim, verify HS256 with the example key.
        do {
            let jwt = try JWT(
                compact:
                    "eyJ0eXAiOiJKV1QiLA0KICJhbGciOiJIUzI1NiJ9.eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ.dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"
            )
            let key = try JWK(
                json: #"{"kty":"oct","k":"AyM1SysPpbyDfgZld3umj1qzKObwVMkoqQ-EstJQLr_T-1qS0gZH75aKtMN3Yj0iPS4hcgUuTwjAzZr1Z9CAow"}"#.utf8)
            try jwt.jws.verifySignature(using: JWKSet(keys: [key]), allowedAlgorithms: [.hs256])
            check(
                "JWT HS256, RFC 7515 Appendix A.1", "\(try jwt.claims.issuer ?? "") \(try jwt.claims.expiration?.description ?? "")",
                "joe 1300819380")
        } catch {
            check("JWT HS256, RFC 7515 Appendix A.1", "\(error)", "no error")
        }
        // RFC 7515 Appendix A.2: RS256 with the example 2048-bit key.
        do {
            let jws = try JWS(
                compact:
                    "eyJhbGciOiJSUzI1NiJ9.eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ.cC4hiUPoj9Eetdgtv3hF80EGrhuB__dzERat0XF9g2VtQgr9PJbu3XOiZj5RZmh7AAuHIm4Bh-0Qc_lF5YKt_O8W2Fp5jujGbds9uJdbF9CUAr7t1dnZcAcQjbKBYNX4BAynRFdiuB--f_nZLgrnbyTyWzO75vRK5h6xBArLIARNPvkSjtQBMHlb1L07Qe7K0GarZRmB_eSN9383LcOLn6_dO--xi12jzDwusC-eOkHWEsqtFZESc6BfI7noOPqvhJ1phCnvWh6IeYI2w9QOYEUipUTI8np6LbgGY9Fs98rqVt5AXLIhWkWywlVmtVrBp0igcN_IoypGlUPQGe77Rw"
            )
            let key = try JWK(
                json:
                    #"{"kty":"RSA","e":"AQAB","n":"ofgWCuLjybRlzo0tZWJjNiuSfb4p4fAkd_wWJcyQoTbji9k0l8W26mPddxHmfHQp-Vaw-4qPCJrcS2mJPMEzP1Pt0Bm4d4QlL-yRT-SFd2lZS-pCgNMsD1W_YpRPEwOWvG6b32690r2jZ47soMZo9wGzjb_7OMg0LOL-bSf63kpaSHSXndS5z5rexMdbBYUsLA9e-KXBdQOS-UTo7WTBEMa2R2CapHg665xsmtdVMTBQY4uDZlxvb3qCo5ZwKh9kG4LT6_I5IhlJH7aGhyxXFvUK-DWNmoudF8NAco9_h9iaGNj8q2ethFkMLs91kzk2PAcDTW9gb54h4FRWyuXpoQ"}"#
                    .utf8)
            let verified = try jws.verifySignature(using: JWKSet(keys: [key]), allowedAlgorithms: [.rs256])
            check("JWT RS256, RFC 7515 Appendix A.2", verified.keyType.rawValue, "RSA")
        } catch {
            check("JWT RS256, RFC 7515 Appendix A.2", "\(error)", "no error")
        }
        // RFC 7515 Appendix A.3: ES256 with the example P-256 key.
        do {
            let jws = try JWS(
                compact:
                    "eyJhbGciOiJFUzI1NiJ9.eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ.DtEhU3ljbEg8L38VWAfUAqOyKAM6-Xx-F4GawxaepmXFCgfTjDxw5djxLa8ISlSApmWQxfKTUJqPP3-Kg6NU1Q"
            )
            let key = try JWK(
                json:
                    #"{"kty":"EC","crv":"P-256","x":"f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU","y":"x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0"}"#
                    .utf8)
            let verified = try jws.verifySignature(using: JWKSet(keys: [key]), allowedAlgorithms: [.es256])
            check("JWT ES256, RFC 7515 Appendix A.3", verified.keyType.rawValue, "EC")
        } catch {
            check("JWT ES256, RFC 7515 Appendix A.3", "\(error)", "no error")
        }
        // RFC 8037 Appendix A.4: EdDSA (Ed25519) with the A.2 public key.
        do {
            let jws = try JWS(
                compact:
                    "eyJhbGciOiJFZERTQSJ9.RXhhbXBsZSBvZiBFZDI1NTE5IHNpZ25pbmc.hgyY0il_MGCjP0JzlnLWG1PPOt7-09PGcvMg3AIbQR6dWbhijcNR4ki4iylGjg5BhVsPt9g7sVvpAr_MuM0KAg"
            )
            let key = try JWK(json: #"{"kty":"OKP","crv":"Ed25519","x":"11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"}"#.utf8)
            let verified = try jws.verifySignature(using: JWKSet(keys: [key]), allowedAlgorithms: [.edDSA])
            check("JWS EdDSA, RFC 8037 Appendix A.4", verified.keyType.rawValue, "OKP")
        } catch {
            check("JWS EdDSA, RFC 8037 Appendix A.4", "\(error)", "no error")
        }
        // RFC 7520 §4.2: PS384 with the §3.3 RSA key.
        do {
            let jws = try JWS(
                compact:
                    "eyJhbGciOiJQUzM4NCIsImtpZCI6ImJpbGJvLmJhZ2dpbnNAaG9iYml0b24uZXhhbXBsZSJ9.SXTigJlzIGEgZGFuZ2Vyb3VzIGJ1c2luZXNzLCBGcm9kbywgZ29pbmcgb3V0IHlvdXIgZG9vci4gWW91IHN0ZXAgb250byB0aGUgcm9hZCwgYW5kIGlmIHlvdSBkb24ndCBrZWVwIHlvdXIgZmVldCwgdGhlcmXigJlzIG5vIGtub3dpbmcgd2hlcmUgeW91IG1pZ2h0IGJlIHN3ZXB0IG9mZiB0by4.cu22eBqkYDKgIlTpzDXGvaFfz6WGoz7fUDcfT0kkOy42miAh2qyBzk1xEsnk2IpN6-tPid6VrklHkqsGqDqHCdP6O8TTB5dDDItllVo6_1OLPpcbUrhiUSMxbbXUvdvWXzg-UD8biiReQFlfz28zGWVsdiNAUf8ZnyPEgVFn442ZdNqiVJRmBqrYRXe8P_ijQ7p8Vdz0TTrxUeT3lm8d9shnr2lfJT8ImUjvAA2Xez2Mlp8cBE5awDzT0qI0n6uiP1aCN_2_jLAeQTlqRHtfa64QQSUmFAAjVKPbByi7xho0uTOcbH510a6GYmJUAfmWjwZ6oD4ifKo8DYM-X72Eaw"
            )
            let key = try JWK(
                json:
                    #"{"kty":"RSA","kid":"bilbo.baggins@hobbiton.example","use":"sig","e":"AQAB","n":"n4EPtAOCc9AlkeQHPzHStgAbgs7bTZLwUBZdR8_KuKPEHLd4rHVTeT-O-XV2jRojdNhxJWTDvNd7nqQ0VEiZQHz_AJmSCpMaJMRBSFKrKb2wqVwGU_NsYOYL-QtiWN2lbzcEe6XC0dApr5ydQLrHqkHHig3RBordaZ6Aj-oBHqFEHYpPe7Tpe-OfVfHd1E6cS6M1FZcD1NNLYD5lFHpPI9bTwJlsde3uhGqC0ZCuEHg8lhzwOHrtIQbS0FVbb9k3-tVTU4fg_3L_vniUFAKwuCLqKnS2BYwdq_mzSnbLY7h_qixoR7jig3__kRhuaxwUkRz5iaiQkqgc5gHdrNP5zw"}"#
                    .utf8)
            let verified = try jws.verifySignature(using: JWKSet(keys: [key]), allowedAlgorithms: [.ps384])
            check("JWS PS384, RFC 7520 §4.2", verified.keyID ?? "", "bilbo.baggins@hobbiton.example")
        } catch {
            check("JWS PS384, RFC 7520 §4.2", "\(error)", "no error")
        }
        do {
            let jws = try JWS(compact: "eyJhbGciOiJub25lIn0.eyJpc3MiOiJqb2UifQ.")
            try jws.verifySignature(using: JWKSet(keys: []), allowedAlgorithms: [.none])
            check("JWT refuses alg none", "accepted", "AuthJWTError 5015")
        } catch {
            check("JWT refuses alg none", "AuthJWTError \(error.code)", "AuthJWTError 5015")
        }
        let systemVerifier = CodeVerifier()
        check("PKCE verifier from the system generator has 43 characters", "\(systemVerifier.value.utf8.count)", "43")

        if failures == 0 {
            print("embedded check: all passed")
        } else {
            print("embedded check: \(failures) failed")
            exit(1)
        }
    }
}

@_silgen_name("exit")
func exit(_ status: Int32) -> Never
