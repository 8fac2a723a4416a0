// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthJSON

extension ProviderMetadata {
    /// `pushed_authorization_request_endpoint` (RFC 9126 §5), if any. Read from ``document``; its transport
    /// security is checked when a request is pushed (`AuthClientError.insecureURL(name:url:)`), and a member
    /// that is not a string reads as nil, which makes a required push fail with
    /// `AuthClientError.pushedAuthorizationUnavailable(_:)` rather than be skipped.
    public var pushedAuthorizationRequestEndpoint: String? {
        get { document["pushed_authorization_request_endpoint"]?.stringValue }
        set { document.replace("pushed_authorization_request_endpoint", with: newValue.map(JSONValue.string)) }
    }

    /// `require_pushed_authorization_requests` (RFC 9126 §5): when true, every authorization request is
    /// pushed first, whatever the request's options say (a request that may not be pushed fails). Any value
    /// other than `false` or absent counts as true, so that a malformed document never turns PAR off.
    public var requiresPushedAuthorizationRequests: Bool {
        get {
            guard let member = document["require_pushed_authorization_requests"], !member.isNull else { return false }
            return member.boolValue ?? true
        }
        set { document.replace("require_pushed_authorization_requests", with: newValue ? .bool(true) : nil) }
    }
}

extension JSONObject {
    /// The object with `name` set to `value` (appended, or in place of the old member), or removed when nil.
    mutating func replace(_ name: String, with value: JSONValue?) {
        var copy = JSONObject()
        var placed = false
        for (member, old) in members {
            if member == name {
                if let value, !placed { try? copy.append(member, value) }
                placed = true
            } else {
                try? copy.append(member, old)
            }
        }
        if !placed, let value { try? copy.append(name, value) }
        self = copy
    }
}
