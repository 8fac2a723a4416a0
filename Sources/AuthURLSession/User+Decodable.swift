// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthClient
public import Foundation

extension User {
    /// GETs `url` with the user's access token (refreshed as ``AuthenticatedURLSession`` describes) and
    /// decodes the JSON body as `Value` — for a provider's own profile endpoint, or any JSON API.
    ///
    /// ```swift
    /// struct Profile: Decodable { let uuid: String; let displayName: String }
    /// let profile = try await user.get(URL(string: "https://login.example.com/api/2/user")!, as: Profile.self)
    /// ```
    ///
    /// Checked: the status is 2xx, else `AuthClientError.resourceStatus(url:status:challenges:)` (10151) with
    /// the `WWW-Authenticate` challenges — a 401 only after the one refresh and retry; the body decodes, else
    /// `.undecodableResource(url:type:reason:)` (10152), whose reason names the field and the problem but
    /// never a value from the body. Not checked: the `Content-Type`. The URL must be https (RFC 6750 §5.3),
    /// or loopback http where the configuration allows it.
    public nonisolated func get<Value: Decodable>(
        _ url: URL, as type: Value.Type = Value.self, decoder: JSONDecoder = JSONDecoder()
    ) async throws(AuthClientError) -> Value {
        var request = TransportRequest(method: .get, url: url.absoluteString)
        request.setHeader("Accept", "application/json")
        let response = try await send(request)
        guard response.isSuccess else {
            throw .resourceStatus(url: request.url, status: response.status, challenges: response.challenges)
        }
        do {
            return try decoder.decode(Value.self, from: Data(response.body))
        } catch {
            throw .undecodableResource(url: request.url, type: String(describing: Value.self), reason: DecodingReason.describe(error))
        }
    }
}
