// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

// The HTTP edge types (HTTPTransport, TransportRequest, TransportResponse, HeaderField, TransportFailure,
// AuthenticationChallenge, ProtectedResourceMetadata) live in AuthHTTP, which resource servers share without
// the client; `import AuthClient` keeps bringing them.
@_exported public import AuthHTTP
