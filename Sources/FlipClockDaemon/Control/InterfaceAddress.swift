import CLinux
import Glibc

/// One address of one of the machine's network interfaces, as `getifaddrs` lists it.
struct InterfaceAddress: Equatable {
    var interface: String
    /// The address as text: `192.168.1.20`, `2001:db8::20`.
    var address: String
    var isIPv6: Bool
    var isUp: Bool
    var isLoopback: Bool

    /// The machine's IPv4 and IPv6 addresses, in the order the kernel lists them; none if
    /// they cannot be read.
    ///
    /// The corresponding C function is `getifaddrs`.
    static func all() -> [InterfaceAddress] {
        var first: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&first) == 0 else { return [] }
        defer { freeifaddrs(first) }
        var found: [InterfaceAddress] = []
        var next = first
        while let entry = next?.pointee {
            next = entry.ifa_next
            guard let address = entry.ifa_addr else { continue }
            let family = Int32(address.pointee.sa_family)
            guard family == AF_INET || family == AF_INET6 else { continue }
            var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
            let length = socklen_t(family == AF_INET ? MemoryLayout<sockaddr_in>.size : MemoryLayout<sockaddr_in6>.size)
            guard getnameinfo(address, length, &text, socklen_t(text.count), nil, 0, NI_NUMERICHOST) == 0 else { continue }
            let flags = Int32(bitPattern: entry.ifa_flags)
            found.append(
                InterfaceAddress(
                    interface: String(cString: entry.ifa_name), address: String(decoding: text.prefix { $0 != 0 }.map(UInt8.init), as: UTF8.self),
                    isIPv6: family == AF_INET6, isUp: flags & Int32(IFF_UP) != 0, isLoopback: flags & Int32(IFF_LOOPBACK) != 0
                ))
        }
        return found
    }

    /// Whether an IPv6 address is global unicast (2000::/3): not link-local, loopback or unique-local.
    var isGlobalIPv6: Bool {
        guard isIPv6, let group = UInt16(address.prefix { $0 != ":" }, radix: 16) else { return false }
        return group & 0xE000 == 0x2000
    }
}
