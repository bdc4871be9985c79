import FlipClockCore
import Foundation
import Testing

@testable import FlipClockMQTT

/// The machine's node against systemd's own tool: `systemd-id128 machine-id --app-specific=ID`
/// computes the same HMAC from the same /etc/machine-id.
@Suite struct MachineNodeTests {
    static func systemd(_ application: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/systemd-id128")
        process.arguments = ["machine-id", "--app-specific=\(application)"]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func theNodeIsSystemdsAppSpecificIDForTheBaseTopic() throws {
        for base in ["flipclock/kitchen", "flipclock/hall", "clocks/floor-2/room 12"] {
            let application = MachineNode.hex(MachineNode.application(base: base))
            let expected = try Self.systemd(application)
            try #require(expected.count == 32, "systemd-id128 said \(expected)")
            #expect(try MachineNode.node(base: base).get() == "flipclock_" + expected.prefix(12))
        }
    }

    @Test func twoBaseTopicsAreTwoNodesAndOneIsAlwaysTheSame() throws {
        let kitchen = try MachineNode.node(base: "flipclock/kitchen").get()
        #expect(kitchen != (try MachineNode.node(base: "flipclock/kitchen2").get()))
        #expect(kitchen == (try MachineNode.node(base: "flipclock/kitchen").get()))
        #expect(kitchen.count == "flipclock_".count + 12)
    }

    @Test func theApplicationIDIsWrittenAsSystemdWritesOne() {
        #expect(MachineNode.hex(MachineNode.flipclock) == "7f3c9a1e5b2d4c8fa6e0d41b39c75e12")
        #expect(MachineNode.hex(1) == "00000000000000000000000000000001")
    }

    @Test func onTheMachineTheHostNamesNodeIsTheFormerOne() {
        let identity = MQTTSettings(host: "broker").identity(hostname: "pi").on(machine: "flipclock_0123456789ab")
        #expect(identity.node == "flipclock_0123456789ab")
        #expect(identity.formerNode == "flipclock_pi")
        #expect(identity.device == "flipclock pi")
        #expect(identity.on(machine: "flipclock_0123456789ab").formerNode == "flipclock_pi")
    }
}
