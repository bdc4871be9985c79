import Foundation
import Testing

/// The files a configuration names for secrets and certificates (`[http] token_file`,
/// `[mqtt] password_file`, `ca_file`, `cert_file`, `key_file`) are read by `--check-config`
/// and by each reload as the start reads them: one made unreadable is said then, not by the
/// next start's exit 78. Only regular files are read: a FIFO would hold the reader forever.
@Suite(.serialized) struct SecretFileTests {
    @Test func checkConfigReadsTheTokenAndTheBrokersFiles() throws {
        let dir = NSTemporaryDirectory() + "flipclock-secret-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let http = "[http]\nlisten = \"127.0.0.1:8080\"\ntoken_file = \"\(dir)/token\"\n"
        let token = try FlipclockdCommandTests.temporaryFile(http)
        defer { try? FileManager.default.removeItem(atPath: token) }
        let outcome = try FlipclockdCommandTests.run(["--check-config", token])
        #expect(outcome.status == 78)
        #expect(outcome.stderr == "flipclockd: \(token):3:14: http.token_file: \(dir)/token: cannot read: No such file or directory\n")
        let mqtt = try FlipclockdCommandTests.temporaryFile("[mqtt]\nhost = \"localhost\"\ntls = true\nca_file = \"\(dir)/ca.pem\"\n")
        defer { try? FileManager.default.removeItem(atPath: mqtt) }
        let broker = try FlipclockdCommandTests.run(["--check-config", mqtt])
        #expect(broker.status == 78)
        #expect(broker.stderr == "flipclockd: \(mqtt):4:11: mqtt.ca_file: \(dir)/ca.pem: cannot read: No such file or directory\n")
    }

    @Test func aReloadReadsTheTokenFileAndKeepsTheRunningConfigurationWithoutIt() throws {
        let d = try HTTPTests.daemon(http: "listen = \"LISTEN\"\ntoken_file = \"DIR/http-token\"\n")
        try d.start()
        defer {
            d.stop()
        }
        try FileManager.default.removeItem(atPath: d.dir + "/http-token")
        let reload = try FlipclockdCommandTests.run(["reload", "--socket", d.socket], executable: ControlTests.ctl)
        #expect(
            reload.stderr
                == "flipclockctl: ERR reload-failed \(d.config):15:14: http.token_file: \(d.dir)/http-token: cannot read: No such file or directory\n"
        )
        #expect(d.process.isRunning)
    }

    /// A FIFO as the configuration or as a file it names is refused at once, not waited on.
    @Test func aFIFOIsRefusedNotWaitedOn() throws {
        let dir = NSTemporaryDirectory() + "flipclock-fifo-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(mkfifo(dir + "/fifo", 0o600) == 0)
        let itself = try FlipclockdCommandTests.run(["--check-config", dir + "/fifo"])
        #expect(itself.status == 78)
        #expect(itself.stderr == "flipclockd: \(dir)/fifo:1:1: not a regular file (a FIFO)\n")
        try Data("[http]\nlisten = \"127.0.0.1:8080\"\ntoken_file = \"\(dir)/fifo\"\n".utf8).write(to: URL(fileURLWithPath: dir + "/c.toml"))
        let token = try FlipclockdCommandTests.run(["--config", dir + "/c.toml"])
        #expect(token.status == 78)
        #expect(token.stderr == "flipclockd: \(dir)/c.toml:3:14: http.token_file: \(dir)/fifo: not a regular file (a FIFO)\n")
    }
}
