import Foundation
import Testing

/// A start with too few descriptors or too little address space says so (issue 31): it was a
/// configuration error at 1:1 (exit 78), a crash in NIO, a hang or SIGILL.
@Suite struct ResourceLimitTests {
    /// flipclockd started by a shell that set `limit` (a `ulimit` option) first.
    static func start(under limit: String) throws -> FlipclockdCommandTests.Outcome {
        let dir = NSTemporaryDirectory() + "flipclock-limits-\(UUID().uuidString)"
        let config = try FlipclockdCommandTests.temporaryFile(
            "[output]\nkind = \"png\"\ndirectory = \"\(dir)\"\n[control]\nsocket = \"\(dir).sock\"\n[state]\nfile = \"\(dir).json\"\n")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        return try FlipclockdCommandTests.run(
            ["-c", "ulimit \(limit) && exec \"$0\" --config \"$1\"", FlipclockdCommandTests.binary.path, config],
            executable: URL(fileURLWithPath: "/bin/sh"))
    }

    @Test func tooFewDescriptorsAreSaidNotAConfigurationError() throws {
        let outcome = try Self.start(under: "-n 32")
        #expect(outcome.status == 1)
        #expect(outcome.stderr == "flipclockd: the open-file limit (ulimit -n, LimitNOFILE=) is 32; flipclockd needs at least 256\n")
    }

    /// AddressSanitizer maps its shadow before main: under it no limit is tried.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["ASAN_OPTIONS"] == nil))
    func tooLittleAddressSpaceIsSaid() throws {
        let outcome = try Self.start(under: "-v 400000")
        #expect(outcome.status == 1)
        #expect(outcome.stderr == "flipclockd: the address-space limit (ulimit -v, LimitAS=) is 390 MiB; flipclockd needs at least 1024 MiB\n")
    }
}
