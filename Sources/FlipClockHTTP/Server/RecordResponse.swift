import FlipClockControl
import HTTPTypes
import Hummingbird
import NIOCore

/// `GET /v1/game/record[?format=csv][&match=K]`: a match's record as JSON, or as CSV when the
/// query or `Accept: text/csv` asks for it. Read from its file on the server's thread: the
/// loop is not asked.
enum RecordResponse {
    static func response(to request: Request, clock: ClockAPI.Clock) throws -> Response {
        let query = request.uri.queryParameters
        let csv: Bool
        switch query["format"].map(String.init) {
        case nil: csv = request.headers[.accept]?.lowercased().contains("text/csv") == true
        case "json": csv = false
        case "csv": csv = true
        case let other?: throw Problem(ControlError(.syntax, "format is json or csv, not \"\(other)\""))
        }
        var match: Int?
        if let text = query["match"].map(String.init) {
            guard let n = Int(text), (1...1_000_000_000).contains(n) else {
                throw Problem(ControlError(.syntax, "match is a match's number 1...1000000000, not \"\(text)\""))
            }
            match = n
        }
        var last: Int?
        if let text = query["last"].map(String.init) {
            guard let n = Int(text), (1...100).contains(n) else { throw Problem(ControlError(.syntax, "last is 1...100 entries, not \"\(text)\"")) }
            last = n
        }
        var record: MatchRecord
        switch clock.record(match) {
        case .success(let read): record = read
        case .failure(let error) where error.missing:
            throw Problem(status: .notFound, code: "no-record", title: "No such record", detail: error.description)
        case .failure(let error): throw Problem(ControlError(.state, error.description))
        }
        if let last { record.entries = Array(record.entries.suffix(last)) }
        if csv {
            return Response(
                status: .ok, headers: [.contentType: "text/csv; charset=utf-8; header=present"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: record.csv)))
        }
        var object = record.json.object ?? [:]
        object["ok"] = true
        return Response(
            status: .ok, headers: [.contentType: "application/json"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: ControlJSON.line(.object(object)))))
    }
}
