// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthHTTP
import AuthJSON
import AuthJWT
import TestVectors
import Testing

/// `RFC/rfc7662-examples.json`: RFC 7662 §2.2's example responses, transcribed.
struct RFC7662Examples: Decodable {
    let active: String
    let inactive: String
}

@Suite("TokenIntrospectionResponse: the one reading of an RFC 7662 answer, shared by the client and the resource server")
struct TokenIntrospectionResponseTests {
    static func response(_ body: String, status: Int = 200, contentType: String = "application/json") -> TransportResponse {
        TransportResponse(status: status, headerFields: [HeaderField(name: "Content-Type", value: contentType)], body: Array(body.utf8))
    }

    @Test("RFC 7662 §2.2's example answer reads as active, with its members")
    func rfcExample() throws {
        let examples = try Vectors.json("RFC/rfc7662-examples.json", as: RFC7662Examples.self)
        let answer = try TokenIntrospectionResponse(Self.response(examples.active))
        #expect(answer.isActive)
        #expect(answer.clientID == "l238j323ds-23ij4" && answer.username == "jdoe" && answer.subject == "Z5O3upPC88QrAjx00dis")
        #expect(answer.scopes == ["read", "write", "dolphin"])
        #expect(answer.audiences == ["https://protected.example.net/resource"] && answer.issuer == "https://server.example.com/")
        #expect(answer.expiresAt?.secondsSince1970 == 1_419_356_238 && answer.issuedAt?.secondsSince1970 == 1_419_350_238)
        #expect(answer.members["extension_field"]?.stringValue == "twenty-seven")
        let inactive = try TokenIntrospectionResponse(Self.response(examples.inactive))
        #expect(!inactive.isActive && inactive.members.members.isEmpty)
        #expect("\(inactive)" == "TokenIntrospectionResponse(active: false)")
    }

    @Test("an inactive answer's other members are dropped: nothing is read from them")
    func inactiveDropsMembers() throws {
        let answer = try TokenIntrospectionResponse(Self.response(#"{"active": false, "scope": "admin", "sub": "alice"}"#))
        #expect(!answer.isActive && answer.scopes.isEmpty && answer.subject == nil)
    }

    @Test("no boolean active, a body that is not an object, another status or an oversized body is invalidIntrospectionResponse")
    func refusals() {
        let cases: [(TransportResponse, String)] = [
            (Self.response(#"{"scope": "a"}"#), "no boolean 'active'"),
            (Self.response(#"{"active": "true"}"#), "no boolean 'active'"),
            (Self.response("[true]"), "not a JSON object"),
            (Self.response(#"{"active": true}"#, status: 401), "answered 401"),
            (Self.response(#"{"active": true, "x": ""# + String(repeating: "a", count: 70_000) + #""}"#), "over 64 KiB"),
        ]
        for (response, reason) in cases {
            #expect {
                _ = try TokenIntrospectionResponse(response)
            } throws: { error in
                guard case .invalidIntrospectionResponse(let message) = error as? AuthHTTPError else { return false }
                return message.contains(reason)
            }
        }
    }

    @Test("a signed answer must be application/token-introspection+jwt with typ token-introspection+jwt and an asymmetric alg")
    func signedShape() {
        // {"typ":"token-introspection+jwt","alg":"HS256"} . {} . "sig"
        let hmac = "eyJ0eXAiOiJ0b2tlbi1pbnRyb3NwZWN0aW9uK2p3dCIsImFsZyI6IkhTMjU2In0.e30.c2ln"
        // {"typ":"JWT","alg":"ES256"} . {} . "sig"
        let plainJWT = "eyJ0eXAiOiJKV1QiLCJhbGciOiJFUzI1NiJ9.e30.c2ln"
        let cases: [(TransportResponse, String)] = [
            (Self.response(hmac, contentType: "application/jwt"), "not application/token-introspection+jwt"),
            (Self.response(hmac, contentType: "application/token-introspection+jwt"), "not an asymmetric"),
            (Self.response(plainJWT, contentType: "application/token-introspection+jwt"), "typ is not token-introspection+jwt"),
            (Self.response("not a jws", contentType: "application/token-introspection+jwt"), "not a JWS"),
        ]
        for (response, reason) in cases {
            #expect {
                _ = try TokenIntrospectionResponse.signedAnswer(response)
            } throws: { error in
                guard case .invalidIntrospectionResponse(let message) = error as? AuthHTTPError else { return false }
                return message.contains(reason)
            }
        }
    }
}
