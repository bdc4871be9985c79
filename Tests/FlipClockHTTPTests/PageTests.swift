import HTTPTypes
import Synchronization
import Testing

@testable import FlipClockHTTP

/// The control page at `/`: served without the token, one document with nothing from
/// outside, and the headers that keep a browser to that.
@Suite struct PageTests {
    static let token = BearerToken(fileText: "0123456789abcdef0123\n")

    @Test func thePageIsServedWithoutTheTokenWithItsSecurityHeaders() async throws {
        let clock = RouterTests.Clock(token: Self.token)
        let page = try await clock.send(.get, "/")
        #expect(page.status == 200)
        #expect(page.type == "text/html; charset=utf-8")
        #expect(
            page.headers[.contentSecurityPolicy]
                == "default-src 'self'; img-src 'self' blob:; style-src 'unsafe-inline'; script-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
        )
        #expect(page.headers[.xContentTypeOptions] == "nosniff")
        #expect(page.headers[HTTPField.Name("Referrer-Policy")!] == "no-referrer")
        #expect(page.body.hasPrefix("<!doctype html>"))
        #expect(page.body.hasSuffix("</html>\n"))
        #expect(clock.asked.requests.withLock { $0 }.isEmpty)
    }

    @Test func thePageFetchesNothingFromOutsideAndSendsTheTokenWithEachCall() async throws {
        let body = try await RouterTests.Clock(token: Self.token).send(.get, "/").body
        for outside in ["http:", "https:", "src=", "<link", "@import", "url("] {
            #expect(!body.contains(outside), "the page names \(outside)")
        }
        #expect(body.contains(#""Authorization": "Bearer " + token"#))
        #expect(body.contains(#"fetch("/v1/events""#) && body.contains(#"fetch("/v1/snapshot.png""#))
    }

    @Test func everyOtherRouteStillNeedsTheToken() async throws {
        let clock = RouterTests.Clock(token: Self.token)
        #expect(try await clock.send(.get, "/v1/state").status == 401)
        #expect(try await clock.send(.get, "/v1/snapshot.png").status == 401)
        // The page's path is open, and takes only GET.
        let post = try await clock.send(.post, "/")
        #expect(post.status == 405)
        #expect(post.headers[.allow] == "GET")
    }
}
