// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

// The SHA-512 compression function, FIPS 180-4 §6.4.2, shared by SHA-384 (§6.5), which differs only in
// its initial hash value and in keeping six of the eight words.
//
// The eighty rounds run eight at a time, the working variables rotating by name instead of being moved
// (as in SHA256State), so the optimizer keeps them in registers; the message schedule is a sixteen-word
// ring updated in place from round 16 on (W[t] overwrites W[t-16]). Every block costs the same work:
// nothing branches on the data. The round constants and initial values are literals, checked when this
// file was made against their definitions (§4.2.3: the first 64 bits of the fractional parts of the cube
// roots of the first 80 primes; §5.3.4, §5.3.5: of the square roots of the first 8 and the 9th–16th).

/// The eight 64-bit words of the SHA-512 intermediate hash value, H(i) in FIPS 180-4.
struct SHA512State: BlockCompression {
    static let blockByteCount = 128
    static let lengthByteCount = 16

    var h0: UInt64, h1: UInt64, h2: UInt64, h3: UInt64, h4: UInt64, h5: UInt64, h6: UInt64, h7: UInt64

    /// SHA-512's initial hash value H(0), §5.3.5.
    static let sha512 = SHA512State(
        0x6a09_e667_f3bc_c908, 0xbb67_ae85_84ca_a73b, 0x3c6e_f372_fe94_f82b, 0xa54f_f53a_5f1d_36f1,
        0x510e_527f_ade6_82d1, 0x9b05_688c_2b3e_6c1f, 0x1f83_d9ab_fb41_bd6b, 0x5be0_cd19_137e_2179)

    /// SHA-384's initial hash value H(0), §5.3.4.
    static let sha384 = SHA512State(
        0xcbbb_9d5d_c105_9ed8, 0x629a_292a_367c_d507, 0x9159_015a_3070_dd17, 0x152f_ecd8_f70e_5939,
        0x6733_2667_ffc0_0b31, 0x8eb4_4a87_6858_1511, 0xdb0c_2e0d_64f9_8fa7, 0x47b5_481d_befa_4fa4)

    private init(
        _ h0: UInt64, _ h1: UInt64, _ h2: UInt64, _ h3: UInt64, _ h4: UInt64, _ h5: UInt64, _ h6: UInt64, _ h7: UInt64
    ) {
        (self.h0, self.h1, self.h2, self.h3, self.h4, self.h5, self.h6, self.h7) = (h0, h1, h2, h3, h4, h5, h6, h7)
    }

    /// K{512}, §4.2.3.
    private static let roundConstants: [UInt64] = [
        0x428a_2f98_d728_ae22, 0x7137_4491_23ef_65cd, 0xb5c0_fbcf_ec4d_3b2f, 0xe9b5_dba5_8189_dbbc,
        0x3956_c25b_f348_b538, 0x59f1_11f1_b605_d019, 0x923f_82a4_af19_4f9b, 0xab1c_5ed5_da6d_8118,
        0xd807_aa98_a303_0242, 0x1283_5b01_4570_6fbe, 0x2431_85be_4ee4_b28c, 0x550c_7dc3_d5ff_b4e2,
        0x72be_5d74_f27b_896f, 0x80de_b1fe_3b16_96b1, 0x9bdc_06a7_25c7_1235, 0xc19b_f174_cf69_2694,
        0xe49b_69c1_9ef1_4ad2, 0xefbe_4786_384f_25e3, 0x0fc1_9dc6_8b8c_d5b5, 0x240c_a1cc_77ac_9c65,
        0x2de9_2c6f_592b_0275, 0x4a74_84aa_6ea6_e483, 0x5cb0_a9dc_bd41_fbd4, 0x76f9_88da_8311_53b5,
        0x983e_5152_ee66_dfab, 0xa831_c66d_2db4_3210, 0xb003_27c8_98fb_213f, 0xbf59_7fc7_beef_0ee4,
        0xc6e0_0bf3_3da8_8fc2, 0xd5a7_9147_930a_a725, 0x06ca_6351_e003_826f, 0x1429_2967_0a0e_6e70,
        0x27b7_0a85_46d2_2ffc, 0x2e1b_2138_5c26_c926, 0x4d2c_6dfc_5ac4_2aed, 0x5338_0d13_9d95_b3df,
        0x650a_7354_8baf_63de, 0x766a_0abb_3c77_b2a8, 0x81c2_c92e_47ed_aee6, 0x9272_2c85_1482_353b,
        0xa2bf_e8a1_4cf1_0364, 0xa81a_664b_bc42_3001, 0xc24b_8b70_d0f8_9791, 0xc76c_51a3_0654_be30,
        0xd192_e819_d6ef_5218, 0xd699_0624_5565_a910, 0xf40e_3585_5771_202a, 0x106a_a070_32bb_d1b8,
        0x19a4_c116_b8d2_d0c8, 0x1e37_6c08_5141_ab53, 0x2748_774c_df8e_eb99, 0x34b0_bcb5_e19b_48a8,
        0x391c_0cb3_c5c9_5a63, 0x4ed8_aa4a_e341_8acb, 0x5b9c_ca4f_7763_e373, 0x682e_6ff3_d6b2_b8a3,
        0x748f_82ee_5def_b2fc, 0x78a5_636f_4317_2f60, 0x84c8_7814_a1f0_ab72, 0x8cc7_0208_1a64_39ec,
        0x90be_fffa_2363_1e28, 0xa450_6ceb_de82_bde9, 0xbef9_a3f7_b2c6_7915, 0xc671_78f2_e372_532b,
        0xca27_3ece_ea26_619c, 0xd186_b8c7_21c0_c207, 0xeada_7dd6_cde0_eb1e, 0xf57d_4f7f_ee6e_d178,
        0x06f0_67aa_7217_6fba, 0x0a63_7dc5_a2c8_98a6, 0x113f_9804_bef9_0dae, 0x1b71_0b35_131c_471b,
        0x28db_77f5_2304_7d84, 0x32ca_ab7b_40c7_2493, 0x3c9e_be0a_15c9_bebc, 0x431d_67c4_9c10_0d4c,
        0x4cc5_d4be_cb3e_42b6, 0x597f_299c_fc65_7e2a, 0x5fcb_6fab_3ad6_faec, 0x6c44_198c_4a47_5817,
    ]

    /// Processes `blockCount` consecutive 128-byte blocks starting at `blocks` (§6.4.2, steps 1–4).
    mutating func compress(_ blocks: UnsafeRawPointer, blockCount: Int) {
        var ring = HashBlock()
        Self.roundConstants.withUnsafeBufferPointer { k in
            ring.withUnsafeMutableBytes { ringBytes in
                let w = ringBytes.baseAddress!.assumingMemoryBound(to: UInt64.self)
                var block = blocks
                for _ in 0..<blockCount {
                    for t in 0..<16 {
                        w[t] = block.loadUnaligned(fromByteOffset: t &* 8, as: UInt64.self).bigEndian
                    }
                    var a = h0
                    var b = h1
                    var c = h2
                    var d = h3
                    var e = h4
                    var f = h5
                    var g = h6
                    var h = h7
                    var t = 0
                    while t < 80 {
                        round(a, b, c, &d, e, f, g, &h, k[t] &+ scheduled(w, t))
                        round(h, a, b, &c, d, e, f, &g, k[t &+ 1] &+ scheduled(w, t &+ 1))
                        round(g, h, a, &b, c, d, e, &f, k[t &+ 2] &+ scheduled(w, t &+ 2))
                        round(f, g, h, &a, b, c, d, &e, k[t &+ 3] &+ scheduled(w, t &+ 3))
                        round(e, f, g, &h, a, b, c, &d, k[t &+ 4] &+ scheduled(w, t &+ 4))
                        round(d, e, f, &g, h, a, b, &c, k[t &+ 5] &+ scheduled(w, t &+ 5))
                        round(c, d, e, &f, g, h, a, &b, k[t &+ 6] &+ scheduled(w, t &+ 6))
                        round(b, c, d, &e, f, g, h, &a, k[t &+ 7] &+ scheduled(w, t &+ 7))
                        t &+= 8
                    }
                    h0 &+= a
                    h1 &+= b
                    h2 &+= c
                    h3 &+= d
                    h4 &+= e
                    h5 &+= f
                    h6 &+= g
                    h7 &+= h
                    block += 128
                }
            }
        }
    }
}

extension UInt64 {
    /// ROTR^n(x), §3.2.
    @inline(__always)
    fileprivate func rotatedRight(_ n: UInt64) -> UInt64 {
        (self &>> n) | (self &<< (64 &- n))
    }
}

/// W[t] from the sixteen-word ring (§6.4.2 step 1): the message word itself for t < 16, else
/// σ1(W[t-2]) + W[t-7] + σ0(W[t-15]) + W[t-16], stored where W[t-16] was. Whether t < 16 depends on the
/// round number only.
@inline(__always)
private func scheduled(_ w: UnsafeMutablePointer<UInt64>, _ t: Int) -> UInt64 {
    guard t >= 16 else { return w[t] }
    let w15 = w[(t &- 15) & 15]
    let w2 = w[(t &- 2) & 15]
    let s0 = w15.rotatedRight(1) ^ w15.rotatedRight(8) ^ (w15 &>> 7)
    let s1 = w2.rotatedRight(19) ^ w2.rotatedRight(61) ^ (w2 &>> 6)
    let next = w[t & 15] &+ s0 &+ w[(t &- 7) & 15] &+ s1
    w[t & 15] = next
    return next
}

/// One round, §6.4.2 step 3, with K[t] + W[t] passed in as `kw`: `d` becomes `d + T1` (the next `e`) and
/// `h` becomes `T1 + T2` (the next `a`); the caller renames the others. Same shape as SHA-256's round,
/// with the rotation amounts of §4.1.3 (Σ0: 28, 34, 39; Σ1: 14, 18, 41).
@inline(__always)
private func round(
    _ a: UInt64, _ b: UInt64, _ c: UInt64, _ d: inout UInt64,
    _ e: UInt64, _ f: UInt64, _ g: UInt64, _ h: inout UInt64,
    _ kw: UInt64
) {
    let sigma1 = e.rotatedRight(14) ^ e.rotatedRight(18) ^ e.rotatedRight(41)
    let choose = g ^ (e & (f ^ g))
    let t1 = sigma1 &+ (choose &+ (h &+ kw))
    let sigma0 = a.rotatedRight(28) ^ a.rotatedRight(34) ^ a.rotatedRight(39)
    let majority = (a & b) | (c & (a | b))
    d &+= t1
    h = t1 &+ (sigma0 &+ majority)
}
