// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthClient
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension URLSessionTransport {
    /// A URLSession error as a typed failure: its kind, the host, and `NSURLErrorDomain` with the code.
    ///
    /// | `URLError.Code` | kind |
    /// | --- | --- |
    /// | `timedOut` | `.timedOut` |
    /// | `cannotConnectToHost`, `notConnectedToInternet`, `internationalRoamingOff`, `dataNotAllowed` | `.cannotConnect` |
    /// | `cannotFindHost`, `dnsLookupFailed` | `.cannotFindHost` |
    /// | `networkConnectionLost` | `.connectionLost` |
    /// | `secureConnectionFailed`, the `serverCertificate…` codes, `clientCertificateRejected`, `clientCertificateRequired`, `appTransportSecurityRequiresSecureConnection` | `.secureConnectionFailed` |
    /// | `cancelled` (and Swift's `CancellationError`) | `.cancelled` |
    /// | `badURL`, `unsupportedURL` | `.invalidURL` |
    /// | `badServerResponse`, `cannotParseResponse` | `.notHTTP` |
    /// | `unknown` (-1) whose message is libcurl's about TLS (see `libcurlTLSMessage(_:)`) | `.secureConnectionFailed` |
    /// | anything else | `.other` |
    ///
    /// A TLS failure keeps the platform's message as ``TransportFailure/detail`` (`SSL certificate problem: unable to
    /// get local issuer certificate`). On Linux, swift-corelibs-foundation (6.3) maps only a few libcurl codes to
    /// `URLError` codes: an untrusted certificate (`CURLE_PEER_FAILED_VERIFICATION`), a host name mismatch and a
    /// failed handshake (`CURLE_SSL_CONNECT_ERROR`) all arrive as `NSURLErrorUnknown` (-1) with libcurl's message
    /// as the localized description, which is how they are told apart here.
    static func failure(_ error: any Error, host: String) -> TransportFailure {
        guard let error = error as? URLError else {
            return TransportFailure(error is CancellationError ? .cancelled : .other, host: host)
        }
        let kind: TransportFailure.Kind =
            switch error.code {
            case .timedOut: .timedOut
            case .cannotConnectToHost, .notConnectedToInternet, .internationalRoamingOff, .dataNotAllowed: .cannotConnect
            case .cannotFindHost, .dnsLookupFailed: .cannotFindHost
            case .networkConnectionLost: .connectionLost
            case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate, .serverCertificateNotYetValid,
                .serverCertificateHasUnknownRoot, .clientCertificateRejected, .clientCertificateRequired,
                .appTransportSecurityRequiresSecureConnection:
                .secureConnectionFailed
            case .cancelled: .cancelled
            case .badURL, .unsupportedURL: .invalidURL
            case .badServerResponse, .cannotParseResponse: .notHTTP
            case .unknown where libcurlTLSMessage(error.localizedDescription) != nil: .secureConnectionFailed
            default: .other
            }
        guard kind == .secureConnectionFailed else {
            return TransportFailure(kind, host: host, domain: NSURLErrorDomain, code: error.code.rawValue)
        }
        return TransportFailure(
            kind, host: host, domain: NSURLErrorDomain, code: error.code.rawValue,
            detail: libcurlTLSMessage(error.localizedDescription) ?? platformMessage(error.localizedDescription))
    }

    /// `message` when it is one of libcurl's TLS errors as swift-corelibs-foundation passes them on (the easy
    /// handle's error buffer, or the code's description): `SSL certificate problem: …`, `SSL: no alternative
    /// certificate subject name matches target host name '…'`, `OpenSSL SSL_connect: …`, `SSL peer certificate
    /// or SSH remote key was not OK`, `error setting certificate file: …`, `SSL connect error`. Nil otherwise.
    static func libcurlTLSMessage(_ message: String) -> String? {
        let prefixes = ["SSL", "OpenSSL", "TLS", "error setting certificate", "schannel", "GnuTLS", "NSS", "wolfSSL", "mbedTLS"]
        guard prefixes.contains(where: { message.hasPrefix($0) }) else { return nil }
        return printable(message)
    }

    /// A platform's own message (Apple's "An SSL error has occurred…"), or nil when it is only the
    /// generic "The operation could not be completed".
    private static func platformMessage(_ message: String) -> String? {
        message.isEmpty || message.contains("could not be completed") || message.contains("couldn’t be completed")
            ? nil : printable(message)
    }

    /// At most 200 printable ASCII characters (a message goes to terminals and logs).
    private static func printable(_ message: String) -> String {
        String(
            String.UnicodeScalarView(
                message.unicodeScalars.prefix(200).map { $0.isASCII && $0.value >= 0x20 && $0.value < 0x7F ? $0 : "?" }))
    }
}
