import FlipClockControl
import HTTPTypes
import Hummingbird
import NIOCore

/// The API's router: each ``Endpoint`` turns a request into a ``ControlRequest`` that the
/// clock answers, and its ``ControlReply`` into JSON (the socket's JSON form) or problem
/// details; the snapshot, the events, the document and the metrics beside them. No thread of
/// the server touches the clock's state.
public enum ClockAPI {
    /// Takes a request to the one owner of the state and waits for its reply; the string
    /// names the client for the log (`http 127.0.0.1`).
    public typealias Ask = @Sendable (ControlRequest, String) async -> ControlReply

    /// What the API reaches of the clock: ways to its loop, never its state.
    public struct Clock: Sendable {
        public var ask: Ask
        /// What the clock has done, in Prometheus' text format (`GET /metrics`).
        public var metrics: @Sendable () -> String
        /// What a screen shows (the first if `nil`) as a PNG file, or why not.
        public var snapshot: @Sendable (String?) async throws(ControlError) -> ScreenSnapshot
        /// The clock's events from now on; `nil` when too many listen already.
        public var listen: @Sendable () -> AsyncStream<ClockEvent>?
        /// The `[match]` as this clock sees it, its screens and how late each is (`GET /v1/match`); `nil` without one.
        public var match: @Sendable () -> JSONValue?
        /// A match's record (the newest if `nil`), read from its file (`GET /v1/game/record`).
        public var record: @Sendable (Int?) -> Result<MatchRecord, RecordError> = { _ in .failure(RecordError("no match has been recorded")) }
        /// The matches whose records are kept, oldest first.
        public var records: @Sendable () -> [Int] = { [] }

        public init(
            ask: @escaping Ask, metrics: @escaping @Sendable () -> String,
            snapshot: @escaping @Sendable (String?) async throws(ControlError) -> ScreenSnapshot,
            listen: @escaping @Sendable () -> AsyncStream<ClockEvent>?, match: @escaping @Sendable () -> JSONValue? = { nil }
        ) {
            self.ask = ask
            self.metrics = metrics
            self.snapshot = snapshot
            self.listen = listen
            self.match = match
        }
    }

    /// Every route the router has: the endpoints that ask the clock, and the others.
    public static var routes: [(method: HTTPRequest.Method, path: String)] {
        Endpoint.all.map { ($0.method, $0.path) } + [
            (.get, "/v1/snapshot.png"), (.get, "/v1/events"), (.get, "/v1/match"), (.get, "/v1/game/record"), (.get, "/v1/game/records"),
            (.get, "/v1/openapi.json"), (.get, "/metrics"), (.get, "/"),
            (.get, "/overlay"),
        ]
    }

    /// The methods that have a route for `path` (`{name}` in a route stands for any one
    /// segment), in the order of ``routes``.
    static func methods(of path: String) -> [HTTPRequest.Method] {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        return routes.filter { route in
            let template = route.path.split(separator: "/", omittingEmptySubsequences: false)
            return template.count == segments.count
                && zip(template, segments).allSatisfy { $0 == $1 || ($0.hasPrefix("{") && !$1.isEmpty) }
        }.map(\.method)
    }

    /// `vestaboard`: the key of Vestaboard's local API (``VestaboardRoute``), with `[vestaboard]`.
    public static func router(
        clock: Clock, token: BearerToken?, site: RequestSite, limits: HTTPLimits, vestaboard: VestaboardKey? = nil
    ) -> Router<APIRequestContext> {
        // HEAD wherever GET is: its headers, no body.
        let router = Router(context: APIRequestContext.self, options: .autoGenerateHeadEndpoints)
        // Middleware applies to the routes added after it; the first added is the outermost.
        router.add(middleware: ProblemMiddleware(bodyLimit: limits.body))
        router.add(
            middleware: AdmissionMiddleware(token: token, site: site, limits: limits, keyed: vestaboard == nil ? [] : [VestaboardRoute.path]))
        if let vestaboard { VestaboardRoute.add(to: router, clock: clock, key: vestaboard) }
        let fingerprint = token.map { ChangeSource.fingerprint(of: $0.text) }
        for endpoint in Endpoint.all {
            router.on(RouterPath(endpoint.routerPath), method: endpoint.method) { request, context in
                let body = try await Self.body(of: request, limit: limits.body)
                var parameters: [String: String] = [:]
                for name in endpoint.parameters { parameters[name] = context.parameters.get(name) }
                let reply: ControlReply
                do throws(ControlError) {
                    let source = Self.source(of: request, peer: "\(context.peer)", token: fingerprint)
                    reply = await clock.ask(try endpoint.request(parameters, body), source.description)
                } catch {
                    reply = .refused(error)
                }
                return Self.response(reply)
            }
        }
        router.on("/v1/snapshot.png", method: .get) { request, _ in
            try await SnapshotResponse.response(to: request, clock: clock)
        }
        router.on("/v1/events", method: .get) { request, context in
            // HEAD: the stream's headers, without listening (a stream no one reads would hold a place).
            guard request.method != .head else { return EventStream.head }
            return try await EventStream.response(clock: clock, from: "http \(context.peer)")
        }
        router.on("/v1/match", method: .get) { _, _ in
            // What the MQTT side keeps: no question to the loop. `null` without a [match].
            Response(
                status: .ok, headers: [.contentType: "application/json"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: ControlJSON.line(["ok": true, "match": clock.match() ?? .null]))))
        }
        router.on("/v1/game/record", method: .get) { request, _ in try RecordResponse.response(to: request, clock: clock) }
        router.on("/v1/game/records", method: .get) { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/json"],
                body: ResponseBody(
                    byteBuffer: ByteBuffer(string: ControlJSON.line(["ok": true, "matches": .array(clock.records().map { .integer($0) })]))))
        }
        router.on("/v1/openapi.json", method: .get) { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: ByteBuffer(string: OpenAPIDocument.json)))
        }
        router.on("/metrics", method: .get) { _, _ in
            Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: clock.metrics())))
        }
        router.on("/", method: .get) { _, _ in ControlPage.response }
        router.on("/overlay", method: .get) { _, _ in OverlayPage.response }
        return router
    }

    /// Who asked, as the match record names them: the control page by the tab's id it sends
    /// (``ChangeSource/pageHeader``), any other caller by its address and the token's fingerprint.
    static func source(of request: Request, peer: String, token: String?) -> ChangeSource {
        if let id = HTTPField.Name(ChangeSource.pageHeader).flatMap({ request.headers[$0] }), ChangeSource.isClientID(id) {
            return .page(client: id, address: peer)
        }
        return .http(address: peer, token: token)
    }

    /// The body as text, refused unread if it says it is longer than `limit` and as soon as it is;
    /// one that is not said to be JSON is refused too (a form or a `text/plain` body is what
    /// another site's page may send without asking the clock first).
    static func body(of request: Request, limit: Int) async throws -> String {
        if let length = request.headers[.contentLength].flatMap(Int.init), length > limit { throw Problem.tooLarge(limit: limit) }
        let buffer = try await request.body.collect(upTo: limit)
        let type = request.headers[.contentType]
        if buffer.readableBytes > 0, !isJSON(type) { throw Problem.notJSON(type) }
        return String(buffer: buffer)
    }

    /// Whether a `Content-Type` is JSON: `application/json` or `application/…+json`, with any parameters.
    static func isJSON(_ type: String?) -> Bool {
        guard let type else { return false }
        let media = type.split(separator: ";", maxSplits: 1).first.map { $0.trimmingWhitespace.lowercased() } ?? ""
        return media == "application/json" || (media.hasPrefix("application/") && media.hasSuffix("+json"))
    }

    /// A reply as the API answers it: its JSON form, or a refusal's problem details.
    public static func response(_ reply: ControlReply) -> Response {
        if case .refused(let error) = reply { return Problem(error).response }
        return Response(
            status: .ok, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: ByteBuffer(string: reply.line(json: true))))
    }
}
