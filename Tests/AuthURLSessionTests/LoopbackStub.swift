import AuthSession
import Foundation

/// A hostile HTTP server on 127.0.0.1 for transport tests: it accepts each connection, sends `head`, then
/// `trickle` one byte every `interval`, forever — never a whole response. With an empty `head` and no
/// trickle it is a server that accepts and never answers.
final class LoopbackStub: Sendable {
    let baseURL: String
    private let descriptor: Int32
    private let task: Task<Void, Never>

    init(head: String = "", trickle: Bool = false, interval: Duration = .milliseconds(50)) throws {
        let (descriptor, port) = try Socket.listen(ipv6: false, port: 0)
        self.descriptor = descriptor
        baseURL = "http://127.0.0.1:\(port)"
        task = Task {
            var clients: [Int32] = []
            defer { clients.forEach(Socket.close) }
            while !Task.isCancelled {
                if Socket.waitReadable(descriptor, milliseconds: 0), let client = Socket.accept(descriptor) {
                    clients.append(client)
                    if !head.isEmpty { Socket.send(client, Array(head.utf8)) }
                }
                if trickle { for client in clients { Socket.send(client, [UInt8(ascii: "x")]) } }
                try? await Task.sleep(for: interval)
            }
        }
    }

    func stop() {
        task.cancel()
        Socket.close(descriptor)
    }
}

/// Runs `operation` and returns its result, or nil when it has not finished within `seconds` — so that a
/// request that hangs fails the test instead of hanging it (the operation is then left running).
func finishes<Value: Sendable>(within seconds: Double, _ operation: @escaping @Sendable () async -> Value) async -> Value? {
    await withCheckedContinuation { continuation in
        let once = Once(continuation)
        Task { once.resume(await operation()) }
        Task {
            try? await Task.sleep(for: .seconds(seconds))
            once.resume(nil)
        }
    }
}

/// A continuation resumed by whichever caller comes first; later calls are ignored.
private final class Once<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Value?, Never>?

    init(_ continuation: CheckedContinuation<Value?, Never>) {
        self.continuation = continuation
    }

    func resume(_ value: Value?) {
        let continuation: CheckedContinuation<Value?, Never>? = lock.withLock {
            defer { self.continuation = nil }
            return self.continuation
        }
        continuation?.resume(returning: value)
    }
}
