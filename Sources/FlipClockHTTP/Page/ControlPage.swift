import Hummingbird

/// The control page at `/`: one HTML document for a phone, its style and script inline, that
/// shows the live face and sets scores, timers, messages and the screen through the API with
/// the token it asks for once. It holds no data, so it is served without the token; the
/// document is the same for every request.
enum ControlPage {
    /// The whole document.
    static let html = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
        <meta name="color-scheme" content="dark">
        <meta name="theme-color" content="#111111">
        <meta name="referrer" content="no-referrer">
        <title>flipclock</title>
        <style>\(PageStyle.css)</style>
        </head>
        <body>
        \(PageMarkup.body)
        <script>\(PageEvents.js)\(PageScript.js)\(PageChanges.js)\(PageMatch.js)\(PageSets.js)\(PageControls.js)</script>
        </body>
        </html>

        """

    /// What a browser may do with the page: fetch and show only from the clock itself (the
    /// snapshot as a blob), run only the page's own inline style and script, be framed by no one.
    static let policy =
        "default-src 'self'; img-src 'self' blob:; style-src 'unsafe-inline'; script-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    static var response: Response { PageEvents.response(html, policy: policy) }
}
