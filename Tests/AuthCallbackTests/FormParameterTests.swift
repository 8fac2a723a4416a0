import AuthCallback
import TestVectors
import Testing

@Suite("FormParameter")
struct FormParameterTests {
    struct Cases: Decodable {
        struct Case: Decodable {
            let value: String
            let encoded: String
        }
        let cases: [Case]
    }

    @Test("encodes 157 strings exactly as Python's urllib.parse.quote, and decodes them back")
    func pythonQuote() throws {
        let file = try Vectors.json("Python/form-encoding.json", as: Cases.self)
        #expect(file.cases.count == 157)
        for vector in file.cases {
            let text = FormParameter.encode([FormParameter(name: "v", value: vector.value)])
            #expect(text == "v=" + vector.encoded, "\(vector.value)")
            #expect(try FormParameter.parse(Array(text.utf8)) == [FormParameter(name: "v", value: vector.value)])
        }
    }

    @Test("joins several parameters with & and encodes names too")
    func several() {
        #expect(
            FormParameter.encode([FormParameter(name: "response_type", value: "code id_token"), FormParameter(name: "a b", value: "")])
                == "response_type=code%20id_token&a%20b=")
        #expect(FormParameter.encode([]) == "")
    }
}
