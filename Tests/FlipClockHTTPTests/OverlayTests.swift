import Foundation
import HTTPTypes
import Synchronization
import Testing

@testable import FlipClockHTTP

/// The stream overlay at `/overlay`: served as the control page is (without the token, one
/// document with nothing from outside, its security headers), transparent, and following the
/// events with the token when the address gives one.
@Suite struct OverlayTests {
    @Test func theOverlayIsServedWithoutTheTokenWithItsSecurityHeadersAndAsksTheClockNothing() async throws {
        let clock = RouterTests.Clock(token: PageTests.token)
        let overlay = try await clock.send(.get, "/overlay?items=home,away,game&position=top-left&scale=2")
        #expect(overlay.status == 200)
        #expect(overlay.type == "text/html; charset=utf-8")
        #expect(
            overlay.headers[.contentSecurityPolicy]
                == "default-src 'self'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
        )
        #expect(overlay.headers[.xContentTypeOptions] == "nosniff")
        #expect(overlay.body.hasPrefix("<!doctype html>") && overlay.body.hasSuffix("</html>\n"))
        #expect(clock.asked.requests.withLock { $0 }.isEmpty)
        // Any query: the script reads it, and says what is wrong with it on the page.
        #expect(try await clock.send(.get, "/overlay?items=foo").status == 200)
        #expect(try await clock.send(.head, "/overlay").status == 200)
        let post = try await clock.send(.post, "/overlay")
        #expect(post.status == 405 && post.headers[.allow] == "GET")
    }

    @Test func theOverlayIsTransparentFetchesNothingFromOutsideAndFollowsTheEventsWithTheToken() async throws {
        let body = try await RouterTests.Clock().send(.get, "/overlay").body
        for outside in ["http:", "https:", "src=", "<link", "@import", "url("] {
            #expect(!body.contains(outside), "the overlay names \(outside)")
        }
        #expect(body.contains("html, body { margin: 0; background: transparent;"))
        #expect(body.contains(#"fetch("/v1/events""#) && body.contains(#"{ "Authorization": "Bearer " + key }"#))
        #expect(!body.contains("setInterval"), "the overlay never polls")
        #expect(body.contains("requestAnimationFrame(frame)"))
    }

    @Test func theOverlaysOptionsAreInTheDocumentAndItNeedsNoToken() throws {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(OpenAPIDocument.json.utf8)) as? [String: Any])
        let paths = try #require(document["paths"] as? [String: [String: [String: Any]]])
        let get = try #require(paths["/overlay"]?["get"])
        let parameters = try #require(get["parameters"] as? [[String: Any]])
        #expect(parameters.map { $0["name"] as? String } == ["items", "position", "scale"])
        #expect((get["security"] as? [Any])?.isEmpty == true)
    }
}
