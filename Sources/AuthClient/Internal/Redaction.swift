// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthJSON

/// The one redaction rule of the HTTP trace (``TracingTransport``): which header fields, query and form
/// parameters and JSON members carry a secret, and how a URL, a header and a body are shown without them.
///
/// Redacted by name, in URL queries, form bodies and JSON bodies alike: tokens (`access_token`,
/// `refresh_token`, `id_token`, `token`, `subject_token`, `actor_token`, `logout_token`, `id_token_hint`,
/// `registration_access_token`), the authorization `code`, the `code_verifier`, `device_code`,
/// `client_secret`, `client_assertion`, `assertion`, `password`, PAR's `request_uri`, `state` and `nonce`
/// (the login's CSRF and replay bindings: whoever reads them during a login can forge its callback), and a
/// JWK's private members (`d`, `p`, `q`, `dp`, `dq`, `qi`, `oth`, `k`). Header fields `Authorization` and
/// `Proxy-Authorization` (the scheme is kept: `Bearer <redacted>`), `Cookie`, `Set-Cookie` and `DPoP` (a
/// proof) are redacted; `Location` and `Content-Location` are URLs and redacted as URLs. Any other value
/// that looks like a JWT (`eyJ…` with two dots) is redacted wherever it is. A body that is neither JSON nor a
/// form (an HTML page may echo the request) is shown only by its size and type; a URL's fragment never.
enum Redaction {
    static let marker = "<redacted>"

    private static let secretNames: Set<String> = [
        "access_token", "refresh_token", "id_token", "token", "subject_token", "actor_token", "logout_token", "id_token_hint",
        "registration_access_token", "code", "code_verifier", "device_code", "client_secret", "client_assertion", "assertion",
        "password", "request_uri", "state", "nonce", "d", "p", "q", "dp", "dq", "qi", "oth", "k", "auth_req_id", "login_hint_token",
        "client_notification_token",
    ]
    /// Secret in a form or query the client sends, shown in a JSON answer: a CIBA `user_code` (CIBA §7.1) is the
    /// user's secret, while the device grant's (RFC 8628 §3.2) comes back in the answer for the user to type.
    private static let secretFormNames: Set<String> = ["user_code"]
    private static let secretHeaders: Set<String> = ["authorization", "proxy-authorization", "cookie", "set-cookie", "dpop"]
    private static let urlHeaders: Set<String> = ["location", "content-location"]

    /// Whether a parameter or member named `name` holds a secret (ASCII case ignored).
    static func isSecret(name: String) -> Bool { secretNames.contains(name.lowercased()) }

    /// Whether `value` looks like a compact JWS or JWE (`eyJ…` in three or five dot-separated parts).
    static func looksLikeJWT(_ value: String) -> Bool {
        value.hasPrefix("eyJ") && [2, 4].contains(value.utf8.count(where: { $0 == UInt8(ascii: ".") }))
    }

    /// `url` with the values of secret query parameters redacted and no fragment.
    static func url(_ url: String) -> String {
        var text = url
        var fragment = false
        if let hash = text.firstIndex(of: "#") {
            text = String(text[..<hash])
            fragment = true
        }
        guard let question = text.firstIndex(of: "?") else { return text + (fragment ? "#\(marker)" : "") }
        let query = String(text[text.index(after: question)...])
        return String(text[...question]) + form(query) + (fragment ? "#\(marker)" : "")
    }

    /// An `application/x-www-form-urlencoded` text with the values of secret parameters redacted; the rest
    /// is kept as encoded.
    static func form(_ text: String) -> String {
        text.split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
            guard let equals = pair.firstIndex(of: "=") else { return String(pair) }
            let name = String(pair[..<equals])
            let value = String(pair[pair.index(after: equals)...])
            // The name as the server reads it (percent-decoding, + as space); an undecodable one as it is.
            let decoded = (try? FormParameter.parse(Array(name.utf8)))?.first?.name ?? name
            let secret = isSecret(name: decoded) || secretFormNames.contains(decoded.lowercased()) || looksLikeJWT(value)
            return secret ? "\(name)=\(marker)" : String(pair)
        }.joined(separator: "&")
    }

    /// A header field's value as the trace shows it.
    static func header(_ field: HeaderField) -> String {
        let name = field.name.lowercased()
        if secretHeaders.contains(name) {
            guard name.hasSuffix("authorization"), let space = field.value.firstIndex(of: " ") else { return marker }
            return String(field.value[..<space]) + " " + marker
        }
        if urlHeaders.contains(name) { return url(field.value) }
        return looksLikeJWT(field.value) ? marker : field.value
    }

    /// A body as the trace shows it: JSON with secret members redacted, a form with secret parameters
    /// redacted, or only its size and type.
    static func body(_ bytes: [UInt8], contentType: String?) -> String {
        guard !bytes.isEmpty else { return "" }
        let type = (contentType ?? "").lowercased()
        if type.contains("json") || type.isEmpty, let value = try? JSONValue(parsing: bytes) {
            return String(decoding: redacted(value).serialized(), as: UTF8.self)
        }
        if type.hasPrefix("application/x-www-form-urlencoded"), let text = String(validating: bytes, as: UTF8.self) {
            return form(text)
        }
        return "(\(bytes.count) bytes\(type.isEmpty ? "" : " of \(type)"), not shown)"
    }

    /// `value` with every secret member's value, and every JWT-like string, replaced by the marker.
    static func redacted(_ value: JSONValue) -> JSONValue {
        switch value {
        case .string(let text): return looksLikeJWT(text) ? .string(marker) : value
        case .array(let elements): return .array(elements.map(redacted))
        case .object(let object):
            var result = JSONObject()
            for member in object.members {
                try? result.append(member.name, isSecret(name: member.name) ? .string(marker) : redacted(member.value))
            }
            return .object(result)
        default: return value
        }
    }
}
