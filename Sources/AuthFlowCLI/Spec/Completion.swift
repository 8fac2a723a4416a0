/// What the shell offers when completing a value: nothing, file names, directory names, or a fixed list.
enum Completion: Sendable, Hashable {
    case none
    case file
    case directory
    case values([String])
}
