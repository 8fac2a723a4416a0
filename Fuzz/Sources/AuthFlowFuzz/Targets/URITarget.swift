// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback

extension FuzzTarget {
    /// URI parsing (RFC 3986) and callback matching (RFC 8252 §7): what a redirect is matched against.
    static let uri = FuzzTarget(
        name: "uri",
        checks: "URIs parse or refuse; components are slices of the text; query parameters re-encode to the same pairs; "
            + "a match means the scheme, host and path the callback names"
    ) { bytes in
        guard let text = text(bytes), let uri = try? URI(parsing: text) else { return }
        check(uri.text.utf8.elementsEqual(text.utf8), "URI.text differs from the parsed text")
        check(text.utf8.starts(with: (uri.scheme + ":").utf8), "the scheme is not the text's prefix")
        if let fragment = uri.fragment {
            check(text.utf8.reversed().starts(with: ("#" + fragment).utf8.reversed()), "the fragment is not the suffix")
        }
        if let parameters = try? uri.queryParameters() {
            let again = try? FormParameter.parse(Array(FormParameter.encode(parameters).utf8))
            check(again == parameters, "query parameters do not survive encode → parse")
        }
        let lowerScheme = String(decoding: uri.scheme.utf8.map { $0 >= 65 && $0 <= 90 ? $0 | 0x20 : $0 }, as: UTF8.self)
        if let custom = try? Callback.customScheme("com.example.app"), custom.matches(uri) {
            check(lowerScheme == "com.example.app" && uri.userinfo == nil, "a custom-scheme callback matched another scheme")
        }
        if let https = try? Callback.https(host: "app.example.com", path: "/cb"), https.matches(uri) {
            check(lowerScheme == "https" && uri.path == "/cb" && uri.userinfo == nil, "an https callback matched another URI")
        }
        if let loopback = try? Callback.loopback(path: "/callback"), loopback.matches(uri) {
            check(
                lowerScheme == "http" && (uri.host == "127.0.0.1" || uri.host == "[::1]") && uri.path == "/callback" && uri.port != nil,
                "a loopback callback matched another URI")
        }
    }

    /// The authorization response (RFC 6749 §4.1.2, RFC 9207) in the query, the fragment and a form_post body.
    static let authorizationResponse = FuzzTarget(
        name: "authorization-response",
        checks: "a response is accepted only with the expected state and issuer and a code; form bodies decode as a byte-by-byte "
            + "reference decoder does and re-encode to the same pairs; a form_post response reads what its body holds; a body "
            + "or a query and its decoded parameters get the same verdict; a response in the fragment after a query without "
            + "parameters is reported as such"
    ) { bytes in
        let expected = AuthorizationResponse.Expectations(state: "fuzz-state", issuer: "https://issuer.example")
        func accepted(_ response: AuthorizationResponse) {
            check(response.state == "fuzz-state", "a response with another state was accepted")
            check(!response.code.isEmpty, "a response without a code was accepted")
            check(response.issuer == nil || response.issuer == "https://issuer.example", "a response from another issuer was accepted")
            checkHidden(
                response.code, in: "\(response)", visible: response.parameters.map(\.name),
                template: authorizationResponseTemplate, minimumLength: 8, "the description shows the code")
        }
        let parsed = Result { () throws(AuthCallbackError) in try FormParameter.parse(bytes) }
        switch (parsed, referenceFormDecoding(bytes)) {
        case (.success(let parameters), .success(let reference)):
            check(
                parameters.map { [Array($0.name.utf8), Array($0.value.utf8)] } == reference.map { [$0.name, $0.value] },
                "FormParameter.parse and the reference decoder decode differently")
            let again = try? FormParameter.parse(Array(FormParameter.encode(parameters).utf8))
            check(again == parameters, "form parameters do not survive encode → parse")
        case (.failure(let error), .failure(let reference)):
            check(error == reference, "FormParameter.parse refuses with \(error), the reference decoder with \(reference)")
        default:
            check(false, "FormParameter.parse and the reference decoder disagree on refusing")
        }
        let parameters = try? parsed.get()
        var formPost = expected
        formPost.responseMode = .formPost
        let fromBody = Result { () throws(AuthCallbackError) in try AuthorizationResponse(formPostBody: bytes, expecting: formPost) }
        if case .success(let response) = fromBody {
            accepted(response)
            let parameters = parameters ?? []
            check(response.parameters == parameters, "a form_post response's parameters are not its body's")
            func value(_ name: String) -> String? { parameters.first { $0.name == name }?.value }
            check(
                response.code == value("code") && response.state == value("state") && response.issuer == value("iss")
                    && response.idToken == value("id_token") && response.user == value("user"),
                "a form_post response reads another value than its body holds")
        }
        if let parameters {
            checkSameVerdict(
                fromBody, Result { () throws(AuthCallbackError) in try AuthorizationResponse(parameters: parameters, expecting: formPost) },
                "a form_post body and its decoded parameters")
        }
        guard let text = text(bytes), let uri = try? URI(parsing: text) else { return }
        let fromQuery = Result { () throws(AuthCallbackError) in try AuthorizationResponse(callback: uri, expecting: expected) }
        if case .success(let response) = fromQuery { accepted(response) }
        if let query = try? uri.queryParameters() {
            if !query.isEmpty {
                checkSameVerdict(
                    fromQuery, Result { () throws(AuthCallbackError) in try AuthorizationResponse(parameters: query, expecting: expected) },
                    "a redirect's query and its decoded parameters")
            } else if let fragment = try? uri.fragmentParameters(),
                fragment.contains(where: { ["code", "state", "error"].contains($0.name) })
            {
                check(
                    fromQuery.error == .responseInFragment,
                    "a response in the fragment after a query without parameters is not reported as such")
            }
        }
        var fragment = expected
        fragment.responseMode = .fragment
        if let response = try? AuthorizationResponse(callback: uri, expecting: fragment) { accepted(response) }
    }
}

/// Checks that two ways of reading the same response agree: both accept, or both refuse with the same error.
private func checkSameVerdict(
    _ lhs: Result<AuthorizationResponse, AuthCallbackError>, _ rhs: Result<AuthorizationResponse, AuthCallbackError>, _ what: String
) {
    switch (lhs, rhs) {
    case (.success, .success): break
    case (.failure(let left), .failure(let right)): check(left == right, "\(what) fail differently: \(left), \(right)")
    default: check(false, "\(what) get different verdicts")
    }
}

extension Result {
    /// The error, if this is a failure.
    fileprivate var error: Failure? {
        if case .failure(let error) = self { error } else { nil }
    }
}

/// The description of a reference response: the fixed text around the parameter names it shows.
private let authorizationResponseTemplate = String(
    describing: try! AuthorizationResponse(callback: URI(parsing: "x:/cb?code=a&state=fuzz-state"), expecting: .init(state: "fuzz-state")))

/// `application/x-www-form-urlencoded` decoding written byte by byte as the rules read, sharing no code with
/// AuthCallback: split on "&" (empty segments skipped), then at the first "=" (none: an empty value); "%" and
/// two hex digits is a byte, "+" a space, anything else itself. Segment by segment, the name and then the value
/// are decoded and checked: the first "%" without two hex digits refuses the form with its offset, and so does
/// a decoded name or value that is not UTF-8.
private func referenceFormDecoding(_ bytes: [UInt8]) -> Result<[(name: [UInt8], value: [UInt8])], AuthCallbackError> {
    func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
    func decode(_ part: ArraySlice<UInt8>) -> Result<[UInt8], AuthCallbackError> {
        var output: [UInt8] = []
        var index = part.startIndex
        while index < part.endIndex {
            switch part[index] {
            case UInt8(ascii: "%"):
                guard part.endIndex - index >= 3, let high = hex(part[index + 1]), let low = hex(part[index + 2]) else {
                    return .failure(.invalidPercentEncoding(offset: index))  // slices keep the array's indices
                }
                output.append(high * 16 + low)
                index += 3
            case UInt8(ascii: "+"):
                output.append(UInt8(ascii: " "))
                index += 1
            default:
                output.append(part[index])
                index += 1
            }
        }
        return String(validating: output, as: UTF8.self) == nil ? .failure(.invalidUTF8) : .success(output)
    }
    var pairs: [(name: [UInt8], value: [UInt8])] = []
    for segment in bytes.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
        let equals = segment.firstIndex(of: UInt8(ascii: "=")) ?? segment.endIndex
        let name = decode(segment[..<equals])
        guard case .success(let name) = name else { return name.map { _ in [] } }
        let value = decode(equals < segment.endIndex ? segment[(equals + 1)...] : [])
        guard case .success(let value) = value else { return value.map { _ in [] } }
        pairs.append((name, value))
    }
    return .success(pairs)
}
