// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthBase64URL
import AuthCallback

/// `Authorization: Basic` for a client id and secret, form-encoded first as RFC 6749 §2.3.1 requires, then
/// base64 with the standard alphabet and padding (RFC 7617 §2, RFC 4648 §4).
enum BasicAuthorization {
    static func header(clientID: String, secret: String) -> String {
        let credentials = FormParameter.encode(component: clientID) + ":" + FormParameter.encode(component: secret)
        // RFC 4648 §5 differs from §4 only in characters 62 and 63, and in leaving out the padding.
        var bytes = Base64URL.encodedBytes(credentials.utf8).map { byte -> UInt8 in
            switch byte {
            case UInt8(ascii: "-"): UInt8(ascii: "+")
            case UInt8(ascii: "_"): UInt8(ascii: "/")
            default: byte
            }
        }
        while bytes.count % 4 != 0 { bytes.append(UInt8(ascii: "=")) }
        return "Basic " + String(decoding: bytes, as: UTF8.self)
    }
}
