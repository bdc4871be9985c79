import FlipClockCore
import FlipClockOutput
import Foundation
import Testing

/// Runs the built `flipclockd` as a user would, and checks what it prints and how it exits.
@Suite struct FlipclockdCommandTests {
    struct Outcome {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static let binary: URL = {
        // The test bundle sits in the build folder beside the executables.
        var dir = Bundle.main.bundleURL
        while !FileManager.default.fileExists(atPath: dir.appendingPathComponent("flipclockd").path), dir.path != "/" {
            dir.deleteLastPathComponent()
        }
        return dir.appendingPathComponent("flipclockd")
    }()

    /// The sanitizers' options of this run (scripts/sanitize), for a daemon started with an
    /// environment of its own: their suppressions (Tests/lsan.supp) reach it too.
    static let sanitizerOptions = ProcessInfo.processInfo.environment.filter { $0.key.hasSuffix("SAN_OPTIONS") || $0.key == "SWIFT_BACKTRACE" }

    static func run(_ arguments: [String], executable: URL = binary) throws -> Outcome {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self))
    }

    static func temporaryFile(_ text: String) throws -> String {
        let path = NSTemporaryDirectory() + "flipclockd-test-\(UUID().uuidString).toml"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func versionPrintsTheVersion() throws {
        let outcome = try Self.run(["--version"])
        #expect(outcome.status == 0)
        #expect(outcome.stdout == "0.1.0\n")
    }

    @Test func checkConfigAcceptsTheShippedConfiguration() throws {
        let shipped = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Config/flipclock.toml").standardized
            .path
        let outcome = try Self.run(["--check-config", shipped])
        #expect(outcome.status == 0)
        #expect(outcome.stdout == "\(shipped): ok\n")
    }

    /// Windows line ends: the error is still where it is, not at 1:1.
    @Test func aFileWithCRLFLineEndsIsLocatedByLine() throws {
        let path = try Self.temporaryFile("[clock]\r\nformat = \"HH\"\r\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let outcome = try Self.run(["--check-config", path])
        #expect(outcome.status == 78)
        #expect(outcome.stderr == "flipclockd: \(path):2:10: clock.format: \"HH\" is not allowed; allowed \"HH:MM\", \"HH:MM:SS\"\n")
    }

    @Test func checkConfigRejectsABadFileWithExConfigAndTheLocation() throws {
        let path = try Self.temporaryFile("[flip]\nfirst_half_ms = 1\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let outcome = try Self.run(["--check-config", path])
        #expect(outcome.status == 78)
        #expect(outcome.stderr == "flipclockd: \(path):2:17: flip.first_half_ms: 1 is out of range; allowed 20...5000\n")
    }

    @Test func checkConfigRejectsAMissingFont() throws {
        let path = try Self.temporaryFile("[look]\nfont = \"/nonexistent/x.ttf\"\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let outcome = try Self.run(["--check-config", path])
        #expect(outcome.status == 78)
        #expect(outcome.stderr == "flipclockd: \(path):2:8: look.font: cannot open font /nonexistent/x.ttf: No such file or directory\n")
    }

    @Test(arguments: [
        (["--from", "25:00"], "Error: --from: \"25:00\" is not a time; expected HH:MM or HH:MM:SS"),
        (["--size", "10x10"], "Error: --size: \"10x10\" is not a size; expected WIDTHxHEIGHT, each side 16...16384"),
        (["--fps", "0"], "Error: --fps: 0 is out of range; allowed 1...240"),
        (["--sheet", "origami"], "Error: The value 'origami' is invalid for '--sheet <sheet>'. Please provide one of 'flip', 'fold' or 'reveal'."),
    ])
    func previewRejectsBadArguments(_ arguments: [String], _ message: String) throws {
        let outcome = try Self.run(["preview", "--out", NSTemporaryDirectory()] + arguments)
        #expect(outcome.status == 64)
        #expect(outcome.stderr.hasPrefix(message + "\n"))
    }

    @Test func previewWritesTheFramesAndTheSheet() throws {
        let out = NSTemporaryDirectory() + "flipclockd-preview-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: out) }
        let outcome = try Self.run(["preview", "--from", "12:59:59", "--seconds", "2", "--fps", "10", "--size", "320x200", "--out", out])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        // The flip starts at 13:00:00 (frame 10, the flap still flat) and lands 500 ms later (frame 15):
        // frames 11–15 changed.
        #expect(outcome.stdout == "wrote 20 frames to \(out)/ (5 with a card moving); contact sheet: \(out)/sheet.png\n")
        let files = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        #expect(files == (0..<20).map { String(format: "frame-%05d.png", $0) } + ["sheet.png"])
    }

    @Test func previewWritesTheFoldSheetWhenAsked() throws {
        let out = NSTemporaryDirectory() + "flipclockd-preview-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: out) }
        let outcome = try Self.run([
            "preview", "--from", "12:34", "--seconds", "0.2", "--fps", "10", "--size", "320x200", "--sheet", "fold", "--out", out,
        ])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout == "wrote 2 frames to \(out)/ (0 with a card moving); contact sheet: \(out)/fold.png\n")
        let files = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        #expect(files == ["fold.png", "frame-00000.png", "frame-00001.png"])
    }

    @Test func previewDrawsTheRevealSheet() throws {
        let out = NSTemporaryDirectory() + "flipclockd-preview-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: out) }
        let outcome = try Self.run(["preview", "--sheet", "reveal", "--seconds", "0.1", "--size", "320x200", "--out", out])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout == "wrote 3 frames to \(out)/ (0 with a card moving); contact sheet: \(out)/reveal.png\n")
        // Six screens of 640x400 in three columns and two rows, with their captions.
        let png = try Data(contentsOf: URL(fileURLWithPath: out + "/reveal.png"))
        let size = png[16..<24].reduce(0) { $0 << 8 | UInt64($1) }
        #expect(size >> 32 > 3 * 640 && size >> 32 < 3 * 700 && size & 0xFFFF_FFFF > 2 * 400 && size & 0xFFFF_FFFF < 2 * 500)
    }

    /// The first frame of a preview at 12:59:59, 320x240, with `arguments` added.
    static func previewFrame(_ arguments: [String]) throws -> Canvas {
        let out = NSTemporaryDirectory() + "flipclockd-preview-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: out) }
        let outcome = try run(["preview", "--from", "12:59:59", "--seconds", "0.25", "--fps", "4", "--size", "320x240", "--out", out] + arguments)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(FileManager.default.fileExists(atPath: out + "/sheet.png"))
        return try PNGFile.read(out + "/frame-00000.png")
    }

    /// The rows of pixels in which two frames of one size differ.
    static func rowsDiffering(_ a: Canvas, _ b: Canvas) -> [Int] {
        (0..<a.height).filter { y in (0..<a.width).contains { x in a[x, y] != b[x, y] } }
    }

    /// The scores are drawn: they take a row of their own under the time, their value is on
    /// its cards and their label under those.
    @Test func previewShowsScoresToo() throws {
        let home = try Self.temporaryFile("[[score]]\nname = \"home\"\nlabel = \"HOME\"\n")
        let away = try Self.temporaryFile("[[score]]\nname = \"home\"\nlabel = \"AWAY\"\n")
        defer {
            try? FileManager.default.removeItem(atPath: home)
            try? FileManager.default.removeItem(atPath: away)
        }
        let timeAlone = try Self.previewFrame([])
        let home42 = try Self.previewFrame(["--config", home, "--score", "home=42"])
        let home7 = try Self.previewFrame(["--config", home, "--score", "home=7"])
        let away42 = try Self.previewFrame(["--config", away, "--score", "home=42"])
        #expect(home42.width == 320 && home42.height == 240)
        #expect(home42 != timeAlone, "the frame with a score is the time alone")
        // The value: only the lower half differs, the time above it is the same.
        let value = Self.rowsDiffering(home42, home7)
        #expect(!value.isEmpty, "42 and 7 look the same")
        #expect(value.allSatisfy { $0 >= 120 }, "42 and 7 differ above the score's row, from row \(value.first ?? -1)")
        // The label: below the cards that show the value.
        let label = Self.rowsDiffering(home42, away42)
        #expect(!label.isEmpty, "HOME and AWAY look the same")
        #expect(
            label.allSatisfy { $0 > value.max() ?? 0 },
            "the label is not under the value's cards: rows \(label.first ?? -1)…, value to \(value.max() ?? -1)")
    }
}
