import ArgumentParser

struct Point: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Count a match in sets ([sets]): a point, a timeout, who serves, undo, a new match.",
        discussion: "flipclockctl point home · point away · point undo · point timeout home · point serve away · point new · point new away"
    )

    @Argument(help: "home, away, undo, timeout, serve or new.")
    var action: String

    @Argument(help: "For timeout and serve: home or away; new: who serves first (the configuration's if left out).")
    var side: String?

    @OptionGroup var connection: Connection

    func run() throws { try connection.send(["point", action] + (side.map { [$0] } ?? [])) }
}
