// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthClient
import AuthFlowCLI
import AuthURLSession

/// The `authflow` executable: the commands over `URLSessionTransport` (Foundation's URLSession; libcurl on
/// Linux). On Linux it cannot trust a private CA (swift-corelibs-foundation gives libcurl the system's CA
/// bundle only): `--ca-file` is refused with a pointer to the AsyncHTTPClient build (Docs/PrivateCA.md).
@main
struct AuthFlowCommand {
    static func main() {
        AuthFlowCommandLine.main(
            http: HTTPStack(name: "URLSession") { (caFile) throws(AuthClientError) in
                if let caFile {
                    throw .invalidConfiguration(
                        "this authflow is built on URLSession, which cannot trust the CA file '\(caFile)': on Linux, "
                            + "swift-corelibs-foundation gives libcurl the system's CA bundle only (it reads no SSL_CERT_FILE, "
                            + "CURL_CA_BUNDLE or other variable); install the AsyncHTTPClient build "
                            + "(Scripts/install-authflow), or add the CA to the system's trust store")
                }
                return URLSessionTransport()
            })
    }
}
