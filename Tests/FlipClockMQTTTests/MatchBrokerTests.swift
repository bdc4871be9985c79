import FlipClockControl
import FlipClockCore
import Glibc
import Logging
import Synchronization
import Testing

@testable import FlipClockMQTT

/// Leadership against a real broker: clocks of one match as ``MQTTService``s in this process,
/// each with its own and its lead connection to the mosquitto on 127.0.0.1 whose port
/// `FLIPCLOCK_MATCH_BROKER` names (Tests/System/MQTT/match-leadership starts one and runs this
/// suite); skipped without it. Waits are bounded by generous deadlines, not measured.
@Suite(.enabled(if: getenv("FLIPCLOCK_MATCH_BROKER") != nil), .serialized)
struct MatchBrokerTests {
    static let port = getenv("FLIPCLOCK_MATCH_BROKER").flatMap { Int(String(cString: $0)) } ?? 1883

    /// A clock of the match: what it was handed to follow, and the service running.
    final class Screen: Sendable {
        let node: String
        let service: MQTTService
        /// The states handed to `follow`.
        let followed: Followed
        let task: Task<Void, Never>

        final class Followed: Sendable {
            let list = Mutex<[String]>([])
        }

        init(_ node: String, _ role: MatchSettings.Role, topic: String, match content: String) {
            self.node = node
            var settings = MQTTSettings(host: "127.0.0.1")
            settings.port = MatchBrokerTests.port
            settings.discoveryPrefix = ""
            let identity = MQTTIdentity(clientID: "flipclock-test-\(node)", base: "flipclock-test/\(node)", prefix: "", node: node, device: node)
            var logger = Logger(label: node)
            logger.logLevel = .error
            let followed = Followed()
            self.followed = followed
            let clock = MQTTService.Clock(
                ask: { _ in .pong }, listen: { nil }, diagnostics: { (nil, nil) }, match: { (content, 0) },
                follow: { payload in
                    followed.list.withLock { $0.append(payload) }
                    return nil
                })
            let service = MQTTService(
                ClockConfiguration(), settings: settings, identity: identity, password: nil, version: "test", started: "", clock: clock,
                logger: logger,
                match: MatchSettings(topic: topic, role: role))
            self.service = service
            task = Task { await service.run() }
        }

        var lead: Leadership.Lead { service.matchNow?.lead ?? .idle }
        var lost: Bool { service.matchNow?.lost ?? true }
    }

    /// Waits until `condition` holds, up to `seconds`; whether it did, and after how long.
    static func until(_ seconds: Double, _ condition: () -> Bool) async -> (Bool, Double) {
        let clock = ContinuousClock(), start = clock.now
        while clock.now - start < .seconds(seconds) {
            if condition() {
                let took = (clock.now - start).components
                return (true, Double(took.seconds) + Double(took.attoseconds) / 1e18)
            }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return (condition(), seconds)
    }

    @Test func oneLeadsTheOthersFollowAndTheStandbyTakesOver() async {
        let topic = "flipclock-test/match/\(getpid())"
        let a = Screen("a", .leader, topic: topic, match: "{\"scores\":{\"home\":1}}")
        #expect(await Self.until(10) { a.lead == .leading }.0)
        let s = Screen("s", .standby, topic: topic, match: "{\"scores\":{\"home\":2}}")
        let f = Screen("f", .follower, topic: topic, match: "{}")
        #expect(await Self.until(10) { !s.lost && !f.lost }.0)
        #expect(s.lead == .idle && f.lead == .idle && a.lead == .leading)
        // The leader stops cleanly: T/leader emptied; the standby leads within the quiet period
        // and a round trip or two, continuing the count.
        a.task.cancel()
        await a.task.value
        let (took, seconds) = await Self.until(10) { s.lead == .leading }
        #expect(took)
        print("match: the standby led \(seconds) s after the leader stopped")
        #expect(await Self.until(10) { f.service.matchNow?.screens.first { $0.node == "s" }?.leading == true }.0)
        // The standby continued the count: the follower took a's seq 1, then s's seq 2.
        #expect(
            await Self.until(10) { f.followed.list.withLock { $0.last?.contains("\"leader\":\"s\",\"scores\":{\"home\":2},\"seq\":2,") } == true }.0)
        #expect(f.followed.list.withLock { $0.first?.contains("\"leader\":\"a\",\"scores\":{\"home\":1},\"seq\":1,") } == true)
        #expect(await Self.until(10) { s.service.matchNow?.screens.first { $0.node == "f" }?.seq == 2 }.0)  // the leader's list
        // The old leader comes back: it follows, it does not fight.
        let back = Screen("a", .leader, topic: topic, match: "{\"scores\":{\"home\":1}}")
        #expect(await Self.until(10) { !back.lost }.0)
        try? await Task.sleep(for: .seconds(1))
        #expect(back.lead == .idle && s.lead == .leading)
        #expect(back.followed.list.withLock { $0.last?.contains("\"leader\":\"s\"") } == true)
        // A rogue CONNECT with the lead client id: the broker closes the leader's lead
        // connection; the clocks settle on exactly one leader again.
        var options = MQTTConnection.Options(
            host: "127.0.0.1", port: Self.port, keepalive: 5, clientID: MatchTopics(topic).leadClientID, username: nil, password: nil, tls: false,
            caFile: nil, certFile: nil, keyFile: nil, will: ("\(topic)/rogue", ""), largestPacket: 1024)
        options.reconnects = false
        let rogue = try? MQTTConnection(options) { _ in }
        rogue?.start()
        #expect(await Self.until(10) { s.lead != .leading }.0)
        #expect(await Self.until(10) { [back, s].filter { $0.lead == .leading }.count == 1 }.0)
        try? await Task.sleep(for: .seconds(1))
        #expect([back, s].filter { $0.lead == .leading }.count == 1)
        rogue?.stop()
        for screen in [s, f, back] { screen.task.cancel() }
        for screen in [s, f, back] { await screen.task.value }
    }
    /// Starts `arguments` (a command on the PATH); its process id.
    static func spawn(_ arguments: [String]) -> pid_t? {
        var pid: pid_t = 0
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for arg in argv { free(arg) } }
        return posix_spawnp(&pid, arguments[0], nil, nil, argv, environ) == 0 ? pid : nil
    }

    @Test func aStandbyTakesOverFromALeaderKilled() async throws {
        // The leader: a process holding the lead connection (mosquitto_sub with the lead client
        // id and its will, an empty retained T/leader) that named itself; killed with SIGKILL.
        let topic = "flipclock-test/killed/\(getpid())"
        let leader = try #require(
            Self.spawn([
                "mosquitto_sub", "-h", "127.0.0.1", "-p", "\(Self.port)", "-V", "mqttv5", "-i", MatchTopics(topic).leadClientID, "-t",
                "\(topic)/none",
                "--will-topic", "\(topic)/leader", "--will-payload", "", "--will-retain",
            ]))
        var options = MQTTConnection.Options(
            host: "127.0.0.1", port: Self.port, keepalive: 5, clientID: "flipclock-test-namer-\(getpid())", username: nil, password: nil, tls: false,
            caFile: nil, certFile: nil, keyFile: nil, will: ("\(topic)/namer", ""), largestPacket: 1024)
        options.reconnects = false
        let connected = Screen.Followed()
        let namer = try MQTTConnection(options) { if case .connected = $0 { connected.list.withLock { $0.append("connected") } } }
        namer.start()
        #expect(await Self.until(10) { connected.list.withLock { !$0.isEmpty } }.0)
        namer.publish("\(topic)/leader", "{\"node\":\"k\",\"since\":1}", retain: true)
        namer.publish("\(topic)/state", "{\"v\":1,\"leader\":\"k\",\"seq\":9,\"at\":1}", retain: true)
        let s = Screen("s", .standby, topic: topic, match: "{\"scores\":{\"home\":2}}")
        #expect(await Self.until(10) { s.followed.list.withLock { $0.count } == 1 }.0)
        try? await Task.sleep(for: .milliseconds(500))
        #expect(s.lead == .idle)
        kill(leader, SIGKILL)
        var status: Int32 = 0
        waitpid(leader, &status, 0)
        let (took, seconds) = await Self.until(10) { s.lead == .leading }
        #expect(took)
        print("match: the standby led \(seconds) s after the leader was killed")
        namer.stop()
        s.task.cancel()
        await s.task.value
    }
}
