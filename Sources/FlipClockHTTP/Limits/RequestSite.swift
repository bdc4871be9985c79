import HTTPTypes

/// Where a request says it goes (`Host`) and which page sent it (`Origin`): what keeps another
/// site's page in a browser from using the API.
///
/// A page from another origin may send a request to the clock (its browser does not read the
/// answer, but a change is made all the same): any `Origin` but the clock's own is refused.
/// A page whose name is made to resolve to the clock (DNS rebinding) is the clock's origin to
/// its browser, but its requests name that page's host: without a token, whose absence lets
/// anyone read the state, only the clock's own names are answered. With a token the name is
/// not checked: such a page has no token to send, and a phone may know the clock by any name.
public struct RequestSite: Sendable {
    /// The host `[http] listen` names.
    public var listen: String
    /// Whether the API asks for a token (the `Host` is then not checked).
    public var hasToken: Bool
    /// The machine's name (`gethostname`), asked when a request names another.
    public var machine: @Sendable () -> String

    public init(listen: String, hasToken: Bool, machine: @escaping @Sendable () -> String) {
        self.listen = listen
        self.hasToken = hasToken
        self.machine = machine
    }

    /// Why a request with these `Host` and `Origin` headers is refused; `nil` if it is not.
    public func refusal(host: String?, origin: String?) -> Problem? {
        if let origin {
            let own = host.map { "http://" + $0.lowercased() }
            guard origin.lowercased() == own else {
                return Problem(
                    status: .forbidden, code: "foreign-origin", title: "Another site's page",
                    detail: "the request comes from a page at \(Self.shown(origin)), not from the clock's own (\(own.map(Self.shown) ?? "no Host"))")
            }
        }
        guard !hasToken, let host else { return nil }
        let name = Self.name(host)
        guard !isOwn(name) else { return nil }
        return Problem(
            status: .misdirectedRequest, code: "unknown-host", title: "Not this clock's name",
            detail: "the request is for \(Self.shown(host)); without a token the API answers only its own names: "
                + "localhost, an IP address, \(listen), \(machine())")
    }

    /// Whether `name` (lowercased, without its port) is one of the clock's own: loopback's, an
    /// address (a rebinding page names a host, never an address), `[http] listen`'s, the
    /// machine's name alone or with `.local` (mDNS).
    func isOwn(_ name: String) -> Bool {
        if name == "localhost" || name.hasSuffix(".localhost") || name == listen.lowercased() { return true }
        if name.hasPrefix("[") || (name.split(separator: ".").count == 4 && name.split(separator: ".").allSatisfy { UInt8($0) != nil }) {
            return true
        }
        let machine = machine().lowercased()
        return !machine.isEmpty && (name == machine || name == machine + ".local")
    }

    /// A `Host` header's name: lowercased, without the port and a final dot.
    static func name(_ host: String) -> String {
        var name = host.lowercased()
        if name.hasPrefix("[") {
            if let close = name.firstIndex(of: "]") { name = String(name[...close]) }
        } else if let colon = name.lastIndex(of: ":") {
            name = String(name[..<colon])
        }
        if name.hasSuffix(".") { name.removeLast() }
        return name
    }

    /// A header's value as a refusal says it: printable ASCII, at most 100 characters.
    static func shown(_ value: String) -> String {
        let printable = value.unicodeScalars.prefix(100).map { $0.isASCII && $0.value >= 0x20 && $0.value < 0x7F ? Character($0) : "?" }
        return String(printable) + (value.unicodeScalars.count > 100 ? "…" : "")
    }
}
