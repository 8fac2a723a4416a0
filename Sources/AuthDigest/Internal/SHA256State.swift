// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

// The SHA-256 compression function, FIPS 180-4 §6.2.2.
//
// The 64 rounds are unrolled and the eight working variables rotate by name instead of being moved
// (round t passes `a…h` shifted t places), so the optimizer keeps everything in registers. The message
// schedule lives in sixteen locals, updated in place from round 16 on (W[t] overwrites W[t-16]).
// The round constants are written as literals and were checked, when this file was made, against
// their definition: the first 32 bits of the fractional parts of the cube roots of the first 64
// primes (§4.2.2).

/// The eight 32-bit words of the SHA-256 intermediate hash value, H(i) in FIPS 180-4.
struct SHA256State: BlockCompression {
    static let blockByteCount = 64
    static let lengthByteCount = 8

    var h0: UInt32 = 0x6a09_e667
    var h1: UInt32 = 0xbb67_ae85
    var h2: UInt32 = 0x3c6e_f372
    var h3: UInt32 = 0xa54f_f53a
    var h4: UInt32 = 0x510e_527f
    var h5: UInt32 = 0x9b05_688c
    var h6: UInt32 = 0x1f83_d9ab
    var h7: UInt32 = 0x5be0_cd19

    /// The initial hash value H(0), §5.3.3.
    init() {}

    /// Processes `blockCount` consecutive 64-byte blocks starting at `blocks` (§6.2.2, steps 1–4).
    mutating func compress(_ blocks: UnsafeRawPointer, blockCount: Int) {
        var a = h0
        var b = h1
        var c = h2
        var d = h3
        var e = h4
        var f = h5
        var g = h6
        var h = h7
        var block = blocks
        for _ in 0..<blockCount {
            var bc = b ^ c
            var w0 = block.loadUnaligned(fromByteOffset: 0, as: UInt32.self).bigEndian
            var w1 = block.loadUnaligned(fromByteOffset: 4, as: UInt32.self).bigEndian
            var w2 = block.loadUnaligned(fromByteOffset: 8, as: UInt32.self).bigEndian
            var w3 = block.loadUnaligned(fromByteOffset: 12, as: UInt32.self).bigEndian
            var w4 = block.loadUnaligned(fromByteOffset: 16, as: UInt32.self).bigEndian
            var w5 = block.loadUnaligned(fromByteOffset: 20, as: UInt32.self).bigEndian
            var w6 = block.loadUnaligned(fromByteOffset: 24, as: UInt32.self).bigEndian
            var w7 = block.loadUnaligned(fromByteOffset: 28, as: UInt32.self).bigEndian
            var w8 = block.loadUnaligned(fromByteOffset: 32, as: UInt32.self).bigEndian
            var w9 = block.loadUnaligned(fromByteOffset: 36, as: UInt32.self).bigEndian
            var w10 = block.loadUnaligned(fromByteOffset: 40, as: UInt32.self).bigEndian
            var w11 = block.loadUnaligned(fromByteOffset: 44, as: UInt32.self).bigEndian
            var w12 = block.loadUnaligned(fromByteOffset: 48, as: UInt32.self).bigEndian
            var w13 = block.loadUnaligned(fromByteOffset: 52, as: UInt32.self).bigEndian
            var w14 = block.loadUnaligned(fromByteOffset: 56, as: UInt32.self).bigEndian
            var w15 = block.loadUnaligned(fromByteOffset: 60, as: UInt32.self).bigEndian

            round(a, b, c, &d, e, f, g, &h, 0x428a_2f98 &+ w0, &bc)
            round(h, a, b, &c, d, e, f, &g, 0x7137_4491 &+ w1, &bc)
            round(g, h, a, &b, c, d, e, &f, 0xb5c0_fbcf &+ w2, &bc)
            round(f, g, h, &a, b, c, d, &e, 0xe9b5_dba5 &+ w3, &bc)
            round(e, f, g, &h, a, b, c, &d, 0x3956_c25b &+ w4, &bc)
            round(d, e, f, &g, h, a, b, &c, 0x59f1_11f1 &+ w5, &bc)
            round(c, d, e, &f, g, h, a, &b, 0x923f_82a4 &+ w6, &bc)
            round(b, c, d, &e, f, g, h, &a, 0xab1c_5ed5 &+ w7, &bc)
            round(a, b, c, &d, e, f, g, &h, 0xd807_aa98 &+ w8, &bc)
            round(h, a, b, &c, d, e, f, &g, 0x1283_5b01 &+ w9, &bc)
            round(g, h, a, &b, c, d, e, &f, 0x2431_85be &+ w10, &bc)
            round(f, g, h, &a, b, c, d, &e, 0x550c_7dc3 &+ w11, &bc)
            round(e, f, g, &h, a, b, c, &d, 0x72be_5d74 &+ w12, &bc)
            round(d, e, f, &g, h, a, b, &c, 0x80de_b1fe &+ w13, &bc)
            round(c, d, e, &f, g, h, a, &b, 0x9bdc_06a7 &+ w14, &bc)
            round(b, c, d, &e, f, g, h, &a, 0xc19b_f174 &+ w15, &bc)
            w0 = schedule(w0, w1, w9, w14)
            round(a, b, c, &d, e, f, g, &h, 0xe49b_69c1 &+ w0, &bc)
            w1 = schedule(w1, w2, w10, w15)
            round(h, a, b, &c, d, e, f, &g, 0xefbe_4786 &+ w1, &bc)
            w2 = schedule(w2, w3, w11, w0)
            round(g, h, a, &b, c, d, e, &f, 0x0fc1_9dc6 &+ w2, &bc)
            w3 = schedule(w3, w4, w12, w1)
            round(f, g, h, &a, b, c, d, &e, 0x240c_a1cc &+ w3, &bc)
            w4 = schedule(w4, w5, w13, w2)
            round(e, f, g, &h, a, b, c, &d, 0x2de9_2c6f &+ w4, &bc)
            w5 = schedule(w5, w6, w14, w3)
            round(d, e, f, &g, h, a, b, &c, 0x4a74_84aa &+ w5, &bc)
            w6 = schedule(w6, w7, w15, w4)
            round(c, d, e, &f, g, h, a, &b, 0x5cb0_a9dc &+ w6, &bc)
            w7 = schedule(w7, w8, w0, w5)
            round(b, c, d, &e, f, g, h, &a, 0x76f9_88da &+ w7, &bc)
            w8 = schedule(w8, w9, w1, w6)
            round(a, b, c, &d, e, f, g, &h, 0x983e_5152 &+ w8, &bc)
            w9 = schedule(w9, w10, w2, w7)
            round(h, a, b, &c, d, e, f, &g, 0xa831_c66d &+ w9, &bc)
            w10 = schedule(w10, w11, w3, w8)
            round(g, h, a, &b, c, d, e, &f, 0xb003_27c8 &+ w10, &bc)
            w11 = schedule(w11, w12, w4, w9)
            round(f, g, h, &a, b, c, d, &e, 0xbf59_7fc7 &+ w11, &bc)
            w12 = schedule(w12, w13, w5, w10)
            round(e, f, g, &h, a, b, c, &d, 0xc6e0_0bf3 &+ w12, &bc)
            w13 = schedule(w13, w14, w6, w11)
            round(d, e, f, &g, h, a, b, &c, 0xd5a7_9147 &+ w13, &bc)
            w14 = schedule(w14, w15, w7, w12)
            round(c, d, e, &f, g, h, a, &b, 0x06ca_6351 &+ w14, &bc)
            w15 = schedule(w15, w0, w8, w13)
            round(b, c, d, &e, f, g, h, &a, 0x1429_2967 &+ w15, &bc)
            w0 = schedule(w0, w1, w9, w14)
            round(a, b, c, &d, e, f, g, &h, 0x27b7_0a85 &+ w0, &bc)
            w1 = schedule(w1, w2, w10, w15)
            round(h, a, b, &c, d, e, f, &g, 0x2e1b_2138 &+ w1, &bc)
            w2 = schedule(w2, w3, w11, w0)
            round(g, h, a, &b, c, d, e, &f, 0x4d2c_6dfc &+ w2, &bc)
            w3 = schedule(w3, w4, w12, w1)
            round(f, g, h, &a, b, c, d, &e, 0x5338_0d13 &+ w3, &bc)
            w4 = schedule(w4, w5, w13, w2)
            round(e, f, g, &h, a, b, c, &d, 0x650a_7354 &+ w4, &bc)
            w5 = schedule(w5, w6, w14, w3)
            round(d, e, f, &g, h, a, b, &c, 0x766a_0abb &+ w5, &bc)
            w6 = schedule(w6, w7, w15, w4)
            round(c, d, e, &f, g, h, a, &b, 0x81c2_c92e &+ w6, &bc)
            w7 = schedule(w7, w8, w0, w5)
            round(b, c, d, &e, f, g, h, &a, 0x9272_2c85 &+ w7, &bc)
            w8 = schedule(w8, w9, w1, w6)
            round(a, b, c, &d, e, f, g, &h, 0xa2bf_e8a1 &+ w8, &bc)
            w9 = schedule(w9, w10, w2, w7)
            round(h, a, b, &c, d, e, f, &g, 0xa81a_664b &+ w9, &bc)
            w10 = schedule(w10, w11, w3, w8)
            round(g, h, a, &b, c, d, e, &f, 0xc24b_8b70 &+ w10, &bc)
            w11 = schedule(w11, w12, w4, w9)
            round(f, g, h, &a, b, c, d, &e, 0xc76c_51a3 &+ w11, &bc)
            w12 = schedule(w12, w13, w5, w10)
            round(e, f, g, &h, a, b, c, &d, 0xd192_e819 &+ w12, &bc)
            w13 = schedule(w13, w14, w6, w11)
            round(d, e, f, &g, h, a, b, &c, 0xd699_0624 &+ w13, &bc)
            w14 = schedule(w14, w15, w7, w12)
            round(c, d, e, &f, g, h, a, &b, 0xf40e_3585 &+ w14, &bc)
            w15 = schedule(w15, w0, w8, w13)
            round(b, c, d, &e, f, g, h, &a, 0x106a_a070 &+ w15, &bc)
            w0 = schedule(w0, w1, w9, w14)
            round(a, b, c, &d, e, f, g, &h, 0x19a4_c116 &+ w0, &bc)
            w1 = schedule(w1, w2, w10, w15)
            round(h, a, b, &c, d, e, f, &g, 0x1e37_6c08 &+ w1, &bc)
            w2 = schedule(w2, w3, w11, w0)
            round(g, h, a, &b, c, d, e, &f, 0x2748_774c &+ w2, &bc)
            w3 = schedule(w3, w4, w12, w1)
            round(f, g, h, &a, b, c, d, &e, 0x34b0_bcb5 &+ w3, &bc)
            w4 = schedule(w4, w5, w13, w2)
            round(e, f, g, &h, a, b, c, &d, 0x391c_0cb3 &+ w4, &bc)
            w5 = schedule(w5, w6, w14, w3)
            round(d, e, f, &g, h, a, b, &c, 0x4ed8_aa4a &+ w5, &bc)
            w6 = schedule(w6, w7, w15, w4)
            round(c, d, e, &f, g, h, a, &b, 0x5b9c_ca4f &+ w6, &bc)
            w7 = schedule(w7, w8, w0, w5)
            round(b, c, d, &e, f, g, h, &a, 0x682e_6ff3 &+ w7, &bc)
            w8 = schedule(w8, w9, w1, w6)
            round(a, b, c, &d, e, f, g, &h, 0x748f_82ee &+ w8, &bc)
            w9 = schedule(w9, w10, w2, w7)
            round(h, a, b, &c, d, e, f, &g, 0x78a5_636f &+ w9, &bc)
            w10 = schedule(w10, w11, w3, w8)
            round(g, h, a, &b, c, d, e, &f, 0x84c8_7814 &+ w10, &bc)
            w11 = schedule(w11, w12, w4, w9)
            round(f, g, h, &a, b, c, d, &e, 0x8cc7_0208 &+ w11, &bc)
            w12 = schedule(w12, w13, w5, w10)
            round(e, f, g, &h, a, b, c, &d, 0x90be_fffa &+ w12, &bc)
            w13 = schedule(w13, w14, w6, w11)
            round(d, e, f, &g, h, a, b, &c, 0xa450_6ceb &+ w13, &bc)
            w14 = schedule(w14, w15, w7, w12)
            round(c, d, e, &f, g, h, a, &b, 0xbef9_a3f7 &+ w14, &bc)
            w15 = schedule(w15, w0, w8, w13)
            round(b, c, d, &e, f, g, h, &a, 0xc671_78f2 &+ w15, &bc)

            h0 &+= a
            a = h0
            h1 &+= b
            b = h1
            h2 &+= c
            c = h2
            h3 &+= d
            d = h3
            h4 &+= e
            e = h4
            h5 &+= f
            f = h5
            h6 &+= g
            g = h6
            h7 &+= h
            h = h7
            block += 64
        }
    }
}

extension UInt32 {
    /// ROTR^n(x), §3.2.
    @inline(__always)
    fileprivate func rotatedRight(_ n: UInt32) -> UInt32 {
        (self &>> n) | (self &<< (32 &- n))
    }
}

/// One round, §6.2.2 step 3, with K[t] + W[t] passed in as `kw`.
///
/// `d` becomes `d + T1` (the next `e`) and `h` becomes `T1 + T2` (the next `a`); the caller renames the
/// others. Ch is `g ^ (e & (f ^ g))`; Maj is `b ^ ((a ^ b) & (b ^ c))`, and this round's `a ^ b` is the
/// next round's `b ^ c`, so `bc` carries it over (four operations instead of six). Σ1 and Σ0 are nested, as
/// in OpenSSL's sha256-x86_64: ROTR6(ROTR5(ROTR14(e) ^ e) ^ e) is ROTR6(e) ^ ROTR11(e) ^ ROTR25(e), and
/// needs one register copy instead of three (x86-64's rotate overwrites its operand). T1 is summed with the
/// terms that do not depend on `e` first, so that Σ1(e), the longest chain, is added last.
@inline(__always)
private func round(
    _ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: inout UInt32,
    _ e: UInt32, _ f: UInt32, _ g: UInt32, _ h: inout UInt32,
    _ kw: UInt32, _ bc: inout UInt32
) {
    let sigma1 = ((e.rotatedRight(14) ^ e).rotatedRight(5) ^ e).rotatedRight(6)
    let choose = g ^ (e & (f ^ g))
    let t1 = sigma1 &+ (choose &+ (h &+ kw))
    let sigma0 = ((a.rotatedRight(9) ^ a).rotatedRight(11) ^ a).rotatedRight(2)
    let ab = a ^ b
    let majority = (ab & bc) ^ b  // Maj(a, b, c); this round's a ^ b is the next round's b ^ c
    bc = ab
    d &+= t1
    h = t1 &+ (sigma0 &+ majority)
}

/// The message schedule, §6.2.2 step 1: W[t] = σ1(W[t-2]) + W[t-7] + σ0(W[t-15]) + W[t-16], with
/// σ0(x) = ROTR7(ROTR11(x) ^ x) ^ SHR3(x) and σ1(x) = ROTR17(ROTR2(x) ^ x) ^ SHR10(x).
@inline(__always)
private func schedule(_ w16: UInt32, _ w15: UInt32, _ w7: UInt32, _ w2: UInt32) -> UInt32 {
    let s0 = (w15.rotatedRight(11) ^ w15).rotatedRight(7) ^ (w15 &>> 3)
    let s1 = (w2.rotatedRight(2) ^ w2).rotatedRight(17) ^ (w2 &>> 10)
    return w16 &+ s0 &+ w7 &+ s1
}
