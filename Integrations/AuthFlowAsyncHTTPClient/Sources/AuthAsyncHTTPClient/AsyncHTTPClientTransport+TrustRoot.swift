// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthClient
import NIOSSL

extension AsyncHTTPClientTransport {
    /// CA certificates to trust besides the system's: a PEM file, or PEM text in memory, each holding one or
    /// more `-----BEGIN CERTIFICATE-----` blocks (RFC 7468 §5).
    ///
    /// ```swift
    /// let fromFile = AsyncHTTPClientTransport.TrustRoot.pemFile("/etc/corp/root-ca.pem")
    /// let fromBytes = AsyncHTTPClientTransport.TrustRoot.pem(Array(pemText.utf8))
    /// ```
    public enum TrustRoot: Hashable, Sendable {
        /// The certificates of the PEM file at this path, read when the transport is made.
        case pemFile(String)
        /// The certificates of this PEM text.
        case pem([UInt8])

        /// The certificates, or ``AuthClientError/invalidConfiguration(_:)`` saying which file or text is
        /// unreadable or holds no certificate.
        func certificates() throws(AuthClientError) -> [NIOSSLCertificate] {
            let certificates: [NIOSSLCertificate]
            switch self {
            case .pemFile(let path):
                do {
                    certificates = try NIOSSLCertificate.fromPEMFile(path)
                } catch {
                    throw .invalidConfiguration("cannot read the CA certificates of '\(path)' as PEM: \(error)")
                }
                guard !certificates.isEmpty else { throw .invalidConfiguration("'\(path)' holds no PEM certificate") }
            case .pem(let bytes):
                do {
                    certificates = try NIOSSLCertificate.fromPEMBytes(bytes)
                } catch {
                    throw .invalidConfiguration("cannot read the CA certificates given as PEM: \(error)")
                }
                guard !certificates.isEmpty else { throw .invalidConfiguration("the PEM text holds no certificate") }
            }
            return certificates
        }
    }
}
