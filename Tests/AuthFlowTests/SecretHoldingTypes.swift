// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// Finds, in the source tree, the public types that hold a secret, so the redaction test cannot fall
/// behind the code. A type is flagged when one of
///
/// - its stored properties (at any access level: `dump` shows private ones too) or the payload of one of
///   its enum cases is named like a secret: a name with the word `secret`, `password` or `private`, or
///   whose last word is `token(s)`, `verifier`, `assertion`, `credential` or `key` — unless its declared
///   type is a number, a flag or a date (`Int64`, `Bool`, `NumericDate`, …), which cannot hold one; or
///   whose last word is `code`, `state` or `nonce` and whose type is text or bytes (those words also name
///   error codes and internal state); an unlabeled case payload goes by the case's name, as text only
///   (`clientSecretBasic(String)`);
/// - its own name says so (`…Token`, `…Verifier`, `…Secret`, `Private…`) and it stores text or bytes;
/// - a stored property or case payload has a type that is flagged and not declared harmless
///   (`TokenSet?`, `[StoredCredential]`, `P256PrivateKey`), or is one of `seeds` (types whose secret is not
///   named: `P256PrivateKey.scalar`).
///
/// A line-based reader, not a Swift parser: it expects the project's formatting (swift-format), one
/// declaration per line. The command-line tool (`AuthFlowCLI`) is left out: it has no public types.
struct SecretHoldingTypes {
    struct Declaration {
        /// `Outer.Inner` for a nested type.
        var name: String
        var file: String
        var isPublic: Bool
        /// Why the type is flagged, if it is: the first member that holds a secret.
        var reason: String?
        /// Member name and declared type of every stored property and case payload.
        var members: [(name: String, type: String)] = []
    }

    private(set) var declarations: [String: Declaration] = [:]

    /// Reads every `.swift` file under `sources`, except `AuthFlowCLI`'s.
    /// Reads `files` (every `.swift` file under `Sources/`, paths relative to the package), except
    /// `AuthFlowCLI`'s. Types in `harmless` are never flagged, so they do not pass a flag on either.
    init(files: [(path: String, text: String)], seeds: Set<String>, harmless: Set<String>) {
        for file in files where !file.path.contains("/AuthFlowCLI/") { read(file.text, path: file.path) }
        // Names that say "secret" on a member, then the closure over member types.
        for (name, declaration) in declarations where !harmless.contains(name) {
            declarations[name]?.reason = Self.ownReason(of: declaration)
        }
        for seed in seeds where declarations[seed] != nil && declarations[seed]?.reason == nil {
            declarations[seed]?.reason = "holds an unnamed secret"
        }
        var changed = true
        while changed {
            changed = false
            for (name, declaration) in declarations where declaration.reason == nil && !harmless.contains(name) {
                for member in declaration.members {
                    if let held = referencedTypes(in: member.type, from: name).first(where: { declarations[$0]?.reason != nil }) {
                        declarations[name]?.reason = "\(member.name): \(held)"
                        changed = true
                        break
                    }
                }
            }
        }
    }

    /// The public types flagged, with the member that makes each one a secret holder.
    var flagged: [String: String] {
        var result: [String: String] = [:]
        for (name, declaration) in declarations where declaration.isPublic {
            if let reason = declaration.reason { result[name] = reason }
        }
        return result
    }

    // MARK: Reading

    private mutating func read(_ text: String, path: String) {
        let typeDeclaration =
            /^\s*(?:@[\w()]+\s+)*(?<access>public |open |package |internal |private |fileprivate )?(?:final )?(?:indirect )?(?:struct|class|enum|actor)\s+(?<name>\w+)/
        let storedProperty =
            /^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|open|package|internal|private|fileprivate)(?:\(set\))?\s+)*(?:nonisolated(?:\(unsafe\))?\s+)?(?:(?:lazy|weak|unowned)\s+)*(?:let|var)\s+(?<name>\w+)\s*(?::\s*(?<type>[^={]+))?(?<rest>[={].*)?$/
        let enumCase = /^\s*(?:indirect\s+)?case\s+(?<body>.+)$/
        var depth = 0
        var stack: [(name: String, depth: Int)] = []
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = Self.code(of: String(rawLine))
            if let match = line.prefixMatch(of: typeDeclaration), line.contains("{") {
                let name = (stack.last.map { $0.name + "." } ?? "") + String(match.output.name)
                let isPublic = match.output.access.map { $0.hasPrefix("public") || $0.hasPrefix("open") } ?? false
                let outerIsPublic = stack.last.map { declarations[$0.name]?.isPublic ?? false } ?? true
                declarations[name] = Declaration(name: name, file: path, isPublic: isPublic && outerIsPublic)
                stack.append((name, depth))
            } else if let owner = stack.last, depth == owner.depth + 1 {
                if let property = line.wholeMatch(of: storedProperty), !line.contains(" static "), !line.hasPrefix("static "),
                    !line.trimmingPrefixSpaces.hasPrefix("static ")
                {
                    let rest = property.output.rest.map(String.init) ?? ""
                    let isComputed = rest.hasPrefix("{") && !rest.hasPrefix("{ didSet") && !rest.hasPrefix("{ willSet")
                    if !isComputed {
                        let type = property.output.type.map { String($0).trimmed } ?? Self.literalType(rest)
                        declarations[owner.name]?.members.append((String(property.output.name), type))
                    }
                } else if let enumCase = line.wholeMatch(of: enumCase) {
                    for (name, type) in Self.payloads(of: String(enumCase.output.body)) {
                        declarations[owner.name]?.members.append((name, type))
                    }
                }
            }
            depth += line.count(of: "{") - line.count(of: "}")
            while let last = stack.last, depth <= last.depth { stack.removeLast() }
        }
    }

    /// The line without its comment and with string literals emptied, so braces in them do not count.
    private static func code(of line: String) -> String {
        var result = ""
        var inString = false
        var escaped = false
        var previous: Character = " "
        for character in line {
            if inString {
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inString = false
                    result.append(character)
                }
            } else if character == "/" && previous == "/" {
                result.removeLast()
                break
            } else {
                if character == "\"" { inString = true }
                result.append(character)
            }
            previous = character
        }
        return result
    }

    /// The type an unannotated stored property gets from a literal initializer; "" when unknown.
    private static func literalType(_ initializer: String) -> String {
        let value = initializer.drop { $0 == "=" || $0 == " " }
        if value == "true" || value == "false" { return "Bool" }
        if let first = value.first, first.isNumber { return "Int" }
        return ""
    }

    /// `(label, type)` for each associated value of each case on a `case` line; the case name stands in
    /// for an unlabeled value. Cases without a payload hold nothing.
    private static func payloads(of body: String) -> [(String, String)] {
        var result: [(String, String)] = []
        var name = ""
        var depth = 0
        var payload = ""
        for character in body {
            switch character {
            case "(":
                if depth > 0 { payload.append(character) }
                depth += 1
            case ")":
                depth -= 1
                if depth == 0 {
                    for element in Self.splitTopLevel(payload) {
                        let parts = element.split(separator: ":", maxSplits: 1).map { String($0).trimmed }
                        let type = (parts.count == 2 ? parts[1] : parts[0]).split(separator: "=").first.map { String($0).trimmed } ?? ""
                        // An unlabeled payload goes by the case's name, marked so only text counts.
                        result.append((parts.count == 2 ? parts[0] : "case " + name.trimmed, type))
                    }
                    payload = ""
                } else {
                    payload.append(character)
                }
            case "," where depth == 0:
                name = ""
            default:
                if depth == 0 { name.append(character) } else { payload.append(character) }
            }
        }
        return result
    }

    private static func splitTopLevel(_ text: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var depth = 0
        for character in text {
            if "([<".contains(character) { depth += 1 }
            if ")]>".contains(character) { depth -= 1 }
            if character == "," && depth == 0 {
                parts.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.trimmed.isEmpty { parts.append(current) }
        return parts
    }

    // MARK: Deciding

    private static let anywhereWords: Set<String> = ["secret", "password", "private"]
    private static let strongLastWords: Set<String> = ["token", "tokens", "verifier", "assertion", "credential", "key"]
    private static let weakLastWords: Set<String> = ["code", "state", "nonce"]
    private static let ownNameWords: Set<String> = ["token", "verifier", "secret", "password"]
    /// Types that hold no secret whatever their name: numbers, flags, dates and durations.
    private static let scalarTypes: Set<String> = [
        "Bool", "Int", "Int32", "Int64", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "NumericDate", "Duration",
    ]
    private static let textTypes: Set<String> = ["String", "Substring", "[UInt8]", "[String]", "[String: String]"]

    /// The words of a camelCase identifier, lowercased, digits dropped: `token68` is `token`.
    static func words(_ identifier: String) -> [String] {
        var words: [String] = []
        var current = ""
        for character in identifier where character != "_" {
            if character.isUppercase, let last = current.last, last.isLowercase || last.isNumber {
                words.append(current)
                current = ""
            }
            current.append(character)
        }
        words.append(current)
        return words.map { String($0.lowercased().filter(\.isLetter)) }.filter { !$0.isEmpty }
    }

    /// Whether a member called `name` (`case …` for an unlabeled payload) of type `type` is named like a secret.
    static func isSecret(member name: String, type: String) -> Bool {
        let type = bareType(type)
        guard !scalarTypes.contains(type) else { return false }
        let isText = textTypes.contains(type)
        if name.hasPrefix("case ") {
            let words = words(String(name.dropFirst(5)))
            return isText
                && (words.contains(where: anywhereWords.contains) || words.last.map(strongLastWords.union(weakLastWords).contains) == true)
        }
        let words = words(name)
        guard let last = words.last else { return false }
        return words.contains(where: anywhereWords.contains) || strongLastWords.contains(last) || (isText && weakLastWords.contains(last))
    }

    private static func bareType(_ type: String) -> String {
        var type = type.trimmed
        while type.hasSuffix("?") || type.hasSuffix("!") { type.removeLast() }
        return type
    }

    private static func ownReason(of declaration: Declaration) -> String? {
        if let member = declaration.members.first(where: { isSecret(member: $0.name, type: $0.type) }) { return member.name }
        let words = words(String(declaration.name.split(separator: ".").last ?? ""))
        let named = words.contains(where: anywhereWords.contains) || words.last.map(ownNameWords.contains) == true
        if named, let text = declaration.members.first(where: { textTypes.contains(bareType($0.type)) }) {
            return "\(text.name), in a type named like a secret"
        }
        return nil
    }

    /// The declared types a member's type names: `[StoredCredential]?` names `StoredCredential`; a
    /// nested name is looked up from the member's type outwards (`Material` in `TestSigningKey` is
    /// `TestSigningKey.Material`, not `JWK.Material`).
    private func referencedTypes(in type: String, from owner: String) -> [String] {
        let identifiers = type.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == ".") }).map(String.init)
        var result: [String] = []
        for identifier in identifiers {
            var scope = owner.split(separator: ".").map(String.init)
            while true {
                let candidate = (scope + [identifier]).joined(separator: ".")
                if declarations[candidate] != nil {
                    result.append(candidate)
                    break
                }
                if scope.isEmpty { break }
                scope.removeLast()
            }
        }
        return result
    }
}

extension String {
    fileprivate var trimmed: String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
    fileprivate var trimmingPrefixSpaces: Substring { drop(while: \.isWhitespace) }
    fileprivate func count(of character: Character) -> Int { reduce(0) { $1 == character ? $0 + 1 : $0 } }
}
