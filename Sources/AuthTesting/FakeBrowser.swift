// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
public import AuthSession

/// The user agent of a ``FakeOpenIDProvider``: opens the authorization URL "in the provider", where the
/// user does what ``FakeOpenIDProvider/Authorization`` says, and returns the redirect.
///
/// ```swift
/// let user = try await client.login(with: provider.browser(.approve(subject: "alice")))
/// try await client.login(with: provider.browser(.deny))     // throws: access_denied
/// ```
public struct FakeBrowser: UserAgent {
    /// The provider it talks to.
    public let provider: FakeOpenIDProvider
    /// What the user does.
    public let authorization: FakeOpenIDProvider.Authorization
    /// When set, the redirect goes to the app instead of the session — a universal link the system opens
    /// in the app (see ``FakeOpenIDProvider/browser(_:deliveringToApp:)``) — and the page stays open until
    /// the session is cancelled.
    var deliverToApp: (@Sendable (String) -> Void)? = nil

    public var requiresPresentationContext: Bool { false }

    public func present(_ request: UserAgentRequest) async throws(AuthSessionError) -> Redirect {
        await provider.resolveClientMetadataDocument(forAuthorizationURL: request.url)
        await provider.resolveRequestURI(forAuthorizationURL: request.url)
        let (location, formBody) = try provider.authorize(request.url, as: authorization)
        if let deliverToApp {
            deliverToApp(location)
            while !Task.isCancelled { try? await Task.sleep(nanoseconds: 3_600_000_000_000) }
            throw .canceledLogin
        }
        do {
            let redirect = Redirect(callbackURL: try URI(parsing: location), formBody: formBody)
            guard request.callback.matches(redirect.callbackURL) else {
                throw AuthSessionError.userAgentFailed("the provider redirected somewhere the callback does not match")
            }
            return redirect
        } catch let error as AuthSessionError {
            throw error
        } catch let error as AuthCallbackError {
            throw .invalidRedirect(error)
        } catch {
            throw .userAgentFailed("the redirect is not valid")
        }
    }
}
