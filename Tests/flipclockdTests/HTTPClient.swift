import Foundation
import Glibc

/// Raw HTTP/1.1 over a TCP socket on loopback, as a client without a library speaks it: the
/// tests see exactly what goes over the wire.
enum HTTPClient {
    /// A port no one listens on now (the system's choice, let go at once).
    static func freePort() -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }

    /// A connected socket, or -1; `blocking: false` returns at once with the connection under way.
    static func connect(port: Int, blocking: Bool = true) -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | (blocking ? 0 : Int32(SOCK_NONBLOCK.rawValue)), 0)
        var address = loopback(port: port)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 || (!blocking && errno == EINPROGRESS) else {
            close(fd)
            return -1
        }
        var wait = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        return fd
    }

    /// Sends `bytes` and reads until the server closes or a response's declared length is in.
    static func exchange(port: Int, _ bytes: String) -> String {
        let fd = connect(port: port)
        guard fd >= 0 else { return "" }
        defer { close(fd) }
        _ = bytes.withCString { send(fd, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        return read(fd)
    }

    /// A request with `Connection: close` and, if there is one, a JSON body.
    static func request(port: Int, _ method: String, _ path: String, body: String? = nil, token: String? = nil) -> (status: Int, body: String) {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        if let token { head += "Authorization: Bearer \(token)\r\n" }
        if let body { head += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n" }
        return parse(exchange(port: port, head + "\r\n" + (body ?? "")))
    }

    static func read(_ fd: Int32) -> String {
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = recv(fd, &chunk, chunk.count, 0)
            guard n > 0 else { break }
            received += chunk[0..<n]
            let text = String(decoding: received, as: UTF8.self)
            if let split = text.range(of: "\r\n\r\n"), let length = contentLength(text[..<split.lowerBound]),
                text[split.upperBound...].utf8.count >= length
            {
                break
            }
        }
        return String(decoding: received, as: UTF8.self)
    }

    static func contentLength(_ head: Substring) -> Int? {
        head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }.flatMap {
            Int($0.dropFirst(15).trimmingCharacters(in: .whitespaces))
        }
    }

    /// The status code and the body of a response.
    static func parse(_ response: String) -> (status: Int, body: String) {
        guard let split = response.range(of: "\r\n\r\n") else { return (0, response) }
        let status = response.split(separator: " ", maxSplits: 2).dropFirst().first.flatMap { Int($0) } ?? 0
        return (status, String(response[split.upperBound...]))
    }
}
