import ArgumentParser
import Foundation
import FlipClockDaemon

@main
struct Flipclockd: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flipclockd",
        abstract: "A flip clock for Linux displays, drawn with true perspective.",
        version: FlipClockVersion.string,
        subcommands: [RunCommand.self, PreviewCommand.self],
        defaultSubcommand: RunCommand.self
    )

    static func main() async {
        do {
            var command = try parseAsRoot()
            if let run = command as? RunCommand, run.checkConfig == nil {
                // Before any thread starts, so every thread has them blocked and only the
                // descriptors that read them (the service group's, the loop's) see them.
                ClockLoop.blockSignals()
            }
            if var command = command as? AsyncParsableCommand {
                try await command.run()
            } else {
                try command.run()
            }
        } catch {
            exit(withError: error)
        }
    }
}
