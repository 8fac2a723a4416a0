// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

// The types a resource server's code names beside this module's: the HTTP edge (HeaderField, HTTPTransport,
// AuthenticationChallenge, ProtectedResourceMetadata) and DPoP (VerifiedDPoPProof, DPoPNonceSource,
// DPoPReplayCache). `import AuthResourceServer` brings them, as `import AuthClient` brings AuthHTTP.
@_exported public import AuthDPoP
@_exported public import AuthHTTP
