public import AuthCredentials

/// A completed Sign in with Apple, like Apple's `ASAuthorization` with an Apple ID credential.
public struct AppleIDAuthorization: Sendable {
    /// The credential: user, name and email (first sign-in), identity token, code.
    public let credential: AppleIDCredential
    /// The request it answers.
    public let request: AppleIDRequest
}

/// Receives the end of an ``AuthorizationController``'s requests, like Apple's
/// `ASAuthorizationControllerDelegate`. Exactly one of the two methods is called, once, on an arbitrary
/// thread (hop to the main actor yourself for UI work).
public protocol AuthorizationControllerDelegate: AnyObject, Sendable {
    func authorizationController(_ controller: AuthorizationController, didCompleteWithAuthorization authorization: AppleIDAuthorization)
    func authorizationController(_ controller: AuthorizationController, didCompleteWithError error: AuthorizationError)
}
