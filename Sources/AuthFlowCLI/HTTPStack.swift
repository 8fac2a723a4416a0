// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthClient
import AuthSession

/// The HTTP client a build of `authflow` sends its requests with: a name (`authflow --version` prints it)
/// and how to make the transport, trusting the CA certificates of a PEM file besides the system's when
/// `--ca-file` or `AUTHFLOW_CA_FILE` names one. Part of the `_AuthFlowCLI` product, which is not API.
///
/// ```swift
/// let stack = HTTPStack(name: "AsyncHTTPClient") { (caFile) throws(AuthClientError) in
///     try AsyncHTTPClientTransport(configuration: .init(additionalTrustRoots: caFile.map { [.pemFile($0)] } ?? []))
/// }
/// ```
///
/// A stack that cannot trust a CA file throws ``AuthClientError/invalidConfiguration(_:)`` saying why (the
/// URLSession build on Linux: swift-corelibs-foundation gives libcurl no CA file but the system's).
public struct HTTPStack: Sendable {
    /// What the transport is built on: `URLSession`, `AsyncHTTPClient`.
    public var name: String
    /// Makes the transport; `caFile` is the path of a PEM file of CA certificates to trust besides the system's.
    public var make: @Sendable (_ caFile: String?) throws(AuthClientError) -> any HTTPTransport

    public init(name: String, make: @escaping @Sendable (_ caFile: String?) throws(AuthClientError) -> any HTTPTransport) {
        self.name = name
        self.make = make
    }

    /// The stack of this process, set once by ``AuthFlowCommandLine/main(http:)``; nil in tests, whose
    /// environments bring their own transport.
    static var installed: HTTPStack? { current.withLock { $0 } }

    static func install(_ stack: HTTPStack) {
        current.withLock { $0 = stack }
    }

    private static let current = Locked<HTTPStack?>(nil)
}
