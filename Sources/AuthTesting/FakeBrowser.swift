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

    public var requiresPresentationContext: Bool { false }

    public func present(_ request: UserAgentRequest) async throws(AuthSessionError) -> Redirect {
        let location = try provider.authorize(request.url, as: authorization)
        do {
            let redirect = Redirect(callbackURL: try URI(parsing: location))
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
