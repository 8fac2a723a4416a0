// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

extension MCPAuthorization {
    /// Which of an MCP server's `authorization_servers` (RFC 9728 §2) the app uses when it lists several:
    /// RFC 9728 §7.6 and the MCP specification leave the choice to the client. Without one, the first is used.
    ///
    /// ```swift
    /// options.authorizationServerPreference = .issuers(["https://login.example.com", "https://backup.example.com"])
    /// options.authorizationServerPreference = .choose { servers in servers.first { $0.hasSuffix(".example.com") } }
    /// ```
    ///
    /// The choice is made from the list as the metadata gives it, before any request to a server; a choice
    /// that is not in the list counts as none. When nothing is chosen, ``MCPAuthorization/discover(serverURL:options:transport:store:clock:)``
    /// throws ``AuthClientError/noAcceptableAuthorizationServer(authorizationServers:)``. A configured client id
    /// still goes only to ``Options/clientIssuer``; the preference then is not consulted.
    public struct AuthorizationServerPreference: Sendable {
        let choose: @Sendable ([String]) -> String?

        /// The first of `issuers` (in the app's order) that the server lists, compared byte for byte
        /// (RFC 8414 §2: an issuer identifier is compared exactly).
        public static func issuers(_ issuers: [String]) -> AuthorizationServerPreference {
            AuthorizationServerPreference { servers in
                issuers.first { issuer in servers.contains { $0.utf8.elementsEqual(issuer.utf8) } }
            }
        }

        /// The server `choose` returns from the listed ones, or nil for none.
        public static func choose(_ choose: @escaping @Sendable ([String]) -> String?) -> AuthorizationServerPreference {
            AuthorizationServerPreference(choose: choose)
        }

        /// The server chosen among `servers`, if it is one of them.
        func select(among servers: [String]) -> String? {
            guard let chosen = choose(servers), servers.contains(where: { $0.utf8.elementsEqual(chosen.utf8) }) else { return nil }
            return chosen
        }
    }
}
