// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthBase64URL

/// `application/x-www-form-urlencoded` bodies and HTTP Basic credentials for the introspection request.
enum FormEncoding {
    /// `name=value&…`, every byte but the unreserved ones (RFC 3986 §2.3) percent-encoded.
    static func encode(_ parameters: [(String, String)]) -> String {
        parameters.map { component($0.0) + "=" + component($0.1) }.joined(separator: "&")
    }

    static func component(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            let unreserved =
                (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || "-._~".utf8.contains(byte)
            if unreserved {
                bytes.append(byte)
            } else {
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `Basic base64(form(id) ":" form(secret))` (RFC 6749 §2.3.1, RFC 7617 §2): the standard alphabet
    /// with padding (RFC 4648 §4), made from base64url by swapping characters 62 and 63.
    static func basicAuthorization(clientID: String, secret: String) -> String {
        let credentials = component(clientID) + ":" + component(secret)
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
