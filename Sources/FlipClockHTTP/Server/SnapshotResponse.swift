import FlipClockControl
import HTTPTypes
import Hummingbird
import NIOCore

/// `GET /v1/snapshot.png[?screen=NAME]`: what a screen shows now, as a PNG file. Its ETag is
/// this run of the daemon and the frame count (a URL names the screen), so asking again with
/// `If-None-Match` costs nothing until the screen changes, and a tag from before a restart
/// (whose frames were counted from 0 again) never matches.
enum SnapshotResponse {
    /// This run of the daemon, in the tags.
    static let run = String(UInt64.random(in: 0...UInt64.max), radix: 36)

    static func response(to request: Request, clock: ClockAPI.Clock) async throws -> Response {
        let screen = request.uri.queryParameters["screen"].map(String.init)
        let snapshot: ScreenSnapshot
        do throws(ControlError) {
            snapshot = try await clock.snapshot(screen)
        } catch {
            throw Problem(error)
        }
        let tag = "\"\(run)-\(snapshot.frame)\""
        var headers: HTTPFields = [.eTag: tag, .cacheControl: "no-cache", .init("Flipclock-Screen")!: snapshot.screen]
        if request.headers[.ifNoneMatch]?.split(separator: ",").contains(where: { $0.trimmingWhitespace == tag }) == true {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = "image/png"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: snapshot.png)))
    }
}
