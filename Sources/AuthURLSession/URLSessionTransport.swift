public import AuthClient
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The default ``HTTPTransport``: Foundation's `URLSession` (FoundationNetworking on Linux), kept in its
/// own module so that AuthClient and everything under it stay free of Foundation networking.
///
/// ```swift
/// import AuthURLSession
/// let client = try await AuthClient.discover(configuration, transport: URLSessionTransport())
/// ```
///
/// As the transport contract requires, redirects are not followed (a 3xx is returned as it is), every
/// status is returned, and a failure without a response becomes ``AuthClientError/transportFailed(_:)``
/// naming only the host. Cookies are neither sent nor stored, and nothing is cached.
public struct URLSessionTransport: HTTPTransport {
    private let session: URLSession
    /// The per-request timeout, in seconds.
    public let timeout: Double

    /// A transport with its own ephemeral session (no cookies, no cache) that does not follow redirects.
    public init(timeout: Double = 30) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        session = URLSession(configuration: configuration, delegate: NoRedirects(), delegateQueue: nil)
        self.timeout = timeout
    }

    public func send(_ request: TransportRequest) async throws(AuthClientError) -> TransportResponse {
        guard let url = URL(string: request.url), let host = url.host else {
            throw .transportFailed(TransportFailure(.invalidURL))
        }
        var urlRequest = URLRequest(url: url, timeoutInterval: timeout)
        urlRequest.httpMethod = request.method.rawValue
        for field in request.headerFields { urlRequest.setValue(field.value, forHTTPHeaderField: field.name) }
        if !request.body.isEmpty { urlRequest.httpBody = Data(request.body) }
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: urlRequest)
        } catch {
            throw .transportFailed(Self.failure(error, host: host))
        }
        guard let http = response as? HTTPURLResponse else { throw .transportFailed(TransportFailure(.notHTTP, host: host)) }
        var fields: [HeaderField] = []
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { fields.append(HeaderField(name: name, value: value)) }
        }
        return TransportResponse(status: http.statusCode, headerFields: fields, body: Array(data))
    }
}

extension URLSessionTransport {
    /// A URLSession error as a typed failure: its kind, the host, and `NSURLErrorDomain` with the code.
    static func failure(_ error: any Error, host: String) -> TransportFailure {
        guard let error = error as? URLError else {
            return TransportFailure(error is CancellationError ? .cancelled : .other, host: host)
        }
        let kind: TransportFailure.Kind =
            switch error.code {
            case .timedOut: .timedOut
            case .cannotConnectToHost, .notConnectedToInternet: .cannotConnect
            case .cannotFindHost, .dnsLookupFailed: .cannotFindHost
            case .networkConnectionLost: .connectionLost
            case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate, .serverCertificateNotYetValid,
                .serverCertificateHasUnknownRoot, .clientCertificateRejected, .clientCertificateRequired:
                .secureConnectionFailed
            case .cancelled: .cancelled
            case .badURL, .unsupportedURL: .invalidURL
            default: .other
            }
        return TransportFailure(kind, host: host, domain: NSURLErrorDomain, code: error.code.rawValue)
    }
}

/// Stops URLSession from following redirects: the 3xx response itself is returned.
private final class NoRedirects: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
