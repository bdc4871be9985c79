import Hummingbird
import Synchronization

/// Lets a request in or refuses it: first the client's rate (so guessing the token is slow
/// too), then where it goes and which page sent it (``RequestSite``), then the token, if the
/// API has one. The control page (`/`) and the overlay (`/overlay`) hold no data and ask
/// for the token themselves, so only the rate applies to their paths (another method than GET is
/// the router's 405, as on the open path of any API); so does `/favicon.ico`, which a browser
/// asks for by itself with the page and is answered 404 (there is none), not 401. A path with
/// its own key (`keyed`: Vestaboard's `/local-api/message`) checks that key itself, not the token.
final class AdmissionMiddleware: RouterMiddleware {
    typealias Context = APIRequestContext
    let token: BearerToken?
    let site: RequestSite
    let rate: Mutex<RequestRate>
    let clock = ContinuousClock()
    /// The paths answered without the token.
    static let open: Set<String> = ["/", "/overlay", "/favicon.ico"]
    let start: ContinuousClock.Instant
    /// The paths let in by a key of their own, not the token.
    let keyed: Set<String>

    init(token: BearerToken?, site: RequestSite, limits: HTTPLimits, keyed: Set<String> = []) {
        self.token = token
        self.keyed = keyed
        self.site = site
        rate = Mutex(RequestRate(burst: limits.burst, perSecond: limits.perSecond))
        start = clock.now
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let now = start.duration(to: clock.now)
        if let wait = rate.withLock({ $0.take(context.peer, at: now) }) { throw Problem.tooManyRequests(retryAfter: wait) }
        if let refusal = site.refusal(host: request.head.authority, origin: request.headers[.origin]) { throw refusal }
        let open = Self.open.contains(request.uri.path) || keyed.contains(request.uri.path)
        if let token, !open, let refusal = token.refusal(request.headers[.authorization]) { throw Problem.unauthorized(refusal) }
        return try await next(request, context)
    }
}
