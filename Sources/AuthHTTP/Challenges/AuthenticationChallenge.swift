// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// One challenge of a `WWW-Authenticate` response header: the scheme and its parameters.
///
/// A protected resource that refuses a request says why in challenges (RFC 9110 §11.6.1): a Bearer
/// challenge carries an OAuth `error` (RFC 6750 §3), the step-up requirements of RFC 9470, the
/// `resource_metadata` URL of RFC 9728, and a DPoP challenge the algorithms and nonce errors of RFC 9449.
///
/// ```swift
/// let value = #"Bearer realm="api", error="insufficient_user_authentication", acr_values="mfa", max_age=300"#
/// let challenge = try AuthenticationChallenge.parse(value)[0]
/// challenge.isScheme("bearer")            // true
/// challenge.error                         // .insufficientUserAuthentication
/// challenge.acrValues                     // ["mfa"]
/// challenge.maxAge                        // 300
/// ```
///
/// Parsing follows the RFC 9110 grammar — several challenges in one field, `token68` or comma-separated
/// `name=value` parameters, quoted strings with backslash escapes, optional whitespace around `=` — and
/// tolerates what real servers send: unquoted values holding characters outside `token` (a URL), empty list
/// elements, and parameter names in any case. It refuses what cannot be read unambiguously: an unterminated
/// quoted string, a parameter repeated within one challenge (RFC 9110 §11.2), a parameter without a scheme.
/// Nothing here is trusted: the values are the server's words, to be checked by whoever acts on them.
public struct AuthenticationChallenge: Hashable, Sendable {
    /// One `name=value` parameter. The name is kept lowercased (names are case-insensitive, RFC 9110
    /// §11.2); the value as sent, with a quoted string's quotes and escapes removed.
    public struct Parameter: Hashable, Sendable {
        /// The parameter's name, lowercased.
        public var name: String
        /// The parameter's value.
        public var value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The authentication scheme as sent (`Bearer`, `DPoP`, `Basic`); compare it with ``isScheme(_:)``.
    public var scheme: String
    /// The `token68` form of the credentials' challenge, when the server used it instead of parameters.
    public var token68: String?
    /// The parameters, in the order sent.
    public var parameters: [Parameter]

    public init(scheme: String, token68: String? = nil, parameters: [Parameter] = []) {
        self.scheme = scheme
        self.token68 = token68
        self.parameters = parameters
    }

    /// Whether the scheme is `name`, ignoring ASCII case (RFC 9110 §11.1).
    public func isScheme(_ name: String) -> Bool {
        HeaderField(name: scheme, value: "").hasName(name)
    }

    /// The value of the parameter `name` (in any case), or nil when absent.
    public subscript(parameter name: String) -> String? {
        parameters.first { HeaderField(name: $0.name, value: "").hasName(name) }?.value
    }
}

extension AuthenticationChallenge {
    /// The `realm` parameter (RFC 9110 §11.5).
    public var realm: String? { self[parameter: "realm"] }

    /// The OAuth error the resource reports (RFC 6750 §3, RFC 9470 §3, RFC 9449 §7.1), or nil.
    public var error: ErrorCode? { self[parameter: "error"].map(ErrorCode.init(rawValue:)) }

    /// The human-readable `error_description`: the server's words, for a developer, not for the user.
    public var errorDescription: String? { self[parameter: "error_description"] }

    /// The `error_uri` (RFC 6750 §3).
    public var errorURI: String? { self[parameter: "error_uri"] }

    /// The scope values the resource requires (RFC 6750 §3 `scope`, space-delimited); empty when absent.
    public var scope: [String] { Self.spaceDelimited(self[parameter: "scope"]) }

    /// The URL of the resource's protected resource metadata (RFC 9728 §5.1 `resource_metadata`).
    public var resourceMetadata: String? { self[parameter: "resource_metadata"] }

    /// The authentication context classes the resource requires (RFC 9470 §3 `acr_values`); empty when absent.
    public var acrValues: [String] { Self.spaceDelimited(self[parameter: "acr_values"]) }

    /// The maximum authentication age, in seconds, the resource accepts (RFC 9470 §3 `max_age`); nil when
    /// absent or not a non-negative decimal integer that fits in `Int`.
    public var maxAge: Int? {
        guard let text = self[parameter: "max_age"], !text.isEmpty, text.utf8.count <= 18 else { return nil }
        var value = 0
        for byte in text.utf8 {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    /// The JWS algorithms a DPoP resource accepts for proofs (RFC 9449 §7.1 `algs`); empty when absent.
    public var algorithms: [String] { Self.spaceDelimited(self[parameter: "algs"]) }

    private static func spaceDelimited(_ value: String?) -> [String] {
        guard let value else { return [] }
        return value.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    }
}

extension AuthenticationChallenge: CustomStringConvertible {
    /// The scheme and the parameter names with their values; challenges hold no secrets (a `token68` is
    /// shown only by its length, as some schemes put opaque data there).
    public var description: String {
        var text = scheme
        if let token68 { text += " <token68: \(token68.utf8.count) bytes>" }
        let rendered = parameters.map { "\($0.name)=\"\($0.value)\"" }
        if !rendered.isEmpty { text += " " + rendered.joined(separator: ", ") }
        return text
    }
}
