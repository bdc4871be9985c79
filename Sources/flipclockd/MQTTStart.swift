import FlipClockControl
import FlipClockCore
import FlipClockDaemon
import FlipClockMQTT
import FoundationEssentials
import Logging

/// The MQTT service `[mqtt]` asks for, reaching the clock the way the HTTP API does.
enum MQTTStart {
    /// `nil` without `[mqtt]`; Home Assistant's device links to `page`; a password or
    /// certificate file that cannot be read is exit 78.
    static func service(
        _ configuration: ClockConfiguration, path: String?, waiting: WaitingRequests?, events: ClockEvents?, page: PageAddress?,
        metrics: ClockMetrics,
        logger: Logger
    ) throws -> MQTTService? {
        guard let settings = configuration.mqtt, let waiting, let events else { return nil }
        let password = try ConfigPath.password(settings, path: path)
        var clock = MQTTService.Clock(
            ask: { await waiting.ask($0, from: "mqtt", kind: .mqtt) }, listen: events.listen, diagnostics: { metrics.diagnostics },
            page: { configuration.http.flatMap { page?.link(listen: $0) } })
        // The `[match]`: through the loop, the one owner of the scores, texts and game.
        clock.match = { await waiting.match() }
        clock.shared = { await waiting.shared($0) }
        clock.follow = { await waiting.follow($0) }
        clock.matchChanged = { leading, lost in _ = await waiting.lead(leading, lost: lost) }
        var identity = settings.identity(hostname: ProcessInfo.processInfo.hostName)
        switch MachineNode.node(base: identity.base) {
        case .success(let node): identity = identity.on(machine: node)
        case .failure(let error): logger.notice("mqtt: Home Assistant's ids are made of the host name", metadata: ["error": "\(error)"])
        }
        return MQTTService(
            configuration, settings: settings, identity: identity, password: password,
            version: FlipClockVersion.string, started: Date.now.ISO8601Format(), clock: clock, logger: logger,
            match: configuration.match)
    }
}
