// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

#if canImport(Security)
    import Foundation
    import Security

    /// The four `SecItem` calls on a generic-password item (Keychain Services: "Adding a password to the
    /// keychain", "Searching for keychain items", "Updating and deleting keychain items"). Unverified here:
    /// no Apple platform runs this project's CI.
    struct SecItemKeychain: KeychainItems {
        private func query(_ item: KeychainItemKey) -> [String: Any] {
            var query: [String: Any] = [
                kSecClass as String: kSecClassGenericPassword,
                kSecAttrService as String: item.service,
                kSecAttrAccount as String: item.account,
            ]
            if let group = item.accessGroup { query[kSecAttrAccessGroup as String] = group }
            return query
        }

        func update(_ item: KeychainItemKey, data: [UInt8]) -> Int32 {
            let changes: [String: Any] = [kSecValueData as String: Data(data)]
            return SecItemUpdate(query(item) as CFDictionary, changes as CFDictionary)
        }

        func add(_ item: KeychainItemKey, data: [UInt8]) -> Int32 {
            var attributes = query(item)
            attributes[kSecValueData as String] = Data(data)
            attributes[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
            return SecItemAdd(attributes as CFDictionary, nil)
        }

        func copyData(_ item: KeychainItemKey) -> (status: Int32, data: [UInt8]?) {
            var search = query(item)
            search[kSecReturnData as String] = true
            search[kSecMatchLimit as String] = kSecMatchLimitOne
            var result: CFTypeRef?
            let status = SecItemCopyMatching(search as CFDictionary, &result)
            return (status, (result as? Data).map { Array($0) })
        }

        func delete(_ item: KeychainItemKey) -> Int32 {
            SecItemDelete(query(item) as CFDictionary)
        }
    }
#endif
