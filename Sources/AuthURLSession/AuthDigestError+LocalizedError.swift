public import AuthDigest
public import Foundation

/// `error.localizedDescription` reads as the error's `AuthDigestError.description` on Apple platforms and on Linux,
/// instead of "The operation could not be completed. (AuthDigest.AuthDigestError error N.)".
extension AuthDigestError: LocalizedError {
    public var errorDescription: String? { description }
}
