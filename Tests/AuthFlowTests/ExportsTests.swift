// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthFlow
import Foundation
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
        // AuthDPoP
        #expect(AuthDPoPError.replayed.code == 13021)
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
        // AuthClient
        #expect(AuthClientError.loggedOut.code == 10013)
        // AuthURLSession
        #expect(URLSessionTransport(timeout: 5).timeout == 5)
        // AuthHTTP
        #expect(AuthHTTPError.invalidChallenge("x").code == 11004)
        // AuthResourceServer
        #expect(ProtectedRequest(method: "GET", url: "https://api.example.com/", headerFields: []).values(of: "DPoP").isEmpty)
    }

    @Test("Exports.swift re-exports exactly the libraries Package.swift puts in the umbrella")
    func exportsMatchThePackage() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let exports = try String(contentsOf: root.appendingPathComponent("Sources/AuthFlow/Exports.swift"), encoding: .utf8)
        // Each `Library(…)` call whole, across lines (swift-format breaks the long ones), by balanced parentheses.
        var calls: [Substring] = []
        var rest = manifest[...]
        while let start = rest.range(of: "Library(") {
            var depth = 0
            var end = start.upperBound
            for index in rest[start.lowerBound...].indices {
                if rest[index] == "(" { depth += 1 }
                if rest[index] == ")" { depth -= 1 }
                if depth == 0 && rest[index] == ")" {
                    end = rest.index(after: index)
                    break
                }
            }
            calls.append(rest[start.lowerBound..<end])
            rest = rest[end...]
        }
        let libraries = calls.filter { $0.contains("name: \"") && !$0.contains("inUmbrella: false") }
            .compactMap { $0.split(separator: "\"").dropFirst().first.map(String.init) }
        let exported = exports.split(separator: "\n").filter { $0.hasPrefix("@_exported import ") }
            .map { String($0.dropFirst("@_exported import ".count)) }
        #expect(libraries.count >= 9)
        #expect(Set(libraries) == Set(exported))
        #expect(!exported.contains("AuthTesting"))
    }
}
