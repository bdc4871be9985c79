import FlipClockControl
import FlipClockCore

/// The control page's address as a pairing code gives it: `http://HOST:PORT/`, and with the
/// token in its fragment (`#token=…`, which a browser never sends to a server or logs).
///
/// Decided here, with no I/O: the host comes from `[http] listen`, a name given with the
/// request, or the machine's interfaces (read by the loop).
struct PairingLink: Equatable {
    var host: String
    var port: Int
    var token: String?

    /// The page's address without the token: what the reply and the log say.
    var address: String { "http://\(host.contains(":") ? "[\(host)]" : host):\(port)/" }

    /// The address with the token: what the code holds.
    var withToken: String {
        guard let token else { return address }
        return address + "#token=" + Self.escaped(token)
    }

    /// The host a phone reaches the page at: `given` if there is one; the address `[http]
    /// listen` names; for a wildcard (`0.0.0.0`, `::`) the first interface that is up with an
    /// IPv4 address other than loopback, else (for `::`) the first with a global IPv6 address. Refuses
    /// an address only this machine reaches.
    static func host(listen: HTTPSettings, given: String?, interfaces: [InterfaceAddress]) throws(ControlError) -> String {
        if let given { return given }
        let retry = "name the clock's address: pair host NAME (flipclockctl pair --host NAME)"
        if listen.isLoopback {
            throw ControlError(.state, "[http] listens on \(listen.host), which a phone cannot reach; \(retry)")
        }
        guard ["0.0.0.0", "::"].contains(listen.host) else { return listen.host }
        let up = interfaces.filter { $0.isUp && !$0.isLoopback }
        if let v4 = up.first(where: { !$0.isIPv6 }) { return v4.address }
        // `0.0.0.0` listens on IPv4 only; `::` on both.
        if listen.host == "::", let v6 = up.first(where: \.isGlobalIPv6) { return v6.address }
        throw ControlError(.state, "no network interface is up with an address a phone can reach; \(retry)")
    }

    /// `text` with every byte but letters, digits and `-._~` written `%XX`, so it stands in
    /// a fragment as it is.
    static func escaped(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            let c = Character(Unicode.Scalar(byte))
            if byte < 0x80, c.isLetter || c.isNumber || "-._~".contains(c) {
                out.append(c)
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
    }
}
