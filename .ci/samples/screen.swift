// Prelude `screen` (after `login`): the app's window, for a user agent that presents a sheet over it.
// Like Apple's, the presentation-context protocol is isolated to the main actor.
@MainActor final class Screen: PresentationContextProviding {
    func presentationAnchor(for session: any WebAuthenticationSessionProtocol) -> PresentationAnchor? {
        PresentationAnchor(name: "main window")
    }
}
let screen = await Screen()
