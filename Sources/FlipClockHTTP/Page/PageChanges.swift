/// The control page's last changes of the match, with their source (`GET /v1/game/record?last=5`,
/// read again when a state event changes what the record holds: a score, a text, the game's
/// period, phase, run or undo), and the id its tab keeps and sends with every call
/// (`X-Flipclock-Client`), which names the page in the record.
enum PageChanges {
    static let markup = #"""
          <section id="changes-group" class="group" aria-label="Last changes" hidden>
            <h2>Last changes</h2>
            <ol id="changes" class="changes"></ol>
          </section>
        """#

    static let js = #"""
        // This tab's id: random, kept for the tab's life (sessionStorage), sent with each call.
        const client = (() => {
          const fresh = () => [...crypto.getRandomValues(new Uint8Array(6))].map((b) => b.toString(16).padStart(2, "0")).join("");
          try {
            let id = sessionStorage.getItem("flipclock-client");
            if (!id) { id = fresh(); sessionStorage.setItem("flipclock-client", id); }
            return id;
          } catch (e) { return fresh(); }
        })();

        let changesKey = null;
        let changesFetching = false;
        let changesWanted = false;
        function changesSeen(state) {
          const g = state.game || {};
          const key = JSON.stringify([state.scores, state.texts, g.period, g.phase, g.running, g.undo, g.possession, g.penalties, state.sets]);
          if (key === changesKey) return;
          changesKey = key;
          refreshChanges();
        }
        function changeLine(e) {
          const li = document.createElement("li");
          li.textContent = `${e.clock ? e.clock + " " : ""}${e.change} · ${e.source.startsWith("page " + client + " ") ? "this page" : e.source}`;
          return li;
        }
        async function refreshChanges() {
          changesWanted = true;
          if (changesFetching) return;
          changesFetching = true;
          while (changesWanted && token) {
            changesWanted = false;
            try {
              const response = await fetch("/v1/game/record?last=5", { cache: "no-store", headers: headers() });
              if (!response.ok) { $("changes-group").hidden = true; continue; }
              const record = await response.json();
              $("changes").replaceChildren(...record.entries.slice().reverse().map(changeLine));
              $("changes-group").hidden = record.entries.length === 0;
            } catch (e) {}
          }
          changesFetching = false;
        }

        """#
}
