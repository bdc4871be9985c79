import FlipClockControl
import HTTPTypes
import Hummingbird
import NIOCore

/// Vestaboard's local API on the API's server, with `[vestaboard]`: `GET` and `POST
/// /local-api/message`, let in by their own key (``VestaboardKey``) instead of the bearer
/// token, under the same rate. A message is one `text` request of the six rows
/// (``VestaboardMessage``); what they show is read from the clock's `status`.
enum VestaboardRoute {
    static let path = "/local-api/message"
    /// A message of 6 × 22 codes is some 400 bytes of JSON: room for blanks and line breaks.
    static let bodyLimit = 4096
    static let keyHeader = HTTPField.Name(VestaboardKey.header)!

    static func add(to router: Router<APIRequestContext>, clock: ClockAPI.Clock, key: VestaboardKey) {
        router.on(RouterPath(path), method: .get) { request, context in
            guard key.accepts(request.headers[keyHeader]) else { return refused }
            let reply = await clock.ask(.status, ChangeSource.http(address: "\(context.peer)", token: nil).description)
            guard case .status(let status) = reply else { return ClockAPI.response(reply) }
            return Response(
                status: .ok, headers: [.contentType: "application/json"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: VestaboardMessage.body(texts: status.texts))))
        }
        router.on(RouterPath(path), method: .post) { request, context in
            guard key.accepts(request.headers[keyHeader]) else { return refused }
            if let length = request.headers[.contentLength].flatMap(Int.init), length > bodyLimit { throw Problem.tooLarge(limit: bodyLimit) }
            let body = String(buffer: try await request.body.collect(upTo: bodyLimit))
            let reply: ControlReply
            do throws(ControlError) {
                reply = await clock.ask(
                    try VestaboardMessage.request(body: body), ChangeSource.http(address: "\(context.peer)", token: nil).description)
            } catch {
                reply = .refused(error)
            }
            guard case .texts = reply else { return ClockAPI.response(reply) }
            // As the board answers a message it takes: 201, no body.
            return Response(status: .created)
        }
    }

    /// What the board answers a wrong or missing key: 401 and the text `Invalid API key`
    /// (which clients such as Home Assistant's look for).
    static var refused: Response {
        Response(
            status: .unauthorized, headers: [.contentType: "text/plain; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: "Invalid API key")))
    }
}
