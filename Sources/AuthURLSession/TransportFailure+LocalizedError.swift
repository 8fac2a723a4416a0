public import AuthClient
public import Foundation

/// `error.localizedDescription` reads as the error's `TransportFailure.description` on Apple platforms and on Linux,
/// instead of "The operation could not be completed. (AuthClient.TransportFailure error N.)".
extension TransportFailure: LocalizedError {
    public var errorDescription: String? { description }

    public var recoverySuggestion: String? {
        isTransient ? "Check the network connection and try again." : nil
    }
}
