/// The overlay's script, first part: its options read from the query string (a bad one is
/// told on the page in words, never a blank page), the token from `#token=…` or the one the
/// control page kept, and the event stream read with `fetch` (an `EventSource` cannot send the
/// token) and opened again by itself with a back-off. No polling: the state comes as events.
enum OverlayScript {
    static let js = #"""
        const known = ["home", "away", "game", "period", "shot"];
        const positions = ["top-left", "top", "top-right", "bottom-left", "bottom", "bottom-right"];

        // The options, or the first thing wrong with them as the page says it.
        function readOptions(search) {
          const options = { items: null, position: "bottom", scale: 1 };
          for (const [key, value] of new URLSearchParams(search)) {
            if (key === "items") {
              const items = value.split(",").map((item) => item.trim());
              for (const item of items) {
                if (!known.includes(item)) return { problem: `items: "${item}" is not one of ${known.join(", ")}` };
              }
              if (new Set(items).size !== items.length) return { problem: `items: "${value}" names an item twice` };
              options.items = items;
            } else if (key === "position") {
              if (!positions.includes(value)) return { problem: `position: "${value}" is not one of ${positions.join(", ")}` };
              options.position = value;
            } else if (key === "scale") {
              const scale = Number(value);
              if (value.trim() === "" || !(scale >= 0.5 && scale <= 4)) return { problem: `scale: "${value}" is not a number from 0.5 to 4` };
              options.scale = scale;
            } else {
              return { problem: `"${key}" is not an option: items, position, scale` };
            }
          }
          return options;
        }

        function tell(problem) {
          $("problem").textContent = "overlay: " + problem;
          $("problem").hidden = false;
        }

        function token() {
          const match = /(?:^#|&)token=([^&]*)/.exec(location.hash);
          if (match) return decodeURIComponent(match[1]);
          try { return localStorage.getItem("flipclock-token"); } catch (e) { return null; }
        }

        // One event of the stream: the state is drawn, the rest is not the overlay's.
        function event({ name, value }) {
          if (name === "state") show(value, performance.now());
        }

        // Reads /v1/events for as long as the page is open; a dropped stream is opened again
        // after 0.5 s, doubled on each failure up to 5 s, and the bar shows a red dot meanwhile.
        async function listen() {
          const key = token();
          const headers = key ? { "Authorization": "Bearer " + key } : {};
          let wait = 500;
          for (;;) {
            try {
              const response = await fetch("/v1/events", { cache: "no-store", headers });
              if (response.status === 401) {
                tell((await reason(response)) + ": add #token=THE_TOKEN to the overlay's address");
                return;
              }
              if (!response.ok) throw new Error(await reason(response));
              wait = 500;
              await readEvents(response, event, () => true);
            } catch (e) {}
            $("bar").classList.add("lost");
            await sleep(wait);
            wait = Math.min(wait * 2, 5000);
          }
        }

        """#
}
