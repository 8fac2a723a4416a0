// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

// The umbrella module: `import AuthFlow` brings in every AuthFlow library module, and nothing else is
// defined here. Embed a single module instead (for example `AuthPKCE`) when that is all you need.
// AuthURLSession brings Foundation's networking with it; import AuthClient alone to stay without it.
//
// AuthTesting (test doubles) is deliberately not re-exported, as SwiftNIO keeps its test utilities out
// of `NIO`: import it from test targets only.

@_exported import AuthBase64URL
@_exported import AuthButtonLayout
@_exported import AuthCallback
@_exported import AuthClient
@_exported import AuthCredentials
@_exported import AuthDPoP
@_exported import AuthDigest
@_exported import AuthHTTP
@_exported import AuthJSON
@_exported import AuthJWT
@_exported import AuthPKCE
@_exported import AuthResourceServer
@_exported import AuthSession
@_exported import AuthURLSession
