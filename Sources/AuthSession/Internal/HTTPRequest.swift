// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// The parts of an HTTP/1.x request the loopback listener reads (RFC 9112 §3): the request line, the
/// header fields (`Content-Length` and `Content-Type` read), and a body of that length. Shared with
/// AuthTesting's loopback server through `package` access; not public API.
package struct HTTPRequest {
    package var method: String
    /// The request target in origin form (`/path?query`).
    package var target: String
    /// Every header field, in order.
    package var headerFields: [(name: String, value: String)] = []
    package var body: [UInt8]

    /// The `Content-Type` field's value, if any.
    package var contentType: String? {
        headerFields.first { $0.name.lowercased() == "content-type" }?.value
    }

    package enum Parse {
        case needMore
        case complete(HTTPRequest)
        case malformed(String)
    }

    package static let maximumHeadSize = 16 * 1024
    package static let maximumBodySize = 64 * 1024

    /// Reads a request from the bytes received so far.
    package static func parse(_ bytes: [UInt8]) -> Parse {
        guard let headEnd = find([13, 10, 13, 10], in: bytes) else {
            return bytes.count > maximumHeadSize ? .malformed("request head over \(maximumHeadSize) bytes") : .needMore
        }
        guard headEnd <= maximumHeadSize else { return .malformed("request head over \(maximumHeadSize) bytes") }
        guard bytes[..<headEnd].allSatisfy({ $0 == 9 || (0x20...0x7e).contains($0) || $0 == 13 || $0 == 10 }) else {
            return .malformed("non-ASCII bytes in the request head")
        }
        let lines = String(decoding: bytes[..<headEnd], as: UTF8.self).split(separator: "\r\n", omittingEmptySubsequences: false)
        let requestLine = lines[0].split(separator: " ", omittingEmptySubsequences: false)
        guard requestLine.count == 3, requestLine[2] == "HTTP/1.1" || requestLine[2] == "HTTP/1.0" else {
            return .malformed("not an HTTP/1.x request line")
        }
        let method = String(requestLine[0])
        let target = String(requestLine[1])
        guard !method.isEmpty, method.utf8.allSatisfy({ (0x41...0x5a).contains($0) }) else { return .malformed("bad method") }
        guard target.utf8.first == UInt8(ascii: "/") else { return .malformed("the target is not in origin form") }
        var contentLength = 0
        var fields: [(name: String, value: String)] = []
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { return .malformed("a header line without ':'") }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingSpaces
            fields.append((String(line[..<colon]), value))
            if name == "content-length" {
                guard let length = Int(value), length >= 0 else { return .malformed("bad Content-Length") }
                guard length <= maximumBodySize else { return .malformed("body over \(maximumBodySize) bytes") }
                contentLength = length
            } else if name == "transfer-encoding" {
                return .malformed("Transfer-Encoding is not supported")
            }
        }
        let bodyStart = headEnd + 4
        guard bytes.count >= bodyStart + contentLength else { return .needMore }
        return .complete(
            HTTPRequest(
                method: method, target: target, headerFields: fields,
                body: Array(bytes[bodyStart..<bodyStart + contentLength])))
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        for start in 0...(bytes.count - needle.count) where bytes[start..<start + needle.count].elementsEqual(needle) { return start }
        return nil
    }

    /// Text made safe to put in the page: `&`, `<`, `>`, `"` and `'` as character references (a value from
    /// a request, such as an OAuth `error` code, must not become markup).
    package static func escapingHTML(_ text: String) -> String {
        var escaped = ""
        for character in text.unicodeScalars {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }

    /// A complete response with a small HTML page; the connection is closed after it.
    static func response(status: Int, reason: String, title: String, message: String) -> [UInt8] {
        let body = """
            <!doctype html><html><head><meta charset="utf-8"><title>\(title)</title></head>\
            <body style="font-family: system-ui, sans-serif; margin: 3em"><h1>\(title)</h1><p>\(message)</p></body></html>
            """
        let head =
            "HTTP/1.1 \(status) \(reason)\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: \(body.utf8.count)\r\n"
            + "Cache-Control: no-store\r\nConnection: close\r\n\r\n"
        return Array((head + body).utf8)
    }
}

extension Substring {
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
