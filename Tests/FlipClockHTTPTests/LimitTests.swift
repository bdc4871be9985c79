import FlipClockControl
import HTTPTypes
import Testing

@testable import FlipClockHTTP

/// The token, the rate and problem details, as values.
@Suite struct LimitTests {
    @Test func theTokenIsTheFilesFirstLineAndMustBeLongEnough() {
        let token = BearerToken(fileText: "  0123456789abcdef \nsecond line\n")
        #expect(token?.refusal("Bearer 0123456789abcdef") == nil)
        #expect(token?.refusal("bearer 0123456789abcdef") == nil)
        #expect(token?.refusal("Bearer 0123456789abcdeF") == "the token is not the one in the daemon's token file")
        #expect(token?.refusal("Bearer 0123456789abcdef0") == "the token is not the one in the daemon's token file")
        #expect(token?.refusal("Bearer ") == "the token is not the one in the daemon's token file")
        #expect(token?.refusal("Basic YWxhZGRpbjpvcGVuc2VzYW1l") == "the Authorization header is not Bearer TOKEN")
        #expect(token?.refusal(nil) == "the request has no Authorization header; send Authorization: Bearer TOKEN")
        #expect(BearerToken(fileText: "short\n") == nil)
        #expect(BearerToken(fileText: "") == nil)
    }

    @Test func eachAddressHasItsOwnBucket() {
        var rate = RequestRate(burst: 2, perSecond: 1)
        #expect(rate.take("a", at: .zero) == nil)
        #expect(rate.take("a", at: .zero) == nil)
        #expect(rate.take("a", at: .zero) == 1)
        #expect(rate.take("b", at: .zero) == nil)
        #expect(rate.take("a", at: .milliseconds(500)) == 1)
        #expect(rate.take("a", at: .seconds(1)) == nil)
    }

    @Test func manyAddressesShareOneBucketOnceTheTableIsFull() {
        var rate = RequestRate(burst: 1, perSecond: 1, addresses: 2)
        #expect(rate.take("a", at: .zero) == nil)
        #expect(rate.take("b", at: .zero) == nil)
        #expect(rate.take("c", at: .zero) == nil)
        #expect(rate.take("d", at: .zero) == 1)
        // Rested buckets are forgotten to make room.
        #expect(rate.take("e", at: .seconds(5)) == nil)
    }

    @Test(arguments: [
        (ControlError.Code.syntax, 400), (.unknownCommand, 404), (.unknownScore, 422), (.unknownTimer, 404), (.unknownText, 404),
        (.unknownScreen, 404),
        (.range, 422), (.tooLong, 422), (.reloadFailed, 500), (.state, 409), (.queueFull, 409), (.busy, 503),
    ])
    func eachCodeHasItsStatus(code: ControlError.Code, status: Int) {
        #expect(Problem(ControlError(code, "why")).status.code == status)
    }

    @Test func aBusyClockSaysWhenToTryAgain() {
        let problem = Problem(ControlError(.busy, "64 requests are waiting for the clock; try again later"))
        #expect(problem.headers[.retryAfter] == "1")
        #expect(
            problem.json
                == #"{"code":"busy","detail":"64 requests are waiting for the clock; try again later","status":503,"title":"The clock is busy","type":"urn:flipclock:problem:busy"}"#
        )
    }
}
