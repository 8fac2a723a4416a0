// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import Foundation

/// base64url the way a careful app writes it with Foundation alone: standard base64, then the URL alphabet
/// swapped byte by byte and the padding dropped, in one pass over the UTF-8 (no `replacingOccurrences`,
/// which is slow on Linux, and no intermediate `String`s).
func foundationBase64URLEncode(_ data: Data) -> String {
    var bytes = Array(data.base64EncodedData())
    while bytes.last == UInt8(ascii: "=") { bytes.removeLast() }
    for index in bytes.indices {
        switch bytes[index] {
        case UInt8(ascii: "+"): bytes[index] = UInt8(ascii: "-")
        case UInt8(ascii: "/"): bytes[index] = UInt8(ascii: "_")
        default: break
        }
    }
    return String(decoding: bytes, as: UTF8.self)
}

/// The reverse: the standard alphabet swapped back byte by byte, padding added, then Foundation's decoder
/// on the bytes (`Data(base64Encoded: Data)`), with no `String` in between.
func foundationBase64URLDecode(_ text: some StringProtocol) -> Data? {
    var bytes = [UInt8]()
    let count = text.utf8.count
    bytes.reserveCapacity(count + 3)
    for byte in text.utf8 {
        switch byte {
        case UInt8(ascii: "-"): bytes.append(UInt8(ascii: "+"))
        case UInt8(ascii: "_"): bytes.append(UInt8(ascii: "/"))
        default: bytes.append(byte)
        }
    }
    for _ in 0..<(4 - count % 4) % 4 { bytes.append(UInt8(ascii: "=")) }
    return Data(base64Encoded: Data(bytes))
}
