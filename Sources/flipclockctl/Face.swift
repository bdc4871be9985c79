import ArgumentParser

struct Face: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Hold a [[face]] for a while or until the faces in force next change; auto gives the screens back to the schedule.",
        discussion: "flipclockctl face morning · face scores --for 10m · face default (the [[row]] face) · face auto"
    )

    @Argument(help: "A [[face]]'s name, default (the [[row]] face) or auto.")
    var name: String

    @Option(name: .customLong("for"), help: "How long at most: 30s, 5m, 1h30m, MM:SS (1 s to 24 h).")
    var duration: String?

    @OptionGroup var connection: Connection

    func run() throws { try connection.send(["face", name] + (duration.map { ["for", $0] } ?? [])) }
}
