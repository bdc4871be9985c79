import ArgumentParser
import FlipClockCore
import FlipClockDaemon
import FlipClockFont
import Foundation
import Logging

struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run", abstract: "Run the clock (the default)."
    )

    @Option(help: "The configuration file (default: \(ConfigPath.system) if it exists, else built-in defaults).")
    var config: String?

    @Option(help: "Where frames go: auto (the display if there is one, else PNG) or png.")
    var output: ClockConfiguration.OutputKind?

    @Option(name: .customLong("check-config"), help: "Validate a configuration file and exit: 0 if valid, 78 if not.")
    var checkConfig: String?

    func run() throws {
        if let path = checkConfig {
            let configuration = try ConfigPath.load(path)
            _ = try ConfigPath.openFont(configuration)
            print("\(path): ok")
            return
        }
        LoggingSystem.bootstrap { StreamLogHandler.standardError(label: $0) }
        let logger = Logger(label: "flipclockd")
        var configuration = try ConfigPath.load(config ?? ConfigPath.defaultPath)
        if let output { configuration.output = output }
        let font = try ConfigPath.openFont(configuration)
        if configuration.output == .auto {
            logger.notice(
                "this build has no display output yet (KMS/DRM and fbdev come next): the only output is PNG",
                metadata: ["frames": "\(configuration.imageDirectory)/current.png"]
            )
        }
        logger.info("running", metadata: [
            "output": "png", "size": "\(configuration.imageWidth)x\(configuration.imageHeight)",
            "face": "\(configuration.face.format.rawValue)", "font": "\(font.name)",
        ])
        try ImageClock(configuration: configuration, glyphs: font, logger: logger).run()
    }
}

extension ClockConfiguration.OutputKind: ExpressibleByArgument {}
