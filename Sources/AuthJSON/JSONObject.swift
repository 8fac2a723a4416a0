// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// A JSON object: members in the order they were written, each name at most once.
///
/// RFC 8259 §4 only says names "SHOULD be unique"; JOSE requires it (RFC 7515 §5.2, RFC 7519 §4), because
/// two parsers that keep different duplicates would see different headers. The parser rejects duplicates,
/// and so does every way of building an object here.
///
/// ```swift
/// var object = JSONObject()
/// try object.append("alg", "HS256")
/// object["alg"]               // .string("HS256")
/// object.names                // ["alg"]
/// ```
///
/// Names are compared as exact code points (their UTF-8 bytes), after unescaping, as RFC 7515 §5.2
/// requires; no Unicode normalization is applied.
public struct JSONObject: Hashable, Sendable {
    /// The members, in order.
    public private(set) var members: [(name: String, value: JSONValue)] = []
    /// Each name's position, kept only once the object has more than `linearLookupLimit` members: a
    /// short object (every JOSE header, almost every claims set and token response) is searched by
    /// comparing lengths and bytes, which costs less than hashing the name.
    private var index: [ExactKey: Int] = [:]

    /// The most members searched one by one; past it, lookups and duplicate checks go through `index`,
    /// so a hostile object with many members still costs linear time to build.
    static var linearLookupLimit: Int { 16 }

    /// An empty object.
    public init() {}

    /// The number of members.
    public var count: Int { members.count }

    /// The member names, in order.
    public var names: [String] { members.map { $0.name } }

    /// The value of the member called `name`.
    public subscript(name: String) -> JSONValue? {
        position(of: name).map { members[$0].value }
    }

    /// The position of the member called `name`, comparing exact bytes.
    private func position(of name: String) -> Int? {
        guard members.count <= Self.linearLookupLimit else { return index[ExactKey(name)] }
        let length = name.utf8.count
        for position in members.indices {
            // Lengths first, inline: most members of a short object differ from `name` in length.
            let candidate = members[position].name
            if candidate.utf8.count == length, candidate.hasSameBytes(as: name) { return position }
        }
        return nil
    }

    /// Adds a member at the end.
    ///
    /// - Throws: ``AuthJSONError/duplicateMemberName(_:offset:)`` (offset 0) if the name is present.
    public mutating func append(_ name: String, _ value: JSONValue) throws(AuthJSONError) {
        try append(name, value, offset: 0)
    }

    mutating func append(_ name: String, _ value: JSONValue, offset: Int) throws(AuthJSONError) {
        guard position(of: name) == nil else { throw .duplicateMemberName(AuthJSONError.shortened(name), offset: offset) }
        if members.count == Self.linearLookupLimit {
            // Crossing the limit: index every member so far, then keep the index up to date.
            index.reserveCapacity(members.count * 2)
            for (position, member) in members.enumerated() { index[ExactKey(member.name)] = position }
        }
        if members.count >= Self.linearLookupLimit { index[ExactKey(name)] = members.count }
        members.append((name, value))
    }

    /// Two objects are equal when they have the same members in the same order.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.members.count == rhs.members.count
            && zip(lhs.members, rhs.members).allSatisfy { l, r in
                l.name.hasSameBytes(as: r.name) && l.value == r.value
            }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(members.count)
        for member in members {
            hasher.combineExactly(member.name)
            hasher.combine(member.value)
        }
    }
}
