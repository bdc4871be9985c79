import FlipClockCore

/// Vestaboard's local API's message (`/local-api/message`) as the clock's requests: a body of
/// 6 × 22 character codes is one ``ControlRequest/texts(_:)`` of the six rows, so the board
/// flips together; what the rows show is read back as the grid.
public enum VestaboardMessage {
    /// The request a message body makes: a JSON array of 6 arrays of 22 codes, or an object whose
    /// `"characters"` is one (what newer boards take, with transition settings, which the cards'
    /// own stepping stands for); what is wrong, by row and column (from 1), if it is not one.
    public static func request(body: String) throws(ControlError) -> ControlRequest {
        var reader = JSONReader(Array(body.utf8))
        let value: JSONValue
        do throws(JSONReader.Failure) {
            value = try reader.value()
        } catch {
            throw ControlError(.syntax, "the body is not JSON; it is [[22 codes] × 6]")
        }
        var grid = value
        if case .object(let object) = value {
            guard let characters = object["characters"] else {
                throw ControlError(.syntax, "the body is [[22 codes] × 6] or {\"characters\": [[…]]}")
            }
            grid = characters
        }
        guard case .array(let rows) = grid else { throw ControlError(.syntax, "the message is an array of \(Vestaboard.rows) rows") }
        let codes = try rows.enumerated().map { (r, row) throws(ControlError) -> [Int] in
            guard case .array(let cells) = row else { throw ControlError(.syntax, "row \(r + 1) is not an array of codes") }
            return try cells.enumerated().map { (c, cell) throws(ControlError) -> Int in
                guard let code = cell.integer else {
                    throw ControlError(.syntax, "row \(r + 1), column \(c + 1): \(ControlJSON.line(cell).prefix(32)) is not a character code (0-71)")
                }
                return code
            }
        }
        do throws(Vestaboard.GridError) {
            let texts = try Vestaboard.texts(grid: codes)
            return .texts(zip(Vestaboard.rowNames, texts).map { (name: $0, text: $1) })
        } catch {
            throw ControlError(.syntax, error.description)
        }
    }

    /// What `GET /local-api/message` answers: `{"message":[[…],…]}`, the codes the rows show.
    public static func body(texts: [String: String]) -> String {
        ControlJSON.line(["message": .array(Vestaboard.grid(texts: texts).map { .array($0.map { .integer($0) }) })])
    }
}
