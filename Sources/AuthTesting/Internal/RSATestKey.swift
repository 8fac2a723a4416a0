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
}
