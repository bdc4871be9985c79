import FlipClockControl
import HTTPTypes
import Hummingbird
import NIOCore
import ServiceLifecycle

/// `GET /v1/events`: the clock's events as Server-Sent Events (`text/event-stream`), the
/// state as it is first, then each ``ClockEvent`` as `event: NAME` and one `data:` line of
/// JSON; a comment every ``heartbeat`` finds a client that went away. It lasts as long as
/// the client keeps it open, or until the daemon stops (a stream would otherwise hold its
/// stop until systemd kills it).
enum EventStream {
    static let heartbeat = Duration.seconds(15)

    static func response(clock: ClockAPI.Clock, from source: String) async throws -> Response {
        guard let events = clock.listen() else {
            throw Problem(ControlError(.busy, "too many clients listen to the events already; try again later"))
        }
        // Listening first, so no change between the state asked and the stream is missed.
        let first = await clock.ask(.status, source)
        guard case .status(let state) = first else { return ClockAPI.response(first) }
        // As bounded as the events: a client that does not read keeps the newest few.
        let (chunks, feed) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(8))
        feed.yield(text(.state(state)))
        let relay = Task {
            for await event in events { feed.yield(text(event)) }
            feed.finish()
        }
        let beat = Task {
            while !Task.isCancelled {
                try await Task.sleep(for: heartbeat)
                feed.yield(": still here\n\n")
            }
        }
        feed.onTermination = { _ in
            relay.cancel()
            beat.cancel()
        }
        return Response(
            status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-cache"],
            body: ResponseBody { writer in
                try await withGracefulShutdownHandler {
                    for await chunk in chunks { try await writer.write(ByteBuffer(string: chunk)) }
                } onGracefulShutdown: {
                    feed.finish()
                }
                try await writer.finish(nil)
            })
    }

    /// What `HEAD /v1/events` answers: the stream's headers.
    static var head: Response { Response(status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-cache"]) }

    /// An event as the stream writes it.
    static func text(_ event: ClockEvent) -> String {
        "event: \(event.name)\ndata: \(event.data)\n\n"
    }
}
