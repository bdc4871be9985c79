import HTTPTypes
import Hummingbird
import NIOCore

/// What the control page and the overlay share: the script that reads the event stream with
/// `fetch` (an `EventSource` cannot send the token) and a refusal's words, and how a page is
/// served (inline style and script, no data, no token).
enum PageEvents {
    static let js = #"""
        "use strict";
        const $ = (id) => document.getElementById(id);
        const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

        // What a refusal says in words: its problem details' detail, else its status.
        async function reason(response) {
          try {
            const problem = await response.json();
            if (problem && problem.detail) return problem.detail;
          } catch (e) {}
          return "the clock answered " + response.status;
        }

        // One event of the stream: its name and its data (one line of JSON), or null without data.
        function eventOf(block) {
          let name = "message";
          let data = "";
          for (const line of block.split("\n")) {
            if (line.startsWith("event:")) name = line.slice(6).trim();
            else if (line.startsWith("data:")) data += line.slice(5).trim();
          }
          return data ? { name, value: JSON.parse(data) } : null;
        }

        // Reads the stream `response` brings while `going()`, handing each event to `take`; at
        // most 1 MiB of one event is kept.
        async function readEvents(response, take, going) {
          const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
          let buffer = "";
          while (going()) {
            const { value, done } = await reader.read();
            if (done) break;
            buffer += value.replace(/\r\n?/g, "\n");
            let end;
            while ((end = buffer.indexOf("\n\n")) >= 0) {
              const event = eventOf(buffer.slice(0, end));
              buffer = buffer.slice(end + 2);
              if (event) take(event);
            }
            if (buffer.length > 1048576) break;
          }
          reader.cancel().catch(() => {});
        }

        """#

    /// A page's document with its security policy, served without the token.
    static func response(_ html: String, policy: String) -> Response {
        Response(
            status: .ok,
            headers: [
                .contentType: "text/html; charset=utf-8", .contentSecurityPolicy: policy, .xContentTypeOptions: "nosniff",
                .init("Referrer-Policy")!: "no-referrer", .cacheControl: "no-cache",
            ],
            body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }
}
