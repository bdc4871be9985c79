import ArgumentParser
import FlipClockControl
import FlipClockCore
import FlipClockDaemon
import FlipClockFont
import FlipClockHTTP
import FlipClockKeypad
import FlipClockMQTT
import FlipClockOutput
import FlipClockSound
import FlipClockSystem
import FoundationEssentials
import Glibc
import Logging
import ServiceLifecycle
import UnixSignals

struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run", abstract: "Run the clock (the default)."
    )

    @Option(help: "The configuration file (default: \(ConfigPath.system) if it exists, else built-in defaults).")
    var config: String?

    @Option(help: "Where frames go: auto (the display if there is one, else PNG) or png.")
    var output: ClockConfiguration.OutputKind?

    @Option(name: .customLong("check-config"), help: "Validate a configuration file and exit: 0 if valid, 78 if not.")
    var checkConfig: String?

    @Option(name: .customLong("parse-config"), help: .hidden)
    var parseConfig: String?

    @Option(
        name: .customLong("frame-log"),
        help:
            "Append a line to this file for each frame in which the game's clock, shot clock or period changed (wall-clock ns and the texts): for tests and diagnosis."
    )
    var frameLog: String?

    @Option(
        help: "The console to show the clock on and take switching over for (/dev/tty1; default: the one it was started on, else the active one).")
    var terminal: String?

    func run() async throws {
        if let path = parseConfig {
            // The child process of ConfigCheck: the text on standard input, named `path`.
            try ConfigPath.parseStandardInput(as: path)
            return
        }
        if let path = checkConfig {
            let configuration = try ConfigPath.load(path)
            _ = try ConfigPath.openFont(configuration, path: path)
            do {
                try ConfigPath.checkSecrets(configuration, path: path)
            } catch {
                StandardError.write("flipclockd: \(error)\n")
                throw ExitCode(78)
            }
            print("\(path): ok")
            return
        }
        // Before anything is opened or a thread started: too few descriptors or too little
        // address space is said as what it is, not as a bad file at 1:1, a hang or SIGILL.
        if let problem = ResourceLimits.check() {
            StandardError.write("flipclockd: \(problem)\n")
            throw ExitCode(1)
        }
        ScreenMemory.giveBackWhenFreed()
        JournalLogHandler.bootstrap()
        let logger = Logger(label: "flipclockd")
        var configuration = try ConfigPath.load(config ?? ConfigPath.defaultPath)
        if let output { configuration.output = output }
        let font = try ConfigPath.openFont(configuration, path: config ?? ConfigPath.defaultPath)
        let clock = try ConfigPath.clock(configuration)
        let path = config ?? ConfigPath.defaultPath
        let override = output
        let token = try configuration.http.map { try ConfigPath.token($0, path: path) } ?? nil
        let vestaboardKey = try configuration.vestaboard.map { try ConfigPath.vestaboardKey($0, path: path) }
        // Where a phone reaches the control page, for `flipclockctl pair`.
        let page = configuration.http.map { _ in PageAddress(token: token?.text) }
        let terminal = terminal
        let frameLog = frameLog
        // The control socket first: a daemon already listening on it, or a file that is not a
        // socket where it goes, stops this one before it takes the display.
        var control: ControlServer?
        do {
            let folder = URL(fileURLWithPath: configuration.controlSocket).deletingLastPathComponent().path
            // Group members reach the socket through its folder whatever the umask.
            if !FileManager.default.fileExists(atPath: folder) {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
            }
            control = try ControlServer(path: configuration.controlSocket, group: configuration.controlGroup)
            if let problem = control?.problem { logger.error("\(problem)") }
        } catch let refusal as ControlServer.Refusal {
            StandardError.write("flipclockd: control.socket: \(refusal)\n")
            throw ExitCode(78)
        } catch {
            logger.error("no control socket: scores cannot be set", metadata: ["socket": "\(configuration.controlSocket)", "error": "\(error)"])
        }
        // Handed to the loop's thread, and used by no other.
        nonisolated(unsafe) let server = control
        // The HTTP API's and MQTT's requests wait here for the loop, which answers them as it
        // does the socket's.
        let reachable = configuration.http != nil || configuration.mqtt != nil
        let waiting = reachable ? WaitingRequests() : nil
        // Those who listen to the clock's changes through the API and MQTT.
        let events = reachable ? ClockEvents() : nil
        // A service (systemd's notify socket) waits for its display: at boot the driver may come later.
        let notifier = SystemdNotifier()
        // What the loop does, counted for `GET /metrics`.
        let metrics = ClockMetrics()
        let waitsForDisplay = notifier != nil
        let mqtt = try MQTTStart.service(configuration, path: path, waiting: waiting, events: events, page: page, metrics: metrics, logger: logger)
        // The clock (opening the output first, waiting for it if it is missing or busy) and
        // the signals as services of one group: SIGTERM and SIGINT shut it down gracefully,
        // and the loop gives the screen back before the group returns.
        let service = ClockService { requests in
            guard
                let outputs = try OutputSelection.open(
                    configuration, waitsForDisplay: waitsForDisplay, requests: requests, notifier: notifier, logger: logger)
            else {
                return nil
            }
            logger.info(
                "running",
                metadata: [
                    "output": "\(outputs.name)", "face": "\(configuration.time.format.rawValue)", "font": "\(font.name)",
                ])
            var parts = ClockLoop.Parts()
            parts.notifier = notifier
            parts.terminalPath = terminal
            parts.timeSync = KernelTimeSync.read
            // Read, parsed and checked on a thread of its own while the clock runs on.
            parts.reload = ClockLoop.Reload(file: path) { try ConfigPath.reread(path, output: override) }
            if let mqtt { parts.reload?.taken = { mqtt.configured($0) } }
            parts.stateFile = StateFile(path: configuration.stateFile)
            parts.record = RecordFolder(besideStateFile: configuration.stateFile)
            parts.control = server
            parts.metrics = metrics
            parts.waiting = waiting
            parts.events = events
            if let keypad = configuration.keypad { parts.keypad = Keypad(map: try KeypadMap(configuration), wanted: keypad.device) }
            // The device is the one named at the start; volume, clicks and horn follow reloads.
            if let sound = configuration.sound { parts.sound = SoundPlayer(device: sound.device, logger: logger) }
            parts.page = page
            if let frameLog { parts.frameLog = FrameLog(path: frameLog, logger: logger) }
            // A screen output is on a console: take over its switching (none for PNG frames).
            return ClockLoop(
                configuration: configuration, outputs: outputs, takesConsole: !outputs.open.contains { $0 is ImageFileOutput }, glyphs: font,
                clock: clock, requests: requests, logger: logger, parts: parts
            )
        }
        var services: [ServiceGroupConfiguration.ServiceConfiguration] = [
            .init(service: service, successTerminationBehavior: .gracefullyShutdownGroup, failureTerminationBehavior: .gracefullyShutdownGroup),
            .init(service: await SignalService(requests: service.requests, logger: logger)),
        ]
        if let http = configuration.http, let waiting, let events {
            let snapshots = Snapshots(waiting: waiting)
            var clock = ClockAPI.Clock(
                ask: { await waiting.ask($0, from: $1) }, metrics: metrics.exposition,
                snapshot: { screen throws(ControlError) in try await snapshots.snapshot(of: screen) }, listen: events.listen,
                match: { mqtt?.matchReport })
            let record = RecordFolder(besideStateFile: configuration.stateFile)
            clock.record = { record.read(match: $0) }
            clock.records = { record.matches() }
            // systemd hears READY=1 once the API answers too (`systemctl start` then curl).
            notifier?.waitForListener()
            let api = HTTPServer.service(
                http, token: token, limits: HTTPLimits(), clock: clock, logger: logger, vestaboard: vestaboardKey,
                onListening: {
                    page?.listening(on: $0)
                    notifier?.listening()
                    mqtt?.pageMoved()
                })
            services.append(.init(service: api, failureTerminationBehavior: .gracefullyShutdownGroup))
        }
        if let mqtt {
            // The clock runs on without its broker: the service ends only at a shutdown.
            services.append(.init(service: mqtt))
        }
        let group = ServiceGroup(
            configuration: .init(
                services: services,
                gracefulShutdownSignals: [.sigterm, .sigint],
                logger: logger
            )
        )
        do {
            try await group.run()
        } catch let failure as HTTPServer.ListenFailure {
            // A port taken now may be free at the restart; IP sockets refused will not be (78:
            // systemd stops restarting, and the unit's failure says why).
            StandardError.write("flipclockd: http.listen: \(failure)\n")
            throw ExitCode(failure.isConfiguration ? 78 : 1)
        } catch let failure as OutputFailure {
            StandardError.write("flipclockd: output: \(failure)\n")
            throw ExitCode(1)
        } catch let error as OutputError {
            StandardError.write("flipclockd: output: \(error)\n")
            // Only a configuration or hardware the display cannot satisfy when it is opened (no
            // such connector, mode or free CRTC; a call the device refuses, by its code) will
            // not fix itself:
            // systemd stops restarting on 78 (EX_CONFIG). A display missing, busy or failing
            // for now is opened again by the restart.
            throw ExitCode(error.isTransient ? 1 : 78)
        }
    }
}

extension ClockConfiguration.OutputKind: ExpressibleByArgument {}
