import AuthBase64URL
import AuthDigest
import AuthPKCE
import AuthTesting

/// `authflow demo [--rfc7636-example]`: a narrated walk through the parts of the flow that exist so far —
/// the PKCE pair, state and nonce, and where each travels — with the real values and the RFC sections.
enum DemoCommand {
    /// RFC 7636 Appendix B: the 32 octets behind the example verifier.
    static let rfc7636Octets: [UInt8] = [
        116, 24, 223, 180, 151, 153, 224, 37, 79, 250, 96, 125, 216, 173, 187, 186,
        22, 212, 37, 77, 105, 214, 191, 240, 91, 88, 5, 88, 83, 132, 141, 121,
    ]

    static func run(_ arguments: Arguments, terminal: inout some Terminal) throws(CLIError) {
        var arguments = arguments
        let useRFCExample = arguments.flag("--rfc7636-example")
        try arguments.expectNone()

        let octets: [UInt8]
        var system = SystemRandomNumberGenerator()
        if useRFCExample {
            octets = rfc7636Octets
        } else {
            octets = (0..<4).flatMap { _ in withUnsafeBytes(of: system.next().littleEndian, Array.init) }
        }
        var replay = ReplayRandomNumberGenerator(octets: octets)
        let pkce = PKCE(using: &replay)
        let digest = SHA256.hash(data: pkce.verifier.value.utf8)
        let state = OAuthState(using: &system)
        let nonce = OIDCNonce(using: &system)
        let impostor = CodeVerifier(using: &system)

        terminal.write(
            """
            AuthFlow demo: the PKCE step of an OAuth 2.0 authorization code flow (RFC 7636)
            \(useRFCExample ? "Using the octets of RFC 7636 Appendix B, so every value below can be checked against the RFC.\n" : "")
            1. The client makes a code verifier (RFC 7636 §4.1).
               32 octets from a cryptographically secure random number generator:
                 \(Hex.encode(octets))
               base64url-encoded without padding (RFC 4648 §5), they become 43 characters:
                 code_verifier = \(pkce.verifier.value)
               The client keeps this secret until the token request.
               (AuthPKCE: CodeVerifier, Sources/AuthPKCE/CodeVerifier.swift)

            2. It derives the code challenge with method S256 (RFC 7636 §4.2).
               SHA-256 (FIPS 180-4) of the verifier's ASCII bytes:
                 \(digest)
               base64url of those 32 bytes:
                 code_challenge = \(pkce.challenge.value)
               (AuthPKCE: CodeChallenge; AuthDigest: SHA256; AuthBase64URL: Base64URL)

            3. It makes a state and a nonce, 256 random bits each.
                 state = \(state.value)
                 nonce = \(nonce.value)
               The state must come back unchanged in the callback (CSRF, RFC 6749 §10.12); the nonce must
               come back in the ID token's nonce claim (replay, OpenID Connect Core §3.1.2.1).
               (AuthPKCE: OAuthState and OIDCNonce, both RandomToken)

            4. The authorization request carries the challenge, never the verifier (RFC 7636 §4.3):
                 https://auth.example.com/authorize?response_type=code&client_id=demo-app
                   &redirect_uri=com.example.app%3A%2Fcallback&scope=openid
                   &state=\(state.value)&nonce=\(nonce.value)
                   &code_challenge=\(pkce.challenge.value)&code_challenge_method=\(pkce.challenge.method)
               Anyone who sees this URL learns the challenge, and SHA-256 does not let them go back to the
               verifier.

            5. The token request carries the verifier (RFC 7636 §4.5):
                 POST /token  grant_type=authorization_code&code=…&code_verifier=\(pkce.verifier.value)
               The server recomputes BASE64URL(SHA256(code_verifier)) and compares it with the challenge it
               stored (RFC 7636 §4.6):
                 the client's verifier:        \(pkce.challenge.matches(pkce.verifier) ? "matches, tokens are issued" : "DOES NOT MATCH")
                 an interceptor's own guess:   \(pkce.challenge.matches(impostor) ? "MATCHES" : "does not match, invalid_grant (RFC 6749 §5.2)")
               So a stolen authorization code is useless without the verifier.

            Still to come in AuthFlow: the callback (AuthCallback), the code exchange (AuthClient) and
            ID-token validation (AuthJWT). Try: authflow pkce generate, authflow pkce challenge VERIFIER.

            """,
            to: .standardOutput
        )
    }
}
