// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthCallback

/// An error from the AuthCredentials module: a Sign in with Apple response that does not fit its identity
/// token, a token endpoint response that breaks RFC 6749 §5, or a credential store that cannot be read or
/// written.
///
/// Each case has a stable numeric ``code`` (7001 and up). Messages never repeat a token, code or name.
public enum AuthCredentialsError: Error, Sendable {
    /// Sign in with Apple's `user` JSON is not the documented object (`name.firstName`, `name.lastName`, `email`).
    case invalidUserJSON(String)
    /// The `user` JSON's email differs from the signed identity token's `email`.
    case emailMismatch
    /// `real_user_status` is not 0, 1 or 2.
    case invalidRealUserStatus(Int)
    /// The response's `id_token` is not the identity token that was validated.
    case identityTokenMismatch
    /// The token endpoint's JSON is not a valid access token response (RFC 6749 §5.1): the reason names the field.
    case invalidTokenResponse(String)
    /// The token endpoint answered with an error (RFC 6749 §5.2).
    case tokenErrorResponse(OAuthErrorResponse)
    /// A `token_type` other than `Bearer` (RFC 6750), which this library cannot use.
    case unsupportedTokenType(String)
    /// A file store operation failed: the operation, the path and the system error number.
    case storeFailure(operation: String, path: String, errno: Int32)
    /// The store file is not a credential store document; it is left as it is.
    case corruptStore(path: String, reason: String)
    /// The store path is a symbolic link. The store never follows one (a link planted in a shared or
    /// synced directory could send tokens elsewhere, or overwrite another file); the link and its target
    /// are left untouched.
    case storeIsSymbolicLink(path: String)
    /// Something other than a regular file is at the store path: a directory, a FIFO, a socket or a
    /// device (`kind` names it). It is never opened for reading, nor replaced.
    case storeIsNotAFile(path: String, kind: String)
    /// The store file can be read or written by group or others (`mode`, the permission bits) and belongs
    /// to another user, so the store does not restrict it to 0600 (as it does its own). Its tokens are not used.
    case storeExposed(path: String, mode: Int)
    /// A Keychain Services call failed: the operation (`read`, `write`, `delete`) and its `OSStatus`, e.g.
    /// -34018 `errSecMissingEntitlement` (the access group is not in the app's entitlements) or -25308
    /// `errSecInteractionNotAllowed` (the device has not been unlocked since it started).
    case keychainFailure(operation: String, status: Int32)
    /// The Keychain item of the store's service is not a credential store document; it is left as it is.
    case corruptKeychainItem(service: String, reason: String)
    /// This store keeps no dynamic client registrations (it does not adopt ``ClientRegistrationStore``), so
    /// the registration was not saved.
    case clientRegistrationsNotSupported
    /// Another holder kept the store's lock file (`path`, a sidecar such as `credentials.json.lock`) for
    /// longer than the `seconds` this call waits: another process (or task) is saving or refreshing. The
    /// store is unchanged; try again.
    case storeLockTimedOut(path: String, seconds: Double)
    /// The store's lock file could not be opened or locked: the operation (`open`, `fstat`, `flock`), the
    /// lock file's path and the system error number, e.g. `ENOLCK` on a file system without `flock`.
    case storeLockFailed(operation: String, path: String, errno: Int32)
    /// The task was cancelled while it waited for the store's lock file (`path`); nothing was read or written.
    case storeLockCancelled(path: String)
    /// This store cannot list its records (``CredentialStore/credentials(issuer:clientID:)`` is not
    /// implemented), so the sessions a back-channel logout names cannot be found in it.
    case credentialListingNotSupported

    /// A stable number for the case: 7001 and up.
    public var code: Int {
        switch self {
        case .invalidUserJSON: 7001
        case .emailMismatch: 7002
        case .invalidRealUserStatus: 7003
        case .identityTokenMismatch: 7004
        case .invalidTokenResponse: 7005
        case .tokenErrorResponse: 7006
        case .unsupportedTokenType: 7007
        case .storeFailure: 7008
        case .corruptStore: 7009
        case .storeIsSymbolicLink: 7010
        case .storeIsNotAFile: 7011
        case .storeExposed: 7012
        case .keychainFailure: 7151
        case .corruptKeychainItem: 7152
        case .clientRegistrationsNotSupported: 7251
        case .storeLockTimedOut: 7301
        case .storeLockFailed: 7302
        case .storeLockCancelled: 7303
        case .credentialListingNotSupported: 7304
        }
    }
}

extension AuthCredentialsError: Hashable {}

extension AuthCredentialsError: CustomStringConvertible {
    public var description: String {
        let reason =
            switch self {
            case .invalidUserJSON(let reason): "Sign in with Apple's user JSON is not valid: \(reason)"
            case .emailMismatch: "the user JSON's email differs from the identity token's email; the token is the signed one"
            case .invalidRealUserStatus(let value): "real_user_status \(value) is not 0, 1 or 2"
            case .identityTokenMismatch: "the response's id_token is not the identity token that was validated"
            case .invalidTokenResponse(let reason): "invalid token response (RFC 6749 §5.1): \(reason)"
            case .tokenErrorResponse(let response): "the token endpoint returned an error (RFC 6749 §5.2): \(response)"
            case .unsupportedTokenType(let type): "token_type '\(type)' is not supported; only Bearer (RFC 6750) and DPoP (RFC 9449)"
            case .storeFailure(let operation, let path, let errno): "cannot \(operation) '\(path)' (errno \(errno))"
            case .corruptStore(let path, let reason): "'\(path)' is not a credential store: \(reason)"
            case .storeIsSymbolicLink(let path): "'\(path)' is a symbolic link; the credential store does not follow links (left untouched)"
            case .storeIsNotAFile(let path, let kind):
                "'\(path)' is a \(kind), not a regular file; the credential store refuses it (left untouched)"
            case .clientRegistrationsNotSupported:
                "this credential store keeps no client registrations (RFC 7591); adopt ClientRegistrationStore or use FileCredentialStore"
            case .storeExposed(let path, let mode):
                "'\(path)' is accessible to other users (mode 0\(String(mode, radix: 8))) and belongs to another user, so it is not restricted to 0600 but refused"
            case .keychainFailure(let operation, let status):
                "the Keychain \(operation) failed with OSStatus \(status)" + Self.keychainHint(status)
            case .corruptKeychainItem(let service, let reason):
                "the Keychain item of service '\(service)' is not a credential store: \(reason) (left untouched)"
            case .storeLockTimedOut(let path, let seconds):
                "the credential store's lock '\(path)' was held by another process or task for more than \(seconds) s; the store is unchanged"
            case .storeLockFailed(let operation, let path, let errno):
                "cannot \(operation) the credential store's lock '\(path)' (errno \(errno))"
            case .storeLockCancelled(let path): "cancelled while waiting for the credential store's lock '\(path)'; the store is unchanged"
            case .credentialListingNotSupported:
                "this credential store cannot list its records, so the sessions a logout token names cannot be found; implement credentials(issuer:clientID:)"
            }
        return "AuthCredentialsError \(code): \(reason)"
    }
}

extension AuthCredentialsError {
    /// What the common Keychain statuses mean (Security/SecBase.h).
    static func keychainHint(_ status: Int32) -> String {
        switch status {
        case -34018: " (errSecMissingEntitlement: the access group is not in the app's keychain-access-groups entitlement)"
        case -25308: " (errSecInteractionNotAllowed: the device has not been unlocked since it started)"
        case -25300: " (errSecItemNotFound)"
        case -25299: " (errSecDuplicateItem)"
        default: ""
        }
    }
}
