// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

extension ResourceServerConfiguration {
    /// Whether a resource server takes DPoP (RFC 9449).
    ///
    /// ```swift
    /// configuration.dpop = .required   // Bearer is refused; challenges offer DPoP only
    /// ```
    ///
    /// Whatever the policy, a token bound to a key (`cnf.jkt`) is accepted only with the `DPoP` scheme and
    /// a valid proof by that key (RFC 9449 §7.1, §7.2): a bound token is never downgraded to a bearer token.
    public enum DPoPPolicy: Sendable, Hashable {
        /// Bearer only: the `DPoP` scheme is refused, so DPoP-bound tokens are refused too.
        case disabled
        /// Both schemes: unbound tokens with `Bearer`, bound tokens with `DPoP` and a proof. Challenges
        /// offer both (RFC 9449 §7.1 allows a resource to send both).
        case allowed
        /// DPoP only: every token must be bound and come with a proof.
        case required
    }
}
