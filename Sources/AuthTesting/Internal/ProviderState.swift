// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthJSON
import AuthJWT

/// Everything the fake provider remembers, behind its lock.
struct ProviderState {
    struct CodeGrant {
        var clientID: String
        var redirectURI: String
        var challenge: String
        var nonce: String?
        var subject: String
        var scope: String
        var authTime: Int64
        /// The `acr` and `amr` of the user's authentication (see `authenticateNextLogin(acr:amr:)`).
        var acr: String? = nil
        var amr: [String] = []
        /// The resources asked for (RFC 8707), which the tokens may serve.
        var resources: [String] = []
        /// `dpop_jkt` from the authorization request (RFC 9449 §10), if any.
        var dpopJKT: String? = nil
        /// `authorization_details` from the authorization request (RFC 9396 §2), echoed in the token response.
        var authorizationDetails: JSONValue? = nil
        var used = false
        var issuedTokens: [String] = []
    }

    struct TokenGrant {
        var clientID = ""
        var subject: String
        var scope: String
        var expiresAt: Int64
        /// The authentication behind the grant, for ID tokens on refresh and the protected resource.
        var acr: String? = nil
        var amr: [String] = []
        var authTime: Int64? = nil
        /// An access token's audience, or the resources a refresh token may get tokens for (RFC 8707).
        var audience: [String] = []
        /// The DPoP key thumbprint the token is bound to (`cnf.jkt`, RFC 9449 §6), nil for Bearer.
        var jkt: String? = nil
        /// A refresh token's family: the login (code or device grant) every rotation descends from.
        var family = 0
        /// A refresh token's `authorization_details` (RFC 9396): everything the login granted, which a
        /// refresh may narrow (§6.1).
        var authorizationDetails: JSONValue? = nil
    }

    /// A pushed authorization request (RFC 9126), by request URI: single use, until `expiresAt`.
    struct PushedRequest {
        var parameters: [FormParameter]
        var expiresAt: Int64
    }

    /// A client registered at the registration endpoint (RFC 7591).
    struct RegisteredClient {
        var redirectURIs: [String]
        var authentication: ClientAuthentication
        /// The public keys of a `private_key_jwt` client known by its Client ID Metadata Document: its
        /// assertions are verified with these (``authentication`` is then `.none`, having no key to hold).
        var assertionKeys: [JWK] = []
    }

    var generator: SeededRandomNumberGenerator
    /// The provider's session (`sid`) of each signed-in subject, when it issues them.
    var sessionIDs: [String: String] = [:]
    /// The `request_uri`s the authorization endpoint fetched, in order.
    var fetchedRequestURIs: [String] = []
    /// The request objects fetched from `request_uri`s, by URI, until the authorization request uses them.
    var fetchedRequestObjects: [String: String] = [:]
    /// Client ID metadata documents fetched (see `resolveClientMetadataDocument(forAuthorizationURL:)`).
    var clientMetadataDocumentFetches = 0
    var signingKey: TestSigningKey
    var publishedKeys: [TestSigningKey]
    var codes: [String: CodeGrant] = [:]
    var accessTokens: [String: TokenGrant] = [:]
    var refreshTokens: [String: TokenGrant] = [:]
    /// Refresh tokens rotated away (spent), with their family: presenting one again is a reuse.
    var spentRefreshTokens: [String: Int] = [:]
    /// The last token family handed out, and the families revoked after a reuse (RFC 9700 §4.14.2).
    var lastFamily = 0
    var revokedFamilies: Set<Int> = []
    /// Refresh grants answered with new tokens, and spent refresh tokens presented again.
    var refreshGrants = 0
    /// Client credentials grants answered with a token (RFC 6749 §4.4).
    var clientCredentialsGrants = 0
    var jwtBearerGrants = 0
    var introspections = 0
    var refreshTokenReuses = 0
    var failures: [FakeOpenIDProvider.Endpoint: [FakeOpenIDProvider.Failure]] = [:]
    var defect: FakeOpenIDProvider.IDTokenDefect?
    var responseDefect: FakeOpenIDProvider.AuthorizationResponseDefect?
    /// The `sub` to put in the next ID token instead of the grant's (see `issueNextIDToken(forSubject:)`).
    var nextIDTokenSubject: String?
    var counts: [FakeOpenIDProvider.Endpoint: Int] = [:]
    /// How the user authenticates at the next authorizations (`authenticateNextLogin(acr:amr:)`).
    var nextAuthentications: [(acr: String?, amr: [String])] = []
    /// What the protected resource requires (`protectResource(acrValues:maxAge:scope:)`).
    var resourceRequirement: (acrValues: [String], maxAge: Int64?, scope: [String]) = ([], nil, [])
    /// The parameters of the last authorization request.
    var lastAuthorizationParameters: [FormParameter] = []
    var lastRequestObject: (header: JSONObject, claims: JSONObject)?
    /// Device authorizations by device code (RFC 8628).
    var devices: [String: PolledGrant] = [:]
    /// Backchannel authentication requests by `auth_req_id` (CIBA).
    var backchannelRequests: [String: PolledGrant] = [:]
    /// How many times each CIBA request was polled while the script kept it pending, by `auth_req_id`.
    var backchannelPendingPolls: [String: Int] = [:]
    /// The scripted user of CIBA requests (`scriptBackchannelUser(pendingPolls:then:)`).
    var backchannelScript: (pendingPolls: Int, outcome: FakeOpenIDProvider.BackchannelOutcome)?
    /// The form of the last backchannel authentication request.
    var lastBackchannelParameters: [FormParameter] = []

    /// A grant the client polls the token endpoint for while the user decides elsewhere: a device code's
    /// (RFC 8628) or a CIBA `auth_req_id`'s.
    struct PolledGrant {
        enum Decision {
            case pending
            case approved(subject: String)
            case denied
        }
        /// The device grant's user code; for CIBA, the user the hint named.
        var userCode: String
        var clientID = ""
        var scope: String
        var expiresAt: Int64
        var interval: Int64
        var lastPoll: Int64?
        var decision = Decision.pending
        /// CIBA ping and push: the request's `client_notification_token` (§7.1).
        var notificationToken: String? = nil
        /// CIBA ping: the client was pinged, so its token request is not held to the interval.
        var notified = false
    }
    var skew: Int64 = 0
    var pushedRequests: [String: PushedRequest] = [:]
    /// The `jti` of every client assertion accepted, with its `exp` (RFC 7523 §3: no replay).
    var assertionIDs: [String: Int64] = [:]
    /// Resources a `FakeProtectedResource` registered, besides the configured ones (RFC 8707).
    var protectedResources: Set<String> = []
    /// Clients registered dynamically, by client id.
    var registeredClients: [String: RegisteredClient] = [:]
    /// DPoP proof and client assertion `jti`s seen (replays are refused), and the nonce demanded.
    var usedProofIDs: Set<String> = []
    var usedAssertionIDs: Set<String> = []
    var dpopNonce: String?
    /// Whether DPoP requests get Bearer access tokens (RFC 9449 §5), see `answerDPoPRequestsWithBearer(_:)`.
    var answersDPoPWithBearer = false
    /// What is wrong with the next userinfo answer and the next claim sources (`spoilNextUserInfo(_:)`,
    /// `spoilNextClaimSources(_:)`).
    var userInfoDefect: FakeOpenIDProvider.UserInfoDefect?
    var claimSourceDefect: FakeOpenIDProvider.ClaimSourceDefect?
    /// Where the last userinfo request carried its access token: "header" or "body" (RFC 6750 §2.1, §2.2).
    var lastUserInfoTokenPlacement: String?
    /// The `Authorization` header of each request to a distributed claims endpoint (nil: none sent).
    var claimsEndpointAuthorizations: [String?] = []

    init(generator: SeededRandomNumberGenerator, signingKey: TestSigningKey) {
        self.generator = generator
        self.signingKey = signingKey
        publishedKeys = [signingKey]
    }

    /// A fresh 256-bit token, base64url.
    mutating func token() -> String {
        var bytes: [UInt8] = []
        for _ in 0..<4 { withUnsafeBytes(of: generator.next().littleEndian) { bytes += $0 } }
        return Base64Text.encode(bytes)
    }
}
