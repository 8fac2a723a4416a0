// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthJSON

/// Reads the members of a metadata document strictly, turning every wrong shape into the error `fail` makes.
struct JSONMembers {
    let object: JSONObject
    let fail: (String) -> AuthClientError

    /// Parses `body` as a JSON object.
    init(parsing body: some Sequence<UInt8>, fail: @escaping (String) -> AuthClientError) throws(AuthClientError) {
        self.fail = fail
        let value: JSONValue
        do {
            value = try JSONValue(parsing: body)
        } catch {
            throw fail("the document is not JSON")
        }
        guard let object = value.objectValue else { throw fail("the document is not a JSON object") }
        self.object = object
    }

    func string(_ name: String) throws(AuthClientError) -> String? {
        guard let member = object[name], !member.isNull else { return nil }
        guard let text = member.stringValue else { throw fail("'\(name)' is not a string") }
        return text
    }

    func required(_ name: String) throws(AuthClientError) -> String {
        guard let text = try string(name) else { throw fail("'\(name)' is missing") }
        return text
    }

    func strings(_ name: String) throws(AuthClientError) -> [String]? {
        guard let member = object[name], !member.isNull else { return nil }
        guard let array = member.arrayValue else { throw fail("'\(name)' is not an array") }
        var result: [String] = []
        for element in array {
            guard let text = element.stringValue else { throw fail("'\(name)' holds a non-string") }
            result.append(text)
        }
        return result
    }

    func integer(_ name: String) throws(AuthClientError) -> Int64? {
        guard let member = object[name], !member.isNull else { return nil }
        guard let number = member.numberValue?.int64Value else { throw fail("'\(name)' is not an integer") }
        return number
    }

    /// A non-negative whole number of seconds, also when sent as a digit string (as some providers send
    /// `expires_in` and `interval`); nil when absent or null.
    func seconds(_ name: String) throws(AuthClientError) -> Int64? {
        guard let member = object[name], !member.isNull else { return nil }
        guard let value = Self.seconds(member) else { throw fail("'\(name)' is not a non-negative whole number of seconds") }
        return value
    }

    /// `member` as a non-negative whole number of seconds (a JSON number, or a string of at most 18 digits).
    static func seconds(_ member: JSONValue) -> Int64? {
        if let value = member.numberValue?.int64Value, value >= 0 { return value }
        guard let text = member.stringValue, !text.isEmpty, text.utf8.count <= 18,
            text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        else { return nil }
        return text.utf8.reduce(0) { $0 * 10 + Int64($1 - UInt8(ascii: "0")) }
    }

    func bool(_ name: String) throws(AuthClientError) -> Bool? {
        guard let member = object[name], !member.isNull else { return nil }
        guard let flag = member.boolValue else { throw fail("'\(name)' is not a boolean") }
        return flag
    }
}
