/// The overlay's script, second part: the items drawn as the board's cards (``GameItem``'s
/// cards: `MM:SS` on four, `SS.t` as seconds, the point and the tenth; the shot clock's `4.`
/// and `9`), and the running clocks counted on every animation frame from the state's
/// `clock_ms`, `shot_ms` and `at`, with the offset of the page's clock from the clock's taken
/// from the events (the largest of the last few `at - arrival`: the least delayed), in the
/// same texts as ``GameClockText`` (a countdown rounds up, tenths below `tenths_below`).
enum OverlayDrawing {
    static let js = #"""
        const labels = { home: "HOME", away: "GUESTS", game: "TIME", period: "PERIOD", shot: "SHOT CLOCK" };
        const options = readOptions(location.search);
        let drawnItems = "";
        let game = null;
        let offsets = [];
        let counting = false;

        const wallNow = () => performance.timeOrigin + performance.now();
        const two = (n) => (n < 10 ? "0" : "") + n;

        // A clock's text for `ms`, as the board's: `MM:SS` or `SS.t`; `minutes` false: `24`.
        function clockText(ms, counts, tenthsBelow, minutes) {
          ms = Math.max(0, ms);
          if (counts === "up") {
            const s = Math.floor(ms / 1000);
            return minutes ? two(Math.floor(s / 60)) + ":" + two(s % 60) : String(s);
          }
          const tenths = Math.ceil(ms / 100);
          if (tenths < tenthsBelow * 10) return Math.floor(tenths / 10) + "." + (tenths % 10);
          const s = Math.ceil(ms / 1000);
          return minutes ? two(Math.floor(s / 60)) + ":" + two(s % 60) : String(s);
        }

        // The milliseconds on a clock now: those at `at`, run on by the clock's time since.
        function run(ms, counts) {
          if (counts !== "down" && counts !== "up") return ms;
          const since = wallNow() + Math.max(...offsets) - game.at * 1000;
          return Math.max(0, counts === "down" ? ms - since : ms + since);
        }

        // What the game's clocks show now, and their milliseconds.
        function reading() {
          if (!game) return null;
          const clockMs = run(game.clock_ms, game.clock_counts);
          const shotMs = game.shot_ms === undefined ? null : run(game.shot_ms, game.shot_counts);
          const clock = game.clock_counts === "stopped" ? game.clock : clockText(clockMs, game.clock_counts, game.tenths_below, true);
          let shot = null;
          if (game.shot !== undefined) shot = game.shot_counts === "down" ? clockText(shotMs, "down", game.shot_tenths_below, false) : game.shot;
          return { clock, shot, clock_ms: clockMs, shot_ms: shotMs };
        }
        window.overlayReading = reading;

        // The cards an item shows for a text, right-aligned on as many as it has ("": dark).
        function cards(item, text) {
          const count = { game: 4, period: 1, shot: 2 }[item];
          let values = [];
          if (text === null || text === undefined) values = [];
          else if (item === "home" || item === "away") return [...text].length < 2 ? ["", text] : [...text];
          else if (item === "game") {
            const dot = text.indexOf(".");
            if (dot >= 0) values = ["", "", ...text.slice(0, dot)].slice(-2).concat([".", text.slice(dot + 1)]);
            else values = [...text].filter((c) => c !== ":");
          } else if (item === "shot") {
            const dot = text.indexOf(".");
            values = dot >= 0 ? [text.slice(0, dot + 1), text.slice(dot + 1)] : [...text];
          } else values = [text];
          return Array(Math.max(0, count - values.length)).fill("").concat(values.slice(-count));
        }

        // Builds the bar's items: each its cards (the game clock's in two groups) and its label.
        function build(items, state) {
          const bar = $("bar");
          bar.replaceChildren();
          for (const item of items) {
            const box = document.createElement("div");
            box.className = "item";
            box.dataset.item = item;
            const row = document.createElement("div");
            row.className = "cards";
            const shown = text(item, state, reading());
            const values = cards(item, shown);
            const groups = item === "game" ? [values.slice(0, 2), values.slice(2)] : [values];
            for (const group of groups) {
              const g = document.createElement("span");
              g.className = "group";
              for (const value of group) {
                const card = document.createElement("span");
                card.className = "card";
                card.textContent = value;
                g.append(card);
              }
              row.append(g);
            }
            const label = document.createElement("div");
            label.className = "label";
            label.textContent = labels[item];
            box.append(row, label);
            bar.append(box);
          }
          bar.hidden = false;
        }

        function text(item, state, now) {
          if (item === "home" || item === "away") return String(state.scores[item]);
          if (item === "period") return String(state.game.period);
          if (item === "game") return now.clock;
          return now.shot;
        }

        // Sets each card to its value; a changed card flips in.
        function draw(state) {
          const now = reading();
          for (const box of $("bar").children) {
            const item = box.dataset.item;
            const values = cards(item, text(item, state, now));
            const shown = box.querySelectorAll(".card");
            if (values.length !== shown.length) { drawnItems = ""; return false; }
            shown.forEach((card, i) => {
              if (card.textContent === values[i]) return;
              card.textContent = values[i];
              card.classList.remove("changed");
              void card.offsetWidth;
              card.classList.add("changed");
            });
          }
          return true;
        }

        let latest = null;
        function frame() {
          if (!counting || !latest) { counting = false; return; }
          draw(latest);
          requestAnimationFrame(frame);
        }

        // Which items the clock has, or what it lacks of those asked for.
        function itemsOf(state) {
          const has = {
            home: state.scores && "home" in state.scores, away: state.scores && "away" in state.scores,
            game: !!state.game, period: !!state.game, shot: !!state.game && state.game.shot_ms !== undefined,
          };
          if (!options.items) {
            const items = known.filter((item) => has[item]);
            return items.length ? { items } : { problem: `this clock has none of ${known.join(", ")} to show` };
          }
          for (const item of options.items) {
            if (has[item]) continue;
            if (item === "home" || item === "away") return { problem: `items: this clock has no score "${item}"` };
            if (item === "shot" && state.game) return { problem: `items: this clock's game has no shot clock` };
            return { problem: `items: "${item}" needs [game] in the clock's configuration` };
          }
          return { items: options.items };
        }

        // A state from the stream, arrived at `arrival` (performance.now()).
        function show(state, arrival) {
          $("bar").classList.remove("lost");
          const chosen = itemsOf(state);
          if (chosen.problem) { tell(chosen.problem); $("bar").hidden = true; return; }
          $("problem").hidden = true;
          game = state.game || null;
          if (game) {
            offsets.push(game.at * 1000 - (performance.timeOrigin + arrival));
            if (offsets.length > 20) offsets.shift();
          }
          latest = state;
          const key = chosen.items.join(",");
          if (key !== drawnItems || !draw(state)) {
            build(chosen.items, state);
            drawnItems = key;
          }
          if (window.overlayFirstDraw === undefined) {
            window.overlayFirstDraw = performance.now();
            document.documentElement.dataset.drawn = "true";
          }
          const runs = game && (game.clock_counts !== "stopped" || game.shot_counts === "down");
          if (runs && !counting) { counting = true; requestAnimationFrame(frame); }
          if (!runs) counting = false;
        }

        if (options.problem) {
          tell(options.problem);
        } else {
          $("overlay").dataset.position = options.position;
          $("overlay").style.setProperty("--scale", String(options.scale));
          listen();
        }

        """#
}
