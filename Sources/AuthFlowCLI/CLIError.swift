/// Why a command failed, and so which exit status it ends with.
enum CLIError: Error, Equatable {
    /// The command line itself is wrong: exit status 2.
    case usage(String)
    /// The input, a value or the I/O failed: exit status 1.
    case failure(String)

    var message: String {
        switch self {
        case .usage(let message), .failure(let message): message
        }
    }

    var exitStatus: Int32 {
        switch self {
        case .usage: 2
        case .failure: 1
        }
    }
}

extension CLIError {
    /// Runs `body`, turning a library's typed error into a failure (exit status 1) that carries the
    /// error's own message (`AuthJWTError 5020: …`).
    static func catching<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(CLIError) -> Result {
        do {
            return try body()
        } catch {
            throw .failure("\(error)")
        }
    }
}
