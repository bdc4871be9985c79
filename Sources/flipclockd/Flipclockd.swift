import ArgumentParser
import FlipClockDaemon

@main
struct Flipclockd: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flipclockd",
        abstract: "A flip clock for Linux displays, drawn with true perspective.",
        version: FlipClockVersion.string,
        subcommands: [RunCommand.self, PreviewCommand.self, SunCommand.self],
        defaultSubcommand: RunCommand.self
    )
}
