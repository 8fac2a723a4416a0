// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthBase64URL
import AuthHTTP
import AuthJSON
import AuthJWT
import AuthResourceServer
import AuthTesting
import Foundation
import JWTKit

/// JWT access-token validation at a resource server (RFC 9068, issue 30), RS256 and ES256, with the key set
/// loaded once: AuthResourceServer's `AccessTokenValidator` (every check of RFC 9068 §4) and the whole
/// `ResourceServer.authenticate` (the `Authorization` field parsed, the issuer's JWK Set from its cache, the
/// scope required), against vapor/jwt-kit written as a careful user writes it: keys added to one
/// `JWTKeyCollection` once; the header's `typ` checked (`at+jwt`, RFC 9068 §4 step 1: jwt-kit's `verify`
/// does not show the header, so its segment is decoded with one reused `JSONDecoder`); a `JWTPayload` with
/// the RFC 9068 §2.2 claims whose `verify(using:)` checks iss, aud, exp and iat; the scope split and checked.
/// Also `JWTValidator`, AuthJWT's generic RFC 7519 validator (issue 32 item 4: every verifier has a row),
/// against jwt-kit with the same iss, aud and exp checks.
enum AccessTokenBenchmark {
    static let now: Int64 = 1_767_225_600
    static let issuer = "https://as.example.com"
    static let audience = "https://api.example.com/v1"
    static let scope = "orders:read orders:write profile"
    static let claims = """
        {"iss":"https://as.example.com","sub":"5ba552d67","aud":"https://api.example.com/v1","exp":1767229200,\
        "iat":1767225590,"jti":"dbe39bf3a3ba4238a513f51d6e1691c4","client_id":"s6BhdRkqt3",\
        "scope":"orders:read orders:write profile","auth_time":1767225500,"acr":"urn:mace:incommon:iap:silver"}
        """

    /// A compact JWS of `claims` with header typ `at+jwt`, signed with `key` (AuthTesting's published keys).
    static func token(_ key: TestSigningKey, type: String = "at+jwt") -> String {
        let header = #"{"alg":"\#(key.algorithm.rawValue)","kid":"\#(key.keyID ?? "bench")","typ":"\#(type)"}"#
        let input = Base64URL.encode(header.utf8) + "." + Base64URL.encode(claims.utf8)
        var generator = SystemRandomNumberGenerator()
        return input + "." + Base64URL.encode(key.signature(of: Array(input.utf8), using: &generator))
    }

    /// The RFC 9068 §2.2 claims as a jwt-kit payload; `verify(using:)` makes the claim checks of §4.
    struct KitAccessClaims: JWTPayload {
        let iss: IssuerClaim
        let sub: SubjectClaim
        let aud: AudienceClaim
        let exp: ExpirationClaim
        let iat: IssuedAtClaim
        let jti: IDClaim
        let clientID: String
        let scope: String?

        enum CodingKeys: String, CodingKey {
            case iss, sub, aud, exp, iat, jti, scope
            case clientID = "client_id"
        }

        func verify(using algorithm: some JWTAlgorithm) async throws {
            let moment = Date(timeIntervalSince1970: TimeInterval(AccessTokenBenchmark.now))
            guard iss.value == AccessTokenBenchmark.issuer, iat.value <= moment.addingTimeInterval(60) else {
                throw JWTError.claimVerificationFailure(failedClaim: iss, reason: "mismatch")
            }
            try aud.verifyIntendedAudience(includes: AccessTokenBenchmark.audience)
            try exp.verifyNotExpired(currentDate: moment.addingTimeInterval(-60))
        }
    }

    /// The generic RFC 7519 checks (iss, aud, exp), for the `JWTValidator` row.
    struct KitJWTClaims: JWTPayload {
        let iss: IssuerClaim
        let aud: AudienceClaim
        let exp: ExpirationClaim

        func verify(using algorithm: some JWTAlgorithm) async throws {
            let moment = Date(timeIntervalSince1970: TimeInterval(AccessTokenBenchmark.now))
            guard iss.value == AccessTokenBenchmark.issuer else {
                throw JWTError.claimVerificationFailure(failedClaim: iss, reason: "mismatch")
            }
            try aud.verifyIntendedAudience(includes: AccessTokenBenchmark.audience)
            try exp.verifyNotExpired(currentDate: moment.addingTimeInterval(-60))
        }
    }

    struct TypeHeader: Decodable {
        let typ: String?
    }

    /// One decoder for every token, as a careful server keeps it.
    static let decoder = JSONDecoder()

    /// The careful jwt-kit user's `typ` check (RFC 9068 §4 step 1), before `verify`.
    static func kitTypeIsAccessToken(_ token: String) -> Bool {
        guard let dot = token.utf8.firstIndex(of: UInt8(ascii: ".")),
            let data = foundationBase64URLDecode(token[..<dot]),
            let type = (try? decoder.decode(TypeHeader.self, from: data))?.typ?.lowercased()
        else { return false }
        return type == "at+jwt" || type == "application/at+jwt"
    }

    /// jwt-kit's whole validation of an access token, as the resource server's handler would call it.
    static func kitValidate(_ token: String, kit: JWTKeyCollection) async -> KitAccessClaims? {
        guard kitTypeIsAccessToken(token), let claims = try? await kit.verify(token, as: KitAccessClaims.self) else { return nil }
        guard claims.scope?.split(separator: " ").contains("orders:read") == true else { return nil }
        return claims
    }

    /// A transport that answers every request with the JWK Set: the resource server fetches it once and
    /// then serves every validation from its cache.
    struct KeySetTransport: HTTPTransport {
        let body: [UInt8]
        func send(_ request: TransportRequest) async throws(AuthHTTPError) -> TransportResponse {
            TransportResponse(status: 200, headerFields: [HeaderField(name: "Content-Type", value: "application/json")], body: body)
        }
    }

    static func run(settings: Settings) async -> [Comparison] {
        var rows: [Comparison] = []
        for key in [TestSigningKey.rs256, .es256] {
            let algorithm = key.algorithm.rawValue
            let token = token(key)
            let jwks = TestSigningKey.jwkSet([key]).serialized()
            let kit = JWTKeyCollection()
            guard let keys = try? JWKSet(json: jwks), (try? await kit.add(jwksJSON: String(decoding: jwks, as: UTF8.self))) != nil
            else { fatalError("the \(algorithm) JWK Set does not load") }
            let validator = AccessTokenValidator(issuers: [issuer], audience: audience)
            guard let principal = try? validator.validate(token, keys: keys, now: now), principal.hasScopes(["orders:read"]) else {
                fatalError("AccessTokenValidator refuses the \(algorithm) token")
            }
            let kitAccepts = await kitValidate(token, kit: kit) != nil
            precondition(kitAccepts, "jwt-kit refuses the \(algorithm) token")
            // Both sides refuse a token whose typ is the ID token's.
            let idTyped = Self.token(key, type: "JWT")
            let kitRefuses = await kitValidate(idTyped, kit: kit) == nil
            precondition((try? validator.validate(idTyped, keys: keys, now: now)) == nil && kitRefuses)
            rows.append(
                await compareAsync(
                    "Access token validate, \(algorithm)", bytes: token.utf8.count,
                    peer: "vapor/jwt-kit typ + verify + claim checks + scope", settings: settings
                ) {
                    blackHole((try? validator.validate(token, keys: keys, now: now))?.hasScopes(["orders:read"]))
                } theirs: {
                    blackHole(await kitValidate(token, kit: kit))
                })

            var configuration = ResourceServerConfiguration(
                resource: audience, authorizationServers: [issuer], keys: .jwksURL("https://as.example.com/jwks.json"))
            configuration.allowedAlgorithms = [key.algorithm]
            let server = ResourceServer(configuration: configuration, transport: KeySetTransport(body: jwks), now: { now })
            let request = ProtectedRequest(
                method: "GET", url: "https://api.example.com/v1/orders",
                headerFields: [
                    HeaderField(name: "Host", value: "api.example.com"), HeaderField(name: "Authorization", value: "Bearer " + token),
                ])
            guard (try? await server.authenticate(request, requiring: ["orders:read"])) != nil else {
                fatalError("ResourceServer refuses the \(algorithm) request")
            }
            let header = "Bearer " + token
            rows.append(
                await compareBothAsync(
                    "Resource server authenticate, \(algorithm)", bytes: token.utf8.count,
                    peer: "Bearer split + vapor/jwt-kit as above", settings: settings
                ) {
                    blackHole(try? await server.authenticate(request, requiring: ["orders:read"]))
                } theirs: {
                    guard header.hasPrefix("Bearer ") else { return }
                    blackHole(await kitValidate(String(header.dropFirst(7)), kit: kit))
                })
            if key.algorithm == .rs256 {
                var generic = JWTValidator(allowedAlgorithms: [.rs256])
                generic.issuer = issuer
                generic.audience = audience
                let moment = NumericDate(secondsSince1970: now)
                precondition((try? generic.validate(token, keys: keys, now: moment)) != nil)
                let kitGeneric = (try? await kit.verify(token, as: KitJWTClaims.self)) != nil
                precondition(kitGeneric, "jwt-kit refuses the token")
                rows.append(
                    await compareAsync(
                        "JWT validate (JWTValidator), RS256", bytes: token.utf8.count,
                        peer: "vapor/jwt-kit verify + iss, aud, exp", settings: settings
                    ) {
                        blackHole(try? generic.validate(token, keys: keys, now: moment))
                    } theirs: {
                        blackHole(try? await kit.verify(token, as: KitJWTClaims.self))
                    })
            }
        }
        return rows
    }

    /// What one core validates per second, from a row's time per validation.
    static func printThroughput(_ rows: [Comparison]) {
        for row in rows {
            print(
                "\(row.name): \(format(1e9 / row.ours.nanosecondsPerOperation, decimals: 0)) validations/s on one core "
                    + "(jwt-kit side: \(format(1e9 / row.theirs.nanosecondsPerOperation, decimals: 0))/s)")
        }
    }
}
