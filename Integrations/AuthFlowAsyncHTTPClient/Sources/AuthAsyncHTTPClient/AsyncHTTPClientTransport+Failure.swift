// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AsyncHTTPClient
import AuthClient
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension AsyncHTTPClientTransport {
    /// An error of AsyncHTTPClient, SwiftNIO or swift-nio-ssl as a typed failure: its kind, the host, the
    /// error's type as the domain and, for TLS, BoringSSL's reason as the detail.
    ///
    /// | error | kind |
    /// | --- | --- |
    /// | `NIOSSLError` (a failed handshake: an untrusted or expired certificate, no shared protocol), `NIOSSLExtraError` (the host name does not match) | `.secureConnectionFailed` |
    /// | `HTTPClientError.connectTimeout`, `.deadlineExceeded`, `.readTimeout`, `.writeTimeout`, `.tlsHandshakeTimeout`, `ChannelError.connectTimeout` | `.timedOut` |
    /// | `NIOConnectionError` with a DNS failure and no connection attempt | `.cannotFindHost` |
    /// | `NIOConnectionError`, `IOError` (`ECONNREFUSED`, `ENETUNREACH`, …) | `.cannotConnect` |
    /// | `HTTPClientError.remoteConnectionClosed`, `.uncleanShutdown`, `ChannelError.eof`, `.ioOnClosedChannel` | `.connectionLost` |
    /// | `HTTPClientError.cancelled`, `CancellationError` | `.cancelled` |
    /// | `HTTPClientError.invalidURL`, `.emptyHost`, `.emptyScheme`, `.unsupportedScheme` | `.invalidURL` |
    /// | `HTTPParserError` | `.notHTTP` |
    /// | anything else (`NIOTooManyBytesError`: a body over the limit) | `.other` |
    static func failure(_ error: any Error, host: String) -> TransportFailure {
        let domain = String(describing: type(of: error))
        switch error {
        case let error as NIOSSLError:
            return TransportFailure(.secureConnectionFailed, host: host, domain: domain, detail: tlsReason(error))
        case let error as NIOSSLExtraError:
            return TransportFailure(.secureConnectionFailed, host: host, domain: domain, detail: printable("\(error)"))
        case let error as HTTPClientError:
            let kind: TransportFailure.Kind =
                switch error {
                case .connectTimeout, .deadlineExceeded, .readTimeout, .writeTimeout, .tlsHandshakeTimeout, .getConnectionFromPoolTimeout:
                    .timedOut
                case .remoteConnectionClosed, .uncleanShutdown: .connectionLost
                case .cancelled: .cancelled
                case .invalidURL, .emptyHost, .emptyScheme: .invalidURL
                default: error.shortDescription.hasPrefix("Unsupported scheme") ? .invalidURL : .other
                }
            return TransportFailure(kind, host: host, domain: domain, detail: kind == .other ? printable(error.shortDescription) : nil)
        case let error as NIOConnectionError:
            if error.connectionErrors.isEmpty, error.dnsAAAAError != nil || error.dnsAError != nil {
                return TransportFailure(.cannotFindHost, host: host, domain: domain)
            }
            let code = error.connectionErrors.lazy.compactMap { ($0.error as? IOError)?.errnoCode }.first
            return TransportFailure(.cannotConnect, host: host, domain: domain, code: code.map(Int.init))
        case let error as IOError:
            let kind: TransportFailure.Kind =
                switch error.errnoCode {
                case ECONNRESET, EPIPE: .connectionLost
                case ETIMEDOUT: .timedOut
                default: .cannotConnect
                }
            return TransportFailure(kind, host: host, domain: "errno", code: Int(error.errnoCode))
        case let error as ChannelError:
            let kind: TransportFailure.Kind =
                switch error {
                case .connectTimeout: .timedOut
                case .eof, .ioOnClosedChannel, .alreadyClosed, .outputClosed, .inputClosed: .connectionLost
                default: .other
                }
            return TransportFailure(kind, host: host, domain: domain)
        case is CancellationError:
            return TransportFailure(.cancelled, host: host)
        case is HTTPParserError:
            return TransportFailure(.notHTTP, host: host, domain: domain)
        default:
            return TransportFailure(.other, host: host, domain: domain)
        }
    }

    /// BoringSSL's reasons, as `CERTIFICATE_VERIFY_FAILED` rather than the whole error stack.
    static func tlsReason(_ error: NIOSSLError) -> String {
        let text = "\(error)"
        let reasons = [
            "CERTIFICATE_VERIFY_FAILED", "WRONG_VERSION_NUMBER", "TLSV1_ALERT", "SSLV3_ALERT", "NO_SHARED_CIPHER", "UNSUPPORTED_PROTOCOL",
        ]
        let found = reasons.filter { text.contains($0) }
        return found.isEmpty ? printable(text) : found.joined(separator: ", ") + " (" + printable(text) + ")"
    }

    /// At most 300 printable ASCII characters.
    static func printable(_ text: String) -> String {
        String(
            String.UnicodeScalarView(text.unicodeScalars.prefix(300).map { $0.isASCII && $0.value >= 0x20 && $0.value < 0x7F ? $0 : "?" }))
    }
}
