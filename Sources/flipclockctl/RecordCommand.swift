import ArgumentParser
import FlipClockControl
import FlipClockSystem

extension Connection {
    /// `flipclockctl game record`: the match's record read a page at a time (`game record match
    /// K from N`, the JSON form) and printed whole, as JSON or CSV. A refusal exits 1; a daemon
    /// that cannot be reached, or a reply that is not a page, 69.
    func record(match: Int?, csv: Bool) throws {
        var whole: MatchRecord?
        var next: Int? = 1
        // At most as many pages as a record can have.
        for _ in 0...(MatchRecord.mostEntries / RecordPage.size + 1) {
            guard let from = next else { break }
            let page = try self.page(match: whole?.match ?? match, from: from)
            if whole == nil { whole = page.record } else { whole?.entries += page.record.entries }
            if let after = page.next, after <= from {
                StandardError.write("flipclockctl: the daemon's page from \(from) says the next begins at \(after)\n")
                throw ExitCode(69)
            }
            next = page.next
        }
        guard let whole else { return }
        if csv { print(whole.csv, terminator: "") } else { print(ControlJSON.line(whole.json)) }
    }

    private func page(match: Int?, from: Int) throws -> RecordPage {
        let answer: ControlAnswer
        do {
            answer = try ControlClient.send(ControlJSON.line(.game(.record(match: match, from: from))), to: socket)
        } catch {
            StandardError.write("flipclockctl: \(error)\n")
            throw ExitCode(69)
        }
        switch answer {
        case .accepted(let said):
            do throws(RecordError) {
                guard let object = ControlJSON.object(said) else { throw RecordError("not a JSON object") }
                return try RecordPage(json: object)
            } catch {
                StandardError.write("flipclockctl: the daemon's reply is no record page (\(error)): \(said)\n")
                throw ExitCode(69)
            }
        case .refused(_, let reply):
            StandardError.write("flipclockctl: \(reply)\n")
            throw ExitCode(1)
        }
    }
}
