public import AuthButtonLayout
public import Foundation

/// `error.localizedDescription` reads as the error's `AuthButtonLayoutError.description` on Apple platforms and on Linux,
/// instead of "The operation could not be completed. (AuthButtonLayout.AuthButtonLayoutError error N.)".
extension AuthButtonLayoutError: LocalizedError {
    public var errorDescription: String? { description }
}
