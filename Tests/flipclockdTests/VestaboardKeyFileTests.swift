import Foundation
import Testing

/// `[vestaboard] key_file` read as the start reads it (`--check-config`): a file missing or whose
/// first line is empty is exit 78 at the key's line and column, naming the file.
@Suite(.serialized) struct VestaboardKeyFileTests {
    @Test func aMissingOrEmptyKeyFileIsAConfigurationError() throws {
        let dir = NSTemporaryDirectory() + "flipclock-vestaboard-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let config = try FlipclockdCommandTests.temporaryFile(
            "[http]\nlisten = \"127.0.0.1:7000\"\n[vestaboard]\nkey_file = \"\(dir)/key\"\n")
        defer { try? FileManager.default.removeItem(atPath: config) }
        let missing = try FlipclockdCommandTests.run(["--check-config", config])
        #expect(missing.status == 78)
        #expect(missing.stderr == "flipclockd: \(config):4:12: vestaboard.key_file: \(dir)/key: cannot read: No such file or directory\n")
        try "  \nkey on the second line\n".write(toFile: "\(dir)/key", atomically: true, encoding: .utf8)
        let empty = try FlipclockdCommandTests.run(["--check-config", config])
        #expect(empty.status == 78)
        #expect(empty.stderr == "flipclockd: \(config):4:12: vestaboard.key_file: \(dir)/key: the first line is empty\n")
        try "the-key\n".write(toFile: "\(dir)/key", atomically: true, encoding: .utf8)
        #expect(try FlipclockdCommandTests.run(["--check-config", config]).status == 0)
    }
}
