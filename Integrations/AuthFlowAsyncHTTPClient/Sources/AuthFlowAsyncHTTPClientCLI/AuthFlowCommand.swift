// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthAsyncHTTPClient
import AuthClient
import AuthFlowCLI
import NIOConcurrencyHelpers

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `authflow` over AsyncHTTPClient: the main package's commands with ``AsyncHTTPClientTransport``, so that
/// `--ca-file` / `AUTHFLOW_CA_FILE` trust a private CA on Linux too, and the binary links no FoundationNetworking
/// (no libcurl): what `Scripts/install-authflow` builds and installs (Docs/PrivateCA.md, Docs/CLI.md).
@main
struct AuthFlowCommand {
    static func main() {
        AuthFlowCommandLine.main(
            http: HTTPStack(name: "AsyncHTTPClient") { (caFile) throws(AuthClientError) in
                let key = caFile ?? ""
                let made: Result<AsyncHTTPClientTransport, AuthClientError> = transports.withLockedValue { made in
                    if let transport = made[key] { return .success(transport) }
                    do throws(AuthClientError) {
                        // The proxies curl would use (https_proxy, http_proxy, no_proxy), as the URLSession build has them.
                        let proxies = try AsyncHTTPClientTransport.ProxySettings.environment { getenv($0).map { String(cString: $0) } }
                        let transport = try AsyncHTTPClientTransport(
                            configuration: .init(
                                additionalTrustRoots: caFile.map { [.pemFile($0)] } ?? [],
                                proxies: proxies.https == nil && proxies.http == nil ? nil : proxies))
                        made[key] = transport
                        return .success(transport)
                    } catch {
                        return .failure(error)
                    }
                }
                return try made.get()
            })
    }

    /// The transports made, by CA file: each owns an `HTTPClient`, kept for the life of the process (which
    /// ends with `exit`), so none is released without being shut down.
    static let transports = NIOLockedValueBox<[String: AsyncHTTPClientTransport]>([:])
}
