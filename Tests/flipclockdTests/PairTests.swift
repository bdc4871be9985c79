import Foundation
import Glibc
import Testing

/// `flipclockctl pair` against a running flipclockd: the code on its screen is read by zbar,
/// as a phone's camera reads it, and the face comes back when its time is up.
@Suite(.serialized) struct PairTests {
    /// The text of the QR code in the PNG at `path`, as `zbarimg --raw -q` reads it; `nil` if it finds none.
    static func decode(_ path: String) throws -> String? {
        let zbar = Process()
        zbar.executableURL = URL(fileURLWithPath: "/usr/bin/zbarimg")
        zbar.arguments = ["--raw", "-q", path]
        let out = Pipe()
        zbar.standardOutput = out
        zbar.standardError = FileHandle.nullDevice
        try zbar.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        zbar.waitUntilExit()
        return zbar.terminationStatus == 0 ? text.trimmingCharacters(in: .newlines) : nil
    }

    /// The frame the daemon wrote last, once `done` holds for it (at most 10 s).
    static func frame(_ path: String, until done: (Data) -> Bool) -> Data? {
        for _ in 0..<500 {
            if let frame = try? Data(contentsOf: URL(fileURLWithPath: path)), done(frame) { return frame }
            usleep(20_000)
        }
        return nil
    }

    @Test func aPhoneReadsThePageAndTokenThenTheFaceComesBackWhole() throws {
        let d = try HTTPTests.daemon(http: "listen = \"0.0.0.0:PORT\"\ntoken_file = \"DIR/http-token\"\n")
        try d.start()
        let path = d.dir + "/frames/current.png"
        // 12:00 on an HH:MM face: nothing else changes on the screen for the next minute.
        let face = try #require(Self.frame(path) { !$0.isEmpty })
        let asked = Date()
        let pair = try FlipclockdCommandTests.run(
            ["pair", "--host", "127.0.0.1", "--seconds", "2", "--socket", d.socket], executable: ControlTests.ctl)
        #expect(pair.stdout == "http://127.0.0.1:\(d.port)/ shown for 2s\n", "\(pair.stderr)")
        #expect(pair.status == 0)
        let paired = try #require(Self.frame(path) { $0 != face }, "the code is drawn")
        try paired.write(to: URL(fileURLWithPath: d.dir + "/paired.png"))
        #expect(try Self.decode(d.dir + "/paired.png") == "http://127.0.0.1:\(d.port)/#token=\(HTTPTests.token)")
        let back = try #require(Self.frame(path) { $0 == face }, "the face without the code, as before")
        let shown = Date().timeIntervalSince(asked)
        #expect(shown >= 2 && shown < 4, "the code showed for \(shown) s")
        #expect(back == face)
        #expect(try Self.decode(path) == nil)
        let log = d.log
        #expect(log.contains("pairing code shown") && log.contains("http://127.0.0.1:\(d.port)/"), "\(log)")
        #expect(!log.contains(HTTPTests.token), "the log never holds the token")
    }

    @Test func stopTakesTheCodeDownAtOnce() throws {
        let d = try HTTPTests.daemon(http: "listen = \"0.0.0.0:PORT\"\ntoken_file = \"DIR/http-token\"\n")
        try d.start()
        let path = d.dir + "/frames/current.png"
        let face = try #require(Self.frame(path) { !$0.isEmpty })
        let ctl = { (words: [String]) in try FlipclockdCommandTests.run(["pair"] + words + ["--socket", d.socket], executable: ControlTests.ctl) }
        #expect(try ctl(["--host", "127.0.0.1", "--json"]).stdout == #"{"ok":true,"seconds":60,"url":"http://127.0.0.1:\#(d.port)/"}"# + "\n")
        _ = try #require(Self.frame(path) { $0 != face })
        #expect(try ctl(["--stop"]).stdout == "pairing stopped\n")
        #expect(Self.frame(path) { $0 == face } != nil, "the face is drawn whole again")
    }

    @Test func refusedWithoutHTTPForALoopbackAddressAndOutOfRange() throws {
        let plain = try ControlTests.daemon()
        try plain.start()
        let none = try plain.ctl(["pair", "--host", "127.0.0.1"])
        #expect(none.status == 1)
        #expect(
            none.stderr
                == "flipclockctl: ERR state pairing opens the control page, which needs the HTTP API: add [http] with listen and token_file to the configuration\n"
        )

        let local = try HTTPTests.daemon()
        try local.start()
        let loopback = try FlipclockdCommandTests.run(["pair", "--socket", local.socket], executable: ControlTests.ctl)
        #expect(loopback.status == 1)
        #expect(
            loopback.stderr
                == "flipclockctl: ERR state [http] listens on 127.0.0.1, which a phone cannot reach; name the clock's address: pair host NAME (flipclockctl pair --host NAME)\n"
        )
        for seconds in ["0", "601"] {
            let range = try FlipclockdCommandTests.run(["pair", "--seconds", seconds, "--socket", local.socket], executable: ControlTests.ctl)
            #expect(range.status == 1)
            #expect(range.stderr == "flipclockctl: ERR range \(seconds) seconds; a pairing code shows for 1...600\n")
        }
    }
}
