public import AuthPKCE
public import Foundation

/// `error.localizedDescription` reads as the error's `AuthPKCEError.description` on Apple platforms and on Linux,
/// instead of "The operation could not be completed. (AuthPKCE.AuthPKCEError error N.)".
extension AuthPKCEError: LocalizedError {
    public var errorDescription: String? { description }
}
