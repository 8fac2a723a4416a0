// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// The four Keychain Services calls the Keychain store makes — `SecItemUpdate`, `SecItemAdd`,
/// `SecItemCopyMatching` and `SecItemDelete` on one generic-password item — each answering an `OSStatus`.
///
/// `SecItemKeychain` is the real one (Apple platforms only); tests use an in-memory fake that answers as
/// Apple documents: `errSecItemNotFound` for a missing item, `errSecDuplicateItem` for an add over an
/// existing one. Everything else about the store (the item's key, the stored bytes, migration) is above
/// this protocol and runs on every platform.
protocol KeychainItems: Sendable {
    /// `SecItemUpdate(query, [kSecValueData: data])`.
    func update(_ item: KeychainItemKey, data: [UInt8]) -> Int32
    /// `SecItemAdd(query + [kSecValueData: data, kSecAttrAccessible: …AfterFirstUnlockThisDeviceOnly], nil)`.
    func add(_ item: KeychainItemKey, data: [UInt8]) -> Int32
    /// `SecItemCopyMatching(query + [kSecReturnData: true, kSecMatchLimit: kSecMatchLimitOne])`.
    func copyData(_ item: KeychainItemKey) -> (status: Int32, data: [UInt8]?)
    /// `SecItemDelete(query)`.
    func delete(_ item: KeychainItemKey) -> Int32
}

/// Which Keychain item holds a store: `kSecClassGenericPassword` with `kSecAttrService` = the app's
/// service, `kSecAttrAccount` = ``account``, and `kSecAttrAccessGroup` when the store is shared.
struct KeychainItemKey: Hashable, Sendable {
    /// The account of the one item a store keeps: the whole ``CredentialStoreDocument``, as JSON.
    static let account = "authflow.credential-store.v1"

    var service: String
    var accessGroup: String?
    var account = KeychainItemKey.account
}

/// The `OSStatus` values the store tells apart (Security/SecBase.h).
enum KeychainStatus {
    static let success: Int32 = 0  // errSecSuccess
    static let itemNotFound: Int32 = -25300  // errSecItemNotFound
    static let duplicateItem: Int32 = -25299  // errSecDuplicateItem
    static let interactionNotAllowed: Int32 = -25308  // errSecInteractionNotAllowed (device locked)
    static let missingEntitlement: Int32 = -34018  // errSecMissingEntitlement (access group not in the entitlements)
}
