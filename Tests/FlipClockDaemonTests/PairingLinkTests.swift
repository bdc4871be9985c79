import FlipClockControl
import FlipClockCore
import Testing

@testable import FlipClockDaemon

/// The address a pairing code gives a phone: which host, and the token in the fragment.
@Suite struct PairingLinkTests {
    static func interface(_ name: String, _ address: String, up: Bool = true) -> InterfaceAddress {
        InterfaceAddress(interface: name, address: address, isIPv6: address.contains(":"), isUp: up, isLoopback: name == "lo")
    }
    static let machine = [
        interface("lo", "127.0.0.1"), interface("lo", "::1"), interface("wlan0", "10.1.2.3", up: false), interface("eth0", "fe80::1"),
        interface("eth0", "2001:db8::20"), interface("eth0", "192.168.1.20"),
    ]

    @Test(
        arguments: [
            ("0.0.0.0", nil, machine, "192.168.1.20"), ("::", nil, machine, "192.168.1.20"),
            ("::", nil, machine.filter { !$0.address.contains(".") }, "2001:db8::20"),
            ("192.168.1.20", nil, [], "192.168.1.20"), ("clock.local", nil, [], "clock.local"),
            ("127.0.0.1", "clock.local", [], "clock.local"), ("0.0.0.0", "10.0.0.9", machine, "10.0.0.9"),
        ] as [(String, String?, [InterfaceAddress], String)])
    func theHostIsGivenListenedOnOrTheMachinesFirst(_ listen: String, _ given: String?, _ interfaces: [InterfaceAddress], _ host: String) throws {
        #expect(try PairingLink.host(listen: HTTPSettings(host: listen, port: 8080), given: given, interfaces: interfaces) == host)
    }

    @Test(
        arguments: [
            (
                "127.0.0.1", machine,
                "[http] listens on 127.0.0.1, which a phone cannot reach; name the clock's address: pair host NAME (flipclockctl pair --host NAME)"
            ),
            (
                "localhost", machine,
                "[http] listens on localhost, which a phone cannot reach; name the clock's address: pair host NAME (flipclockctl pair --host NAME)"
            ),
            (
                "::1", machine,
                "[http] listens on ::1, which a phone cannot reach; name the clock's address: pair host NAME (flipclockctl pair --host NAME)"
            ),
            // 0.0.0.0 listens on IPv4 only: a global IPv6 address would not reach it.
            (
                "0.0.0.0", machine.filter { !$0.address.contains(".") },
                "no network interface is up with an address a phone can reach; name the clock's address: pair host NAME (flipclockctl pair --host NAME)"
            ),
            (
                "::", [interface("lo", "127.0.0.1"), interface("eth0", "fe80::1")],
                "no network interface is up with an address a phone can reach; name the clock's address: pair host NAME (flipclockctl pair --host NAME)"
            ),
        ] as [(String, [InterfaceAddress], String)])
    func anAddressNoPhoneReachesIsRefused(_ listen: String, _ interfaces: [InterfaceAddress], _ reason: String) {
        #expect(throws: ControlError(.state, reason)) {
            try PairingLink.host(listen: HTTPSettings(host: listen, port: 8080), given: nil, interfaces: interfaces)
        }
    }

    @Test func theTokenIsInTheFragmentOnly() {
        let link = PairingLink(host: "2001:db8::20", port: 8080, token: "0123456789abcdef")
        #expect(link.address == "http://[2001:db8::20]:8080/")
        #expect(link.withToken == "http://[2001:db8::20]:8080/#token=0123456789abcdef")
        #expect(PairingLink(host: "clock.local", port: 80, token: nil).withToken == "http://clock.local:80/")
        #expect(PairingLink(host: "h", port: 1, token: "a b#c%é~").withToken == "http://h:1/#token=a%20b%23c%25%C3%A9~")
    }

    @Test func thePagesLinkForAnotherMachineIsKnownOnceTheAPIListensAndOnlyWhereOthersReachIt() {
        let page = PageAddress(token: "secret")
        #expect(page.link(listen: HTTPSettings(host: "192.168.1.20", port: 0)) == nil)
        page.listening(on: 8080)
        #expect(page.link(listen: HTTPSettings(host: "192.168.1.20", port: 0)) == "http://192.168.1.20:8080/")
        #expect(page.link(listen: HTTPSettings(host: "127.0.0.1", port: 8080)) == nil)
    }

    @Test func onlyGlobalIPv6AddressesCount() {
        #expect(Self.interface("eth0", "2001:db8::20").isGlobalIPv6)
        #expect(Self.interface("eth0", "3fff::1").isGlobalIPv6)
        #expect(!Self.interface("eth0", "fe80::1").isGlobalIPv6)
        #expect(!Self.interface("eth0", "fd00::1").isGlobalIPv6)
        #expect(!Self.interface("lo", "::1").isGlobalIPv6)
        #expect(!Self.interface("eth0", "192.168.1.20").isGlobalIPv6)
    }

    /// What `getifaddrs` lists here has the loopback interface, up, as every Linux machine does.
    @Test func theMachinesAddressesAreRead() {
        let all = InterfaceAddress.all()
        #expect(all.contains(InterfaceAddress(interface: "lo", address: "127.0.0.1", isIPv6: false, isUp: true, isLoopback: true)), "\(all)")
    }
}
