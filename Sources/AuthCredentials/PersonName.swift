// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// A person's name in parts, portable across platforms: the fields of Foundation's
/// `PersonNameComponents` that Sign in with Apple fills.
///
/// ```swift
/// let name = PersonName(givenName: "Jane", familyName: "Appleseed")
/// name.formatted   // "Jane Appleseed"
/// ```
///
/// Apple shares the name only on the first sign-in, and it is not signed: store it then (see
/// ``CredentialStore``), and treat it as what the user typed, not as verified.
public struct PersonName: Hashable, Codable, Sendable {
    public var namePrefix: String?
    public var givenName: String?
    public var middleName: String?
    public var familyName: String?
    public var nameSuffix: String?
    public var nickname: String?

    public init(
        namePrefix: String? = nil, givenName: String? = nil, middleName: String? = nil, familyName: String? = nil,
        nameSuffix: String? = nil, nickname: String? = nil
    ) {
        self.namePrefix = namePrefix
        self.givenName = givenName
        self.middleName = middleName
        self.familyName = familyName
        self.nameSuffix = nameSuffix
        self.nickname = nickname
    }

    /// Whether no part is set.
    public var isEmpty: Bool {
        [namePrefix, givenName, middleName, familyName, nameSuffix, nickname].allSatisfy { $0 == nil }
    }

    /// The parts that are set, in Western order, separated by spaces (the nickname is left out). Use a
    /// locale-aware formatter for display where one is available.
    public var formatted: String {
        [namePrefix, givenName, middleName, familyName, nameSuffix].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
    }
}
