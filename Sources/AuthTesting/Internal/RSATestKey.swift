// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// AuthTesting's RSA test key: 2048 bits, e = 65537, generated once by pyca/cryptography
/// (`rsa.generate_private_key`) and published in Tests/TestVectors/Vectors/Python/rsa-test-key.json.
///
/// - Important: this private key is public. It signs tokens for tests only; never trust it anywhere.
enum RSATestKey {
    static let modulus: String =
        "a093e2d415a4d956d3b07d7c1dea9a85594621c60a0d1d37d3ebb5eda9fc3ed1335a9a39428b7367c1d97da6e5ddce15"
        + "04cf8dfb498622939ee7cf0cacfdcfe3515b8d8ea80ebe36740a61a48374640757ff6d1094723c447990018a8e3d035b"
        + "3603d8ad8d2d932aed643b58783d91390c9121f754f885234986eb4e17cb346779a74400a5f810554910e645fba3be25"
        + "c61d56a844966dbe9f7bb99ba786411ae8d41bd4aa4b37ef68fbb0835c17c5f7ea4525fe2501eacdc721a06a3ad4c4d7"
        + "71b6d5945eb72f548492b54d9289081995c82a25beb15cbcee00d5fff41e058030bcbf908184b5c06998dadeded986d3"
        + "d0086869105a351683edc80c81fffcfb"
    static let exponent: String = "010001"
    static let privateExponent: String =
        "5cefe5832fae641c0769493762193baaf22b250ba47047f8dd2eb9f253efd5163f7806201de398124a9fc0ef0270ddaa"
        + "f7487eb9c6feb0af151ebfe1c0e87ae996023c6bd4835e93d04031eddad202683db0c299ab511d3b2f20546eb2399de2"
        + "573638078fd8fb7f0791261d38cfbebd70b339cac1e31480d7e2bea2f4227d5bcf7b968083b942abb9db9fc229f95445"
        + "8d89ee60a13e0d37d197fa94fd36b4a4d5d3fba7a172922ead32e9e0582916eb4af7baa682808e37bc222d6517640dea"
        + "ab4dddeb2c4855bb9ff18ed9f8fc8db7abc0a35be20cd4ee001be0b1ccff3a3ecafc7240545b46e84cc90a88933a1f72"
        + "a41219fa3480a884e0b5c5da84833d"

    // The CRT form (RFC 8017 §3.2, second representation), derived once from n, e and d with pyca/cryptography's
    // `rsa_recover_prime_factors` (p > q), dP = d mod (p−1), dQ = d mod (q−1), qInv = q⁻¹ mod p.
    /// p, the larger prime factor of n.
    static let primeP: String =
        "e1e8d3cd1ed7728931f79b275bd75526e69c54df094a50379533db6ebba3164941c7efb3904fbe001ea1a59642af128c"
        + "2ca58763f33bef276884a9ab8abac02b387d1e21421716c2f747ddb95fa66f02dbbc268c357c648c10e664720b3fa333"
        + "9abd781be7023bb12d9a27ae9fd8554e6fd01a17aca127c1ac9a97953b8772fd"
    /// q, the smaller prime factor of n.
    static let primeQ: String =
        "b5f757c02a4d104d1f1cb8584b9973cd4250a8160339a8f86f1b01de131d934ed8a0363cd66c027e44cc356a34b3af8a"
        + "2e2003793de464f3e7f0e9bcc8a92c2b1e10300272f474b0b8c20805e4434f047c2fc37aaff384c08f494de60197353f"
        + "042cf0a7f5e55a3720e19a2922558349e33628ccaf343fb0103be4555e9a5d57"
    /// dP = d mod (p − 1).
    static let exponentP: String =
        "924afc1db1034420a442fc2e98c2f159a7ad4528ca135daf20e7dc09f168c35ddd43646e9bdd87e4fbf12212144cdb6d"
        + "fadb96b99b220cd53051f8ae25c09a01632b62ff9694ed208491fd7bb5fd49964845a790d472218ab2c6fff4fa63d383"
        + "ef8912e6beca2b6da96252a03ad3152b1e2d5d38478a74fc6e920de78e0d40e1"
    /// dQ = d mod (q − 1).
    static let exponentQ: String =
        "7959fca1611487bc86f526536c07685d08ceb56a08b8996124e783f5501637392bea9c813216520b5762407515b4876a"
        + "c59bfff5093b99bfb77cc8c467a5ba98feb198f2e92af1ef3127e525d8b6b2a9b11041733e884e8e0480c47c91aeff89"
        + "890557710be1eaaa3d39770fdb9fdfb094e07791197ee4c24bf1453351a5ec7d"
    /// qInv = q⁻¹ mod p.
    static let coefficient: String =
        "4c96d8a32871ac86237bf0cf886304f0d8c24c62164dedc4fa126ace87183f0aae8a05f570bfa6e702eda735c9efc61a"
        + "f07457a69adc2c67703ad76d03e54431277f13e0c502b3750016066a379289c3c4695535eaed388e19ddfd71a1949832"
        + "0882f966cbb66c709c7fb507cb120e56e8104ff4fb23936cf4e7fad2a30c1b51"
}
