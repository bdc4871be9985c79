import Foundation
import Glibc
import Testing

/// What a client sends reaches the log as one line, away from the journal too (issue 31): a
/// message with a line break from the socket (both forms) and from HTTP forges no `<0>` line.
@Suite(.serialized) struct LogLineTests {
    /// Sends `line` to the control socket at `path` and reads the reply.
    static func send(_ line: String, to path: String) -> String {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, byte) in path.utf8.enumerated() { raw[i] = byte }
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else { return "" }
        _ = (line + "\n").withCString { Glibc.send(fd, $0, strlen($0), 0) }
        var reply: [UInt8] = []
        var byte: UInt8 = 0
        while reply.last != UInt8(ascii: "\n"), recv(fd, &byte, 1, 0) == 1 { reply.append(byte) }
        return String(decoding: reply, as: UTF8.self)
    }

    @Test func aLineBreakFromAClientForgesNoLogLine() throws {
        let d = try HTTPTests.daemon()
        try d.start()
        #expect(Self.send(#"message "socket\n<0>FORGED" for 30s"#, to: d.socket).hasPrefix("OK"))
        #expect(Self.send(#"{"command":"message","text":"json\n<0>FORGED","duration":30}"#, to: d.socket).hasPrefix(#"{"#))
        let posted = HTTPClient.request(
            port: d.port, "POST", "/v1/messages", body: #"{"text":"http\n<0>FORGED","duration":30}"#, token: HTTPTests.token)
        #expect(posted.status == 200)
        d.stop()
        let lines = d.log.split(separator: "\n")
        #expect(!lines.contains { $0.hasPrefix("<0>") }, "\(lines)")
        for source in ["socket", "json", "http"] {
            #expect(lines.contains { $0.contains(#"text=\#(source)\n<0>FORGED"#) }, "\(source): \(lines)")
        }
    }
}
