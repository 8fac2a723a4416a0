// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

extension AuthenticationSession {
    /// Starts the session and waits for its end: the redirect, or the error the completion would get.
    /// Cancelling the calling task cancels the session. A completion handler given at creation still runs.
    ///
    /// ```swift
    /// let session = AuthenticationSession(url: authorizationURL, callback: try .loopback(path: "/cb"), userAgent: loopback)
    /// let redirect = try await session.authenticate()
    /// ```
    ///
    /// - Throws: ``AuthSessionError/alreadyStarted`` for a session that was started before, and otherwise
    ///   what the session ends with (`canceledLogin` when cancelled, …).
    public func authenticate() async throws(AuthSessionError) -> Redirect {
        let result: Result<Redirect, AuthSessionError> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if let refusal = installContinuation({ continuation.resume(returning: $0) }) {
                    continuation.resume(returning: .failure(refusal))
                    return
                }
                start()  // on failure the completion, and so the continuation, already has the error
            }
        } onCancel: {
            cancel()
        }
        return try result.get()
    }
}
