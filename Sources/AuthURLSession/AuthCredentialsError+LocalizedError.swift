public import AuthCredentials
public import Foundation

/// `error.localizedDescription` reads as the error's `AuthCredentialsError.description` on Apple platforms and on Linux,
/// instead of "The operation could not be completed. (AuthCredentials.AuthCredentialsError error N.)".
extension AuthCredentialsError: LocalizedError {
    public var errorDescription: String? { description }

    public var recoverySuggestion: String? {
        switch self {
        case .storeExposed: "Restrict the file to its owner (chmod 600), or remove it and sign in again."
        case .storeIsSymbolicLink: "Replace the link with the file itself, or use another path."
        case .storeIsNotAFile: "Move what is at the path away, or use another path."
        case .corruptStore: "Move or remove the file; the next sign-in writes a new store."
        default: nil
        }
    }
}
