#if canImport(AuthenticationServices) && canImport(ObjectiveC) && !os(tvOS)
import AuthCallback
import AuthCredentials
import AuthenticationServices
import Foundation

/// A user agent over Apple's own `ASWebAuthenticationSession`, for apps on Apple platforms: AuthFlow's
/// session rules and callback matching, Apple's browser sheet (with its single sign-on and the system's
/// ephemeral mode). Compiled only where AuthenticationServices exists (not tvOS); kept thin on purpose.
/// It supports custom-scheme callbacks; for https and loopback callbacks use Apple's iOS 17.4
/// `ASWebAuthenticationSession.Callback` directly, or the loopback agent on the Mac.
///
/// ```swift
/// let agent = AppleWebAuthenticationUserAgent(anchorProvider: { view.window! })
/// let session = AuthenticationSession(url: url, callback: try .customScheme("com.example.app"), userAgent: agent)
/// session.presentationContextProvider = screen
/// ```
@available(iOS 13.0, macOS 10.15, watchOS 6.2, *)
public struct AppleWebAuthenticationUserAgent: UserAgent {
    /// Returns the window to present over (Apple's `ASPresentationAnchor`), on the main actor.
    public let anchorProvider: @MainActor @Sendable () -> ASPresentationAnchor

    public init(anchorProvider: @escaping @MainActor @Sendable () -> ASPresentationAnchor) {
        self.anchorProvider = anchorProvider
    }

    public var requiresPresentationContext: Bool { true }

    public func present(_ request: UserAgentRequest) async throws(AuthSessionError) -> Redirect {
        guard let url = URL(string: request.url.text) else { throw .invalidAuthorizationURL("Foundation cannot read it as a URL") }
        let scheme = request.callback.customSchemeName
        let result: Result<URL, any Error> = await withCheckedContinuation { continuation in
            Task { @MainActor in
                let bridge = Bridge(anchor: anchorProvider())
                let session = ASWebAuthenticationSession(url: url, callbackURLScheme: scheme) { callbackURL, error in
                    if let callbackURL { continuation.resume(returning: .success(callbackURL)) } else {
                        continuation.resume(returning: .failure(error ?? ASWebAuthenticationSessionError(.canceledLogin)))
                    }
                    _ = bridge  // keeps the context provider alive for the session's lifetime
                }
                session.presentationContextProvider = bridge
                session.prefersEphemeralWebBrowserSession = request.prefersEphemeralWebBrowserSession
                if !session.start() {
                    continuation.resume(returning: .failure(ASWebAuthenticationSessionError(.presentationContextInvalid)))
                }
            }
        }
        switch result {
        case .success(let callbackURL):
            do { return Redirect(callbackURL: try URI(parsing: callbackURL.absoluteString)) } catch { throw .invalidRedirect(error) }
        case .failure(let error as ASWebAuthenticationSessionError):
            let code = WebAuthenticationSessionError.Code(rawValue: error.code.rawValue) ?? .canceledLogin
            throw .webAuthenticationSession(WebAuthenticationSessionError(code, reason: error.localizedDescription))
        case .failure(let error):
            throw .userAgentFailed("\(error)")
        }
    }

    private final class Bridge: NSObject, ASWebAuthenticationPresentationContextProviding {
        let anchor: ASPresentationAnchor
        init(anchor: ASPresentationAnchor) { self.anchor = anchor }
        func presentationAnchor(for session: ASWebAuthenticationSession) -> ASPresentationAnchor { anchor }
    }
}
#endif
