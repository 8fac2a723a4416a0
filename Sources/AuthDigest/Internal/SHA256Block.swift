/// 64 bytes of message kept inline (no heap), for the partial block of a stream and for padding.
@usableFromInline
struct SHA256Block: Sendable {
    @usableFromInline
    var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)

    @usableFromInline
    init() {}

    mutating func withUnsafeMutableBytes<Result>(
        _ body: (UnsafeMutableRawBufferPointer) -> Result
    ) -> Result {
        Swift.withUnsafeMutableBytes(of: &words, body)
    }

    func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        Swift.withUnsafeBytes(of: words, body)
    }

    mutating func copy(from source: UnsafeRawPointer, count: Int, at offset: Int) {
        withUnsafeMutableBytes { bytes in
            (bytes.baseAddress! + offset).copyMemory(from: source, byteCount: count)
        }
    }

    func compress(into state: inout SHA256State) {
        withUnsafeBytes { state.compress($0.baseAddress!, blockCount: 1) }
    }
}
