/// The control page's script, second part: the state drawn into the page (scores, timers,
/// screen) each time a `state` event comes, and the buttons that post to the API.
enum PageControls {
    static let js = #"""
        function element(tag, attributes, text) {
          const made = document.createElement(tag);
          for (const [key, value] of Object.entries(attributes || {})) made.setAttribute(key, value);
          if (text !== undefined) made.textContent = text;
          return made;
        }

        function button(text, label, action, extra) {
          const made = element("button", Object.assign({ type: "button", "aria-label": label }, extra || {}), text);
          made.addEventListener("click", action);
          return made;
        }

        // A score's card, made once per name: its name, its value, -1 and +1, and reset.
        function scoreCard(name) {
          const card = element("div", { class: "score", "data-score": name });
          card.append(element("div", { class: "name" }, name), element("div", { class: "value", "data-value": "" }, "0"));
          const steps = element("div", { class: "steps" });
          steps.append(
            button("\u22121", name + " minus one", () => call("POST", "/v1/scores/subtract", { scores: { [name]: 1 } }), { "data-step": "-1" }),
            button("+1", name + " plus one", () => call("POST", "/v1/scores/add", { scores: { [name]: 1 } }), { "data-step": "+1" }));
          card.append(steps, button("Reset", "reset " + name, () => call("POST", "/v1/scores/reset", { scores: { [name]: 0 } }), { class: "reset" }));
          return card;
        }

        function clock(seconds) {
          const s = Math.max(0, Math.floor(seconds));
          const hours = Math.floor(s / 3600);
          const two = (n) => String(n).padStart(2, "0");
          return (hours ? hours + ":" + two(Math.floor(s / 60) % 60) : two(Math.floor(s / 60))) + ":" + two(s % 60);
        }

        // A timer's row, made once per name: its name and state, its time left, and the
        // button its state calls for (start, pause or resume) beside reset.
        function timerRow(name) {
          const row = element("div", { class: "timer", "data-timer": name });
          const title = element("div");
          title.append(element("div", { class: "name" }, name), element("div", { class: "state", "data-state": "" }));
          const go = button("Start", "start " + name, () => {
            const action = { idle: "start", running: "pause", paused: "resume" }[row.dataset.now] || "start";
            call("POST", "/v1/timers/" + encodeURIComponent(name) + "/" + action);
          }, { class: "primary", "data-go": "" });
          const controls = element("div", { class: "row" });
          controls.append(go, button("Reset", "reset " + name, () => call("POST", "/v1/timers/" + encodeURIComponent(name) + "/reset")));
          row.append(title, element("div", { class: "left", "data-left": "" }, ""), controls);
          return row;
        }

        // Keeps one child per name in `box`, in the state's order, made by `make`.
        function keyed(box, attribute, names, make) {
          const have = new Map([...box.children].map((child) => [child.getAttribute(attribute), child]));
          const wanted = names.join("\n");
          if ([...have.keys()].join("\n") !== wanted) {
            box.replaceChildren(...names.map((name) => have.get(name) || make(name)));
          }
          return new Map([...box.children].map((child) => [child.getAttribute(attribute), child]));
        }

        // The operator's part, with [game]: the clocks read out, one big start/stop, the shot
        // clock's resets, the clock a second or a tenth either way, end of period and undo.
        function showGame(game) {
          $("game-group").hidden = !game;
          if (!game) return;
          $("game-clock").textContent = game.clock;
          $("game-period").textContent = String(game.period);
          $("game-phase").textContent = game.phase === "play" ? "" : game.phase;
          $("game-shot-readout").hidden = !(game.resets || []).length;
          $("game-shot").textContent = game.shot || "–";
          $("game-toggle").textContent = game.running ? "Stop" : game.phase === "over" ? "Over" : "Start";
          $("game-toggle").classList.toggle("running", game.running);
          $("game-undo").disabled = !game.undo;
          const resets = (game.resets || []).map(String);
          keyed($("game-shots"), "data-game", resets.map((s) => "shot " + s), (words) =>
            button("Shot " + words.slice(5), "shot clock to " + words.slice(5), () => call("POST", "/v1/game", { do: words }), { "data-game": words }));
        }

        // Draws the state: every value on the page comes from here.
        function show(state) {
          showGame(state.game);
          showSets(state.sets);
          const scores = state.scores || {};
          const names = Object.keys(scores).sort((a, b) => (a === "home" ? -1 : b === "home" ? 1 : a.localeCompare(b)));
          for (const [name, card] of keyed($("scores"), "data-score", names, scoreCard)) {
            card.querySelector("[data-value]").textContent = String(scores[name]);
          }
          const timers = state.timers || [];
          $("timers-group").hidden = timers.length === 0;
          const byName = new Map(timers.map((timer) => [timer.name, timer]));
          for (const [name, row] of keyed($("timers"), "data-timer", timers.map((timer) => timer.name), timerRow)) {
            const timer = byName.get(name);
            row.dataset.now = timer.state;
            row.querySelector("[data-left]").textContent = clock(timer.seconds);
            row.querySelector("[data-state]").textContent = timer.state;
            row.querySelector("[data-go]").textContent = { idle: "Start", running: "Pause", paused: "Resume" }[timer.state] || "Start";
          }
          const screen = String(state.screen || "");
          $("screen-state").textContent = screen;
          const dim = /dim (\d+)%/.exec(screen);
          if (document.activeElement !== $("dim")) {
            $("dim").value = dim ? dim[1] : "100";
            $("dim-value").textContent = $("dim").value + "%";
          }
        }

        $("login").addEventListener("submit", (e) => {
          e.preventDefault();
          const entered = $("token").value.trim();
          if (!entered) return;
          try { localStorage.setItem(kept, entered); } catch (err) {}
          token = entered;
          $("token").value = "";
          signedIn();
        });
        $("forget").addEventListener("click", () => {
          try { localStorage.removeItem(kept); } catch (e) {}
          askToken("");
        });
        $("message").addEventListener("submit", async (e) => {
          e.preventDefault();
          const text = $("message-text").value.trim();
          if (!text) return;
          if (await call("POST", "/v1/messages", { text, duration: $("message-duration").value })) $("message-text").value = "";
        });
        $("message-clear").addEventListener("click", () => call("DELETE", "/v1/messages"));
        $("game-toggle").addEventListener("click", () => call("POST", "/v1/game", { do: "toggle" }));
        for (const b of document.querySelectorAll("#game-group > .row > [data-game]")) {
          b.addEventListener("click", () => call("POST", "/v1/game", { do: b.dataset.game }));
        }
        $("screen-on").addEventListener("click", () => call("PUT", "/v1/screen", { power: "on" }));
        $("screen-off").addEventListener("click", () => call("PUT", "/v1/screen", { power: "off" }));
        $("dim").addEventListener("input", () => { $("dim-value").textContent = $("dim").value + "%"; });
        $("dim").addEventListener("change", () => call("PUT", "/v1/screen", { brightness: Number($("dim").value) }));

        takeToken();
        if (token) signedIn(); else askToken("");
        // A paired link opened on a page already open changes only the fragment.
        window.addEventListener("hashchange", () => {
          if (!/token=/.test(location.hash)) return;
          takeToken();
          if (token) signedIn();
        });

        """#
}
