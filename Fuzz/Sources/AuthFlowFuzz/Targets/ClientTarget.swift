// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthClient
import AuthJWT

extension FuzzTarget {
    /// OpenID Connect Discovery and RFC 8414 documents (§4.3: the issuer must match; endpoints, `jwks_uri`
    /// when present, must be https).
    static let providerMetadata = FuzzTarget(
        name: "provider-metadata",
        checks: "discovery documents parse or refuse; an accepted one has the expected issuer and https endpoints"
    ) { bytes in
        guard let metadata = try? ProviderMetadata(json: bytes, expectedIssuer: "https://issuer.example") else { return }
        check(metadata.issuer == "https://issuer.example", "a document for another issuer was accepted")
        let endpoints =
            [metadata.authorizationEndpoint, metadata.tokenEndpoint]
            + [
                metadata.jwksURI, metadata.userinfoEndpoint, metadata.endSessionEndpoint, metadata.revocationEndpoint,
                metadata.deviceAuthorizationEndpoint,
            ]
            .compactMap { $0 }
        for endpoint in endpoints { check(isHTTPS(endpoint), "an endpoint that is not https was accepted: \(endpoint)") }
    }

    /// UserInfo responses (OIDC Core §5.3.2).
    static let userInfo = FuzzTarget(
        name: "userinfo",
        checks: "userinfo responses parse or refuse; an accepted one has a non-empty sub equal to its claims' sub"
    ) { bytes in
        guard let info = try? UserInfo(json: bytes) else { return }
        check(!info.subject.isEmpty, "a userinfo response without sub was accepted")
        check((try? info.claims.subject) == info.subject, "subject and claims disagree")
    }

    /// Device authorization responses (RFC 8628 §3.2).
    static let deviceAuthorization = FuzzTarget(
        name: "device-authorization",
        checks: "device responses parse or refuse; an accepted one has codes, an https verification URI and a positive lifetime; "
            + "its description hides the device code"
    ) { bytes in
        let now = NumericDate(secondsSince1970: 1_700_000_000)
        guard let device = try? DeviceAuthorization(json: bytes, receivedAt: now) else { return }
        check(!device.deviceCode.isEmpty && !device.userCode.isEmpty, "a response without codes was accepted")
        check(isHTTPS(device.verificationURI), "a verification URI that is not https was accepted")
        check(device.expiresIn > 0 && device.interval > 0, "a non-positive lifetime or interval was accepted")
        checkHidden(
            device.deviceCode, in: "\(device)", visible: [device.userCode, device.verificationURI, device.verificationURIComplete],
            template: deviceAuthorizationTemplate, "the description shows the device code")
    }

    /// `WWW-Authenticate` challenges (RFC 9110 §11.6.1).
    static let challenge = FuzzTarget(
        name: "www-authenticate",
        checks: "challenges parse or refuse; what parses, written back in canonical form, parses to the same challenges"
    ) { bytes in
        guard let text = text(bytes), let challenges = try? AuthenticationChallenge.parse(text) else { return }
        let canonical = challenges.map { challenge in
            var item = challenge.scheme
            if let token68 = challenge.token68 { item += " " + token68 }
            let parameters = challenge.parameters.map { parameter in
                var quoted = "\""
                // Scalars, not Characters: a quote followed by a combining mark is one Character but still a quote.
                for scalar in parameter.value.unicodeScalars {
                    if scalar == "\"" || scalar == "\\" { quoted.append("\\") }
                    quoted.unicodeScalars.append(scalar)
                }
                return parameter.name + "=" + quoted + "\""
            }
            if !parameters.isEmpty { item += " " + parameters.joined(separator: ", ") }
            return item
        }.joined(separator: ", ")
        guard let again = try? AuthenticationChallenge.parse(canonical) else { violated("the canonical form does not parse: \(canonical)") }
        check(again == challenges, "the canonical form parses to other challenges: \(canonical)")
    }
}

/// Whether `text` starts with `https://`, the scheme in any case (RFC 3986 §3.1: schemes are case-insensitive).
func isHTTPS(_ text: String) -> Bool {
    let prefix = Array(text.utf8.prefix(8)).map { $0 >= 65 && $0 <= 90 ? $0 | 0x20 : $0 }
    return prefix == Array("https://".utf8)
}

/// The description of a reference response: the fixed text around the fields it shows.
private let deviceAuthorizationTemplate = String(
    describing: try! DeviceAuthorization(
        json: Array(
            #"{"device_code":"a","user_code":"b","verification_uri":"https://c","verification_uri_complete":"https://d","expires_in":1,"interval":1}"#
                .utf8),
        receivedAt: NumericDate(secondsSince1970: 0)))
