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
    /// | anything else | `.other` |
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
            default: .other
            }
        return TransportFailure(kind, host: host, domain: NSURLErrorDomain, code: error.code.rawValue)
    }
}
