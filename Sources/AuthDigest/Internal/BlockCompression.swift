// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// The compression function of a Merkle–Damgård hash (FIPS 180-4 §6): the part that differs between
/// SHA-256 and SHA-512. Buffering and padding, which do not differ, are ``MerkleDamgard``'s.
protocol BlockCompression: Sendable {
    /// 64 for SHA-256, 128 for SHA-384 and SHA-512.
    static var blockByteCount: Int { get }
    /// How many bytes the padded message length takes (§5.1.1: 8; §5.1.2: 16).
    static var lengthByteCount: Int { get }
    /// Processes `blockCount` consecutive blocks starting at `blocks`.
    mutating func compress(_ blocks: UnsafeRawPointer, blockCount: Int)
}

/// A streaming SHA-2 hasher over a compression function: keeps one partial block and a byte counter, so
/// memory stays constant however long the stream is, and every whole block costs the same work.
struct MerkleDamgard<State: BlockCompression>: Sendable {
    private var state: State
    private var buffer = HashBlock()
    private var bufferedByteCount = 0
    private var messageByteCount: UInt64 = 0

    init(_ initial: State) {
        state = initial
    }

    mutating func update(bufferPointer: UnsafeRawBufferPointer) {
        guard var input = bufferPointer.baseAddress, !bufferPointer.isEmpty else { return }
        var remaining = bufferPointer.count
        let blockByteCount = State.blockByteCount
        messageByteCount &+= UInt64(truncatingIfNeeded: remaining)

        if bufferedByteCount > 0 {
            let taken = min(blockByteCount - bufferedByteCount, remaining)
            buffer.copy(from: input, count: taken, at: bufferedByteCount)
            bufferedByteCount += taken
            input += taken
            remaining -= taken
            guard bufferedByteCount == blockByteCount else { return }
            buffer.withUnsafeBytes { state.compress($0.baseAddress!, blockCount: 1) }
            bufferedByteCount = 0
        }

        let wholeBlocks = remaining / blockByteCount
        if wholeBlocks > 0 {
            state.compress(input, blockCount: wholeBlocks)
            input += wholeBlocks * blockByteCount
            remaining -= wholeBlocks * blockByteCount
        }
        if remaining > 0 {
            buffer.copy(from: input, count: remaining, at: 0)
            bufferedByteCount = remaining
        }
    }

    /// The final hash value of everything added so far; the hasher itself is unchanged.
    func finalState() -> State {
        buffer.withUnsafeBytes { bytes in
            Self.finish(state, tail: UnsafeRawBufferPointer(rebasing: bytes[..<bufferedByteCount]), messageByteCount: messageByteCount)
        }
    }

    /// The final hash value of a whole message in one call: whole blocks are compressed where they lie and
    /// only the tail is copied, once, for padding.
    static func hash(_ initial: State, bufferPointer: UnsafeRawBufferPointer) -> State {
        var state = initial
        let wholeBlocks = bufferPointer.count / State.blockByteCount
        if wholeBlocks > 0 {
            state.compress(bufferPointer.baseAddress!, blockCount: wholeBlocks)
        }
        return finish(
            state,
            tail: UnsafeRawBufferPointer(rebasing: bufferPointer[(wholeBlocks * State.blockByteCount)...]),
            messageByteCount: UInt64(truncatingIfNeeded: bufferPointer.count)
        )
    }

    /// Pads `tail` (the last `messageByteCount % blockByteCount` bytes of the message) and compresses the
    /// final one or two blocks (§5.1.1, §5.1.2: a 1 bit, zeros, and the message length in bits, big-endian,
    /// in the last 8 or 16 bytes of the block).
    private static func finish(_ state: State, tail: UnsafeRawBufferPointer, messageByteCount: UInt64) -> State {
        var state = state
        var block = HashBlock()
        let blockByteCount = State.blockByteCount
        block.withUnsafeMutableBytes { bytes in
            if let source = tail.baseAddress, !tail.isEmpty {
                bytes.baseAddress!.copyMemory(from: source, byteCount: tail.count)
            }
            bytes[tail.count] = 0x80  // the rest of the block is already zero
            if tail.count >= blockByteCount - State.lengthByteCount {
                state.compress(bytes.baseAddress!, blockCount: 1)
                bytes.initializeMemory(as: UInt8.self, repeating: 0)
            }
            if State.lengthByteCount == 16 {
                // The high 64 bits of a 128-bit bit length: the top three bits of the byte count.
                bytes.storeBytes(of: (messageByteCount &>> 61).bigEndian, toByteOffset: blockByteCount - 16, as: UInt64.self)
            }
            bytes.storeBytes(of: (messageByteCount &<< 3).bigEndian, toByteOffset: blockByteCount - 8, as: UInt64.self)
            state.compress(bytes.baseAddress!, blockCount: 1)
        }
        return state
    }
}
