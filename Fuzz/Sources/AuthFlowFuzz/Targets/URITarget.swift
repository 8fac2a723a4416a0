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
        checks: "a response is accepted only with the expected state and issuer and a code; form bodies re-encode to the same pairs"
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
        if let parameters = try? FormParameter.parse(bytes) {
            let again = try? FormParameter.parse(Array(FormParameter.encode(parameters).utf8))
            check(again == parameters, "form parameters do not survive encode → parse")
        }
        var formPost = expected
        formPost.responseMode = .formPost
        if let response = try? AuthorizationResponse(formPostBody: bytes, expecting: formPost) { accepted(response) }
        guard let text = text(bytes), let uri = try? URI(parsing: text) else { return }
        if let response = try? AuthorizationResponse(callback: uri, expecting: expected) { accepted(response) }
        var fragment = expected
        fragment.responseMode = .fragment
        if let response = try? AuthorizationResponse(callback: uri, expecting: fragment) { accepted(response) }
    }
}

/// The description of a reference response: the fixed text around the parameter names it shows.
private let authorizationResponseTemplate = String(
    describing: try! AuthorizationResponse(callback: URI(parsing: "x:/cb?code=a&state=fuzz-state"), expecting: .init(state: "fuzz-state")))
