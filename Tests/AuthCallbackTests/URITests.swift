import AuthCallback
import TestVectors
import Testing

@Suite("URI")
struct URITests {
    struct Cases: Decodable {
        struct Case: Decodable {
            let uri: String
            let scheme: String
            let netloc: String
            let path: String
            let query: String
            let fragment: String
            let port: Int?
            let parameters: [[String]]
        }
        let cases: [Case]
    }

    @Test("splits 200 URIs into the components Python's urlsplit finds, and decodes parse_qsl's parameters")
    func pythonURLLib() throws {
        let vectors = try Vectors.json("Python/uri-urllib.json", as: Cases.self)
        #expect(vectors.cases.count == 200)
        for vector in vectors.cases {
            let uri = try URI(parsing: vector.uri)
            #expect(uri.scheme.lowercased() == vector.scheme, "\(vector.uri)")
            let netloc = (uri.userinfo.map { $0 + "@" } ?? "") + (uri.host ?? "") + (uri.port.map { ":\($0)" } ?? "")
            #expect(netloc == vector.netloc)
            #expect(uri.path == vector.path)
            #expect((uri.query ?? "") == vector.query)
            #expect((uri.fragment ?? "") == vector.fragment)
            #expect(uri.port == vector.port)
            #expect(try uri.queryParameters().map { [$0.name, $0.value] } == vector.parameters, "\(vector.uri)")
        }
    }

    @Test("refuses what RFC 3986 does not allow, at the offending byte")
    func strictness() {
        #expect(throws: AuthCallbackError.invalidScheme(offset: 0)) { try URI(parsing: "1app:/x") }
        #expect(throws: AuthCallbackError.invalidScheme(offset: 3)) { try URI(parsing: "app/x") }
        #expect(throws: AuthCallbackError.invalidScheme(offset: 0)) { try URI(parsing: "") }
        #expect(throws: AuthCallbackError.invalidCharacter(offset: 21)) { try URI(parsing: "https://example.com/a b") }
        #expect(throws: AuthCallbackError.invalidCharacter(offset: 26)) { try URI(parsing: "https://example.com/?code=\"x\"") }
        #expect(throws: AuthCallbackError.invalidCharacter(offset: 15)) { try URI(parsing: "myapp:/callback<script>") }
        #expect(throws: AuthCallbackError.invalidPercentEncoding(offset: 26)) { try URI(parsing: "https://example.com/?code=%zz") }
        #expect(throws: AuthCallbackError.invalidPercentEncoding(offset: 26)) { try URI(parsing: "https://example.com/?code=%4") }
        #expect(throws: AuthCallbackError.invalidPort(offset: 17)) { try URI(parsing: "http://127.0.0.1:65536/cb") }
        #expect(throws: AuthCallbackError.invalidPort(offset: 17)) { try URI(parsing: "http://127.0.0.1:8o/cb") }
        #expect(throws: AuthCallbackError.invalidHost(offset: 7)) { try URI(parsing: "http://[::1/cb") }
        #expect(throws: AuthCallbackError.invalidCharacter(offset: 10)) { try URI(parsing: "http://exa mple.com/") }
        #expect(throws: AuthCallbackError.invalidCharacter(offset: 20)) { try URI(parsing: "https://example.com/é") }
    }

    @Test("decodes + as a space only in form-encoded parameters, never in the path")
    func plusHandling() throws {
        let uri = try URI(parsing: "myapp:/a+b?x=a+b%2Bc&y")
        #expect(uri.path == "/a+b")
        #expect(try uri.queryParameters() == [FormParameter(name: "x", value: "a b+c"), FormParameter(name: "y", value: "")])
        #expect(throws: AuthCallbackError.invalidUTF8) { try URI(parsing: "myapp:/?x=%FF").queryParameters() }
    }
}
