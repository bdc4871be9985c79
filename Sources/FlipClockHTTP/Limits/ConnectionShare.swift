/// Who holds the API's connections, and who gives one up for a newcomer: one address never
/// holds them all, and a new client always finds room while others only wait.
///
/// An address holds at most ``perAddress`` connections that wait (for a request, or for the
/// rest of one): one more closes its own oldest of those. All together hold at most ``total``:
/// one more from an address that holds fewer than another closes that other's oldest waiting
/// one. A connection being answered (its request read, the reply not yet written) is never
/// closed for another, nor counted against its address's share (a proxy or a load test keeps
/// many busy); when none can give way the newcomer is refused.
public struct ConnectionShare: Sendable {
    public let total: Int
    public let perAddress: Int
    /// Oldest first.
    private var open: [Connection] = []

    struct Connection {
        var id: Int
        var address: String
        var isAnswered = false
    }

    /// What becomes of a new connection.
    public enum Admission: Equatable, Sendable {
        case admitted
        /// Admitted, and the connection with this id is closed to make room.
        case admittedClosing(Int)
        case refused
    }

    public init(total: Int, perAddress: Int) {
        self.total = total
        self.perAddress = perAddress
    }

    /// How many connections are open.
    public var count: Int { open.count }

    /// Connection `id` from `address` opened.
    public mutating func opened(_ id: Int, from address: String) -> Admission {
        let own = open.filter { $0.address == address }
        let waiting = own.filter { !$0.isAnswered }
        var giving: Connection?
        if waiting.count >= perAddress {
            giving = waiting.first
        } else if open.count >= total {
            // The address holding most, if it would still hold more than this one.
            var held: [String: Int] = [:]
            for connection in open { held[connection.address, default: 0] += 1 }
            let others = held.filter { $0.value > own.count + 1 }.sorted { ($0.value, $1.key) > ($1.value, $0.key) }
            for (other, _) in others {
                if let oldest = open.first(where: { $0.address == other && !$0.isAnswered }) {
                    giving = oldest
                    break
                }
            }
            guard giving != nil else { return .refused }
        }
        open.append(Connection(id: id, address: address))
        guard let giving else { return .admitted }
        closed(giving.id)
        return .admittedClosing(giving.id)
    }

    /// Connection `id` is being answered (its request read), or no longer (its reply written).
    public mutating func answering(_ id: Int, _ isAnswered: Bool) {
        if let k = open.firstIndex(where: { $0.id == id }) { open[k].isAnswered = isAnswered }
    }

    /// Connection `id` closed.
    public mutating func closed(_ id: Int) {
        open.removeAll { $0.id == id }
    }
}
