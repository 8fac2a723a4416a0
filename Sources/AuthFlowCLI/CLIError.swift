// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// Why a command failed, and so which exit status it ends with (``ExitStatus``).
enum CLIError: Error, Equatable {
    /// The command line itself is wrong: exit status 2.
    case usage(String)
    /// The input, a value or the I/O failed: exit status 1.
    case failure(String)
    /// The user or the provider denied or cancelled a login: exit status 3.
    case denied(String)

    var message: String {
        switch self {
        case .usage(let message), .failure(let message), .denied(let message): message
        }
    }

    var exitStatus: Int32 {
        switch self {
        case .usage: ExitStatus.usage.code
        case .failure: ExitStatus.failure.code
        case .denied: ExitStatus.denied.code
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
