import Hummingbird

/// The stream overlay at `/overlay`: one HTML document for OBS's browser source, on a
/// transparent background, that draws the score, the game clock, the period and the shot
/// clock as the board does and follows the event stream. Its options are in the query string
/// and read by its script, so the document is the same for every request; like the control
/// page it holds no data and is served without the token (the stream needs it: `#token=…`).
enum OverlayPage {
    /// The whole document.
    static let html = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="referrer" content="no-referrer">
        <title>flipclock overlay</title>
        <style>\(OverlayStyle.css)</style>
        </head>
        <body>
        <div id="overlay" class="overlay" data-position="bottom"><div id="bar" class="bar" hidden></div></div>
        <p id="problem" class="problem" role="alert" hidden></p>
        <script>\(PageEvents.js)\(OverlayScript.js)\(OverlayDrawing.js)</script>
        </body>
        </html>

        """

    /// What a browser may do with the page: talk only to the clock, run only its own inline
    /// style and script, be framed by no one.
    static let policy =
        "default-src 'self'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    static var response: Response { PageEvents.response(html, policy: policy) }
}
