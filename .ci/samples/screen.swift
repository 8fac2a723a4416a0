// Prelude `screen` (after `login`): the app's window, for a user agent that presents a sheet over it.
final class Screen: PresentationContextProviding {
    func presentationAnchor(for session: any WebAuthenticationSession) -> PresentationAnchor? {
        PresentationAnchor(name: "main window")
    }
}
let screen = Screen()
