// TEMPORARY stand-in for the lead's AuthenticationChallenge (removed when main's "WWW-Authenticate:" commit
// is merged). Only the members the MCP profile uses; a naive parser for one challenge per field.
public struct AuthenticationChallenge: Sendable, Hashable {
    public var scheme: String
    var pairs: [String: String]
    public func isScheme(_ name: String) -> Bool { scheme.lowercased() == name.lowercased() }
    public subscript(parameter name: String) -> String? { pairs[name.lowercased()] }
    public var resourceMetadata: String? { self[parameter: "resource_metadata"] }
    public var scope: [String] { (self[parameter: "scope"] ?? "").split(separator: " ").map(String.init) }
    static func parse(_ field: String) -> AuthenticationChallenge? {
        let trimmed = field.drop { $0 == " " }
        let scheme = String(trimmed.prefix { $0 != " " })
        var pairs: [String: String] = [:]
        var rest = Substring(trimmed.dropFirst(scheme.count))
        while let eq = rest.firstIndex(of: "=") {
            let name = rest[..<eq].trimmingPrefix(while: { $0 == " " || $0 == "," }).lowercased()
            rest = rest[rest.index(after: eq)...]
            if rest.first == "\"" {
                rest = rest.dropFirst()
                let end = rest.firstIndex(of: "\"") ?? rest.endIndex
                pairs[name] = String(rest[..<end])
                rest = end == rest.endIndex ? "" : rest[rest.index(after: end)...]
            } else {
                let end = rest.firstIndex(of: ",") ?? rest.endIndex
                pairs[name] = String(rest[..<end])
                rest = rest[end...]
            }
        }
        return AuthenticationChallenge(scheme: scheme, pairs: pairs)
    }
}

extension TransportResponse {
    public var challenges: [AuthenticationChallenge] {
        headerFields.filter { $0.hasName("WWW-Authenticate") }.compactMap { AuthenticationChallenge.parse($0.value) }
    }
}

extension Substring {
    fileprivate func trimmingPrefix(while predicate: (Character) -> Bool) -> Substring { drop(while: predicate) }
}
