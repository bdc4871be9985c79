import Glibc
import Testing

@testable import FlipClockHTTP

/// Why the API could not listen, and whether a restart could help.
@Suite struct ListenFailureTests {
    /// The shipped unit without its drop-in refuses IP sockets: the daemon says which drop-in
    /// gives them back and stops for good (exit 78), rather than restarting every 2 s.
    @Test func ipSocketsRefusedNameTheDropIn() {
        let failure = HTTPServer.ListenFailure(address: "127.0.0.1:8080", code: EAFNOSUPPORT)
        #expect(failure.isConfiguration)
        #expect(
            failure.description
                == "cannot listen on 127.0.0.1:8080: Address family not supported by protocol; IP sockets are not allowed to the daemon (under systemd: install the drop-in /usr/share/flipclock/http.conf in /etc/systemd/system/flipclockd.service.d/, see the README's HTTP API)"
        )
    }

    @Test func aLowPortWithoutTheCapabilityIsAConfigurationError() {
        let failure = HTTPServer.ListenFailure(address: "0.0.0.0:80", code: EACCES)
        #expect(failure.isConfiguration)
        #expect(
            failure.description
                == "cannot listen on 0.0.0.0:80: Permission denied; a port under 1024 needs CAP_NET_BIND_SERVICE: choose 1024 or above")
    }

    /// A port taken now may be free when systemd starts the daemon again.
    @Test func aTakenPortMayBeFreeAtTheRestart() {
        let failure = HTTPServer.ListenFailure(address: "127.0.0.1:8080", code: EADDRINUSE)
        #expect(!failure.isConfiguration)
        #expect(failure.description == "cannot listen on 127.0.0.1:8080: Address already in use")
    }
}
