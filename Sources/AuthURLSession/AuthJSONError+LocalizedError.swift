public import AuthJSON
public import Foundation

/// `error.localizedDescription` reads as the error's `AuthJSONError.description` on Apple platforms and on Linux,
/// instead of "The operation could not be completed. (AuthJSON.AuthJSONError error N.)".
extension AuthJSONError: LocalizedError {
    public var errorDescription: String? { description }
}
