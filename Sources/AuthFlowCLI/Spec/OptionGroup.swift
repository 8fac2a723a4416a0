// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// A rule across options of one command, checked by the parser and stated in the help.
///
/// ```swift
/// groups: [.atMostOne(scheme, https, loopback), .atLeastOne(jwks, hs256Key)]
/// ```
struct OptionGroup: Sendable {
    /// How many of the group's options may be given.
    enum Rule: Sendable {
        case atMostOne
        case exactlyOne
        case atLeastOne
    }

    let rule: Rule
    /// Option names without dashes.
    let names: [String]

    static func atMostOne(_ options: any OptionDeclaration...) -> OptionGroup {
        OptionGroup(rule: .atMostOne, names: options.map(\.info.name))
    }

    static func exactlyOne(_ options: any OptionDeclaration...) -> OptionGroup {
        OptionGroup(rule: .exactlyOne, names: options.map(\.info.name))
    }

    static func atLeastOne(_ options: any OptionDeclaration...) -> OptionGroup {
        OptionGroup(rule: .atLeastOne, names: options.map(\.info.name))
    }

    /// The rule as a sentence for help and errors: "give at most one of --a, --b".
    var sentence: String {
        let list = names.map { "--\($0)" }.joined(separator: ", ")
        switch rule {
        case .atMostOne: return "give at most one of \(list)"
        case .exactlyOne: return "give exactly one of \(list)"
        case .atLeastOne: return "give at least one of \(list)"
        }
    }
}
