import Foundation
import Glibc
import Testing

/// What a phone watching the clock sees through the API of a running flipclockd: the events
/// of a change as it happens, and the screen as the daemon presented it.
@Suite(.serialized) struct HTTPLiveTests {
    /// Reads from `fd` until `done` holds for all that came, or 10 s pass without it.
    static func read(_ fd: Int32, until done: (String) -> Bool) -> String {
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        let end = Date().addingTimeInterval(10)
        while Date() < end, !done(String(decoding: received, as: UTF8.self)) {
            let n = recv(fd, &chunk, chunk.count, 0)
            guard n > 0 else { break }
            received += chunk[0..<n]
        }
        return String(decoding: received, as: UTF8.self)
    }

    /// Opens `GET /v1/events` on `d` and reads until its first state: the socket, and what came.
    static func listen(to d: Flipclockd) throws -> (fd: Int32, first: String) {
        let fd = HTTPClient.connect(port: d.port)
        try #require(fd >= 0)
        _ = "GET /v1/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".withCString { send(fd, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        return (fd, read(fd) { $0.contains("\n\n") && $0.contains("event: state") })
    }

    /// Whether `received` has the `shown` event of a picture that came after the state `change`.
    static func shows(_ change: String, in received: String) -> Bool {
        guard let state = received.range(of: change) else { return false }
        return received[state.upperBound...].contains("event: shown")
    }

    @Test func aChangeIsToldToThoseListeningThenTheScreenRestsOnIt() throws {
        let d = try HTTPTests.daemon()
        try d.start()
        let (fd, first) = try Self.listen(to: d)
        defer { close(fd) }
        #expect(first.hasPrefix("HTTP/1.1 200 OK"), "\(first)")
        #expect(first.lowercased().contains("content-type: text/event-stream"))
        #expect(first.contains(#"event: state\#ndata: {"message_seconds":30,"ok":true,"output":"#), "\(first)")
        #expect(first.contains(#""scores":{"away":0,"home":0}"#))
        let add = HTTPClient.request(port: d.port, "POST", "/v1/scores/add", body: #"{"scores":{"home":1}}"#)
        #expect(add.status == 200)
        let told = Self.read(fd) { Self.shows(#""home":1"#, in: $0) }
        #expect(told.contains(#""scores":{"away":0,"home":1}"#), "\(told)")
        #expect(Self.shows(#""home":1"#, in: told), "the state comes, then the picture: \(told)")
    }

    @Test func theSnapshotIsTheFrameTheDaemonPresented() throws {
        let d = try HTTPTests.daemon()
        try d.start()
        let (events, _) = try Self.listen(to: d)
        defer { close(events) }
        #expect(HTTPClient.request(port: d.port, "POST", "/v1/scores/set", body: #"{"scores":{"home":7,"away":3}}"#).status == 200)
        // The flip to 7 lands within a second; then the screen rests on it, and says so.
        let told = Self.read(events) { Self.shows(#""home":7"#, in: $0) }
        #expect(Self.shows(#""home":7"#, in: told), "\(told)")
        let snapshot = HTTPClient.exchange(port: d.port, "GET /v1/snapshot.png HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        let frame = try String(decoding: Data(contentsOf: URL(fileURLWithPath: d.dir + "/frames/current.png")), as: UTF8.self)
        #expect(snapshot.hasPrefix("HTTP/1.1 200 OK"))
        #expect(snapshot.lowercased().contains("content-type: image/png"))
        #expect(snapshot.hasSuffix(frame), "the snapshot is the frame the daemon wrote, byte for byte")
        let tag = try #require(snapshot.split(separator: "\r\n").first { $0.lowercased().hasPrefix("etag:") }).dropFirst(5).trimmingCharacters(
            in: .whitespaces)
        let again = HTTPClient.exchange(
            port: d.port, "GET /v1/snapshot.png HTTP/1.1\r\nHost: 127.0.0.1\r\nIf-None-Match: \(tag)\r\nConnection: close\r\n\r\n")
        #expect(again.hasPrefix("HTTP/1.1 304"), "\(again.prefix(200))")
        let unknown = HTTPClient.request(port: d.port, "GET", "/v1/snapshot.png?screen=HDMI-A-9")
        #expect(unknown.status == 404)
        #expect(unknown.body.contains(#""detail":"\"HDMI-A-9\"; screens are "#), "\(unknown.body)")
    }

    /// A phone listening does not hold the daemon's stop: SIGTERM ends the stream and the daemon
    /// at once (systemd would otherwise wait, then kill it).
    @Test func aListenerDoesNotHoldTheStop() throws {
        let d = try HTTPTests.daemon()
        try d.start()
        let (events, first) = try Self.listen(to: d)
        defer { close(events) }
        #expect(first.contains("event: state"))
        kill(d.process.processIdentifier, SIGTERM)
        let stopping = Date()
        while d.process.isRunning, Date().timeIntervalSince(stopping) < 10 { usleep(20_000) }
        try #require(!d.process.isRunning, "still running 10 s after SIGTERM")
        d.process.waitUntilExit()
        #expect(d.process.terminationStatus == 0)
        // The last chunk of the stream came, then the end.
        #expect(Self.read(events) { $0.hasSuffix("0\r\n\r\n") }.hasSuffix("0\r\n\r\n"))
    }
}
