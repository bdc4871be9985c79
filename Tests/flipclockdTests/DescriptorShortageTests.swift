import Foundation
import Glibc
import Testing

/// A daemon out of file descriptors waits and takes clients again (issue 31): `accept` failing
/// with `EMFILE` left the listener readable, so the loop woke at once, forever (44,681 wakes
/// in 9 s), and a client came no further.
@Suite(.serialized) struct DescriptorShortageTests {
    @Test func outOfDescriptorsNewClientsWaitAndAreTakenAgain() throws {
        let d = try HTTPTests.daemon()
        try d.start()
        // The daemon's table as full as it is now, and 4 more.
        let room = d.descriptors + 4
        let set = try FlipclockdCommandTests.run(
            ["--pid", "\(d.process.processIdentifier)", "--nofile=\(room):\(room)"], executable: URL(fileURLWithPath: "/usr/bin/prlimit"))
        #expect(set.status == 0, "\(set.stderr)")
        var clients: [Int32] = []
        for _ in 0..<12 {
            let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { raw in
                for (i, byte) in d.socket.utf8.enumerated() { raw[i] = byte }
            }
            _ = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            clients.append(fd)
        }
        usleep(2_500_000)
        for fd in clients { close(fd) }
        // Taken again once descriptors are free: the socket answers.
        #expect(LogLineTests.send("ping", to: d.socket) == "OK pong\n")
        d.stop()
        let lines = d.log.split(separator: "\n")
        #expect(lines.count { $0.contains("out of file descriptors (Too many open files)") } == 1, "\(lines.joined(separator: "\n"))")
        #expect(lines.count { $0.contains("file descriptors free again") } == 1, "\(lines)")
        // A wake a second while short, not one after another.
        let stopping = try #require(lines.first { $0.hasSuffix(" stopping") })
        let wakeups = try #require(stopping.split(separator: " ").first { $0.hasPrefix("wakeups=") }.flatMap { Int($0.dropFirst(8)) })
        #expect(wakeups < 50, "\(stopping)")
    }
}
