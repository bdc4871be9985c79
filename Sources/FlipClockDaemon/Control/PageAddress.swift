import FlipClockCore
import Synchronization

/// Where a phone reaches the control page, for the pairing code: the port the HTTP API
/// listens on (known once it does, the system's choice for port 0) and the token it asks for.
///
/// Made before the API starts; the API's thread sets the port, the loop reads it.
public final class PageAddress: Sendable {
    /// `[http] token_file`'s token as the file gives it; `nil`: the API asks for none.
    public let token: String?
    private let listeningPort = Atomic<Int>(0)

    public init(token: String?) {
        self.token = token
    }

    /// The API listens on `port` now.
    public func listening(on port: Int) { listeningPort.store(port, ordering: .releasing) }

    /// The port the API listens on; `nil` until it does.
    public var port: Int? {
        let port = listeningPort.load(ordering: .acquiring)
        return port == 0 ? nil : port
    }

    /// The page's address without the token as the pairing code gives it
    /// (``PairingLink/host(listen:given:interfaces:)``, the machine's interfaces read now), for
    /// another machine's link to it; `nil` before the API listens, or if only this machine
    /// reaches it.
    public func link(listen: HTTPSettings) -> String? {
        guard let port else { return nil }
        let interfaces = ["0.0.0.0", "::"].contains(listen.host) ? InterfaceAddress.all() : []
        guard let host = try? PairingLink.host(listen: listen, given: nil, interfaces: interfaces) else { return nil }
        return PairingLink(host: host, port: port, token: nil).address
    }
}
