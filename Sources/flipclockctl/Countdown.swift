import ArgumentParser

struct Countdown: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Count a countdown ([[countdown]]) to a moment or up since one, on the clock's calendar.",
        discussion:
            "flipclockctl countdown opening to 2027-06-01T09:00 · countdown opening to 2027-06-01 · countdown safe since 2024-03-01 · countdown opening reset (the configuration's)"
    )

    @Argument(help: "The countdown's name.")
    var name: String

    @Argument(help: "to, since, or reset.")
    var action: String

    @Argument(help: "For to and since: YYYY-MM-DD or YYYY-MM-DDTHH:MM in the clock's zone.")
    var moment: String?

    @OptionGroup var connection: Connection

    func run() throws { try connection.send(["countdown", name, action] + (moment.map { [$0] } ?? [])) }
}
