public import AuthCredentials
public import Foundation

/// `error.localizedDescription` reads as the error's `AuthorizationError.description` on Apple platforms and on Linux,
/// instead of "The operation could not be completed. (AuthCredentials.AuthorizationError error N.)".
extension AuthorizationError: LocalizedError {
    public var errorDescription: String? { description }
}
