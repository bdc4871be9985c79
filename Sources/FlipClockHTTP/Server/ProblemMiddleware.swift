import HTTPTypes
import Hummingbird
import NIOCore

/// Answers every error as problem details: the API's own ``Problem``s, Hummingbird's (no
/// such route: 405 with `Allow` when the path has routes for other methods, else 404) and a
/// body too large, so a client never reads an empty error.
struct ProblemMiddleware: RouterMiddleware {
    typealias Context = APIRequestContext
    let bodyLimit: Int

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let problem as Problem {
            return problem.response
        } catch is NIOTooManyBytesError {
            return Problem.tooLarge(limit: bodyLimit).response
        } catch let error as HTTPError where error.status == .notFound {
            let allowed = ClockAPI.methods(of: request.uri.path)
            if !allowed.isEmpty { return Problem.methodNotAllowed(request.method, request.uri.path, allowed: allowed).response }
            return Problem.notFound(request.method, request.uri.path).response
        } catch let error as HTTPError {
            return Problem(status: error.status, detail: error.body ?? error.status.reasonPhrase).response
        }
    }
}

extension Problem {
    /// The problem as the response that carries it.
    public var response: Response {
        var fields = headers
        fields[.contentType] = "application/problem+json"
        return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(string: json)))
    }
}
