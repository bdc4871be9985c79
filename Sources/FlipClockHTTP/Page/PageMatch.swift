/// The control page's view of a `[match]`: which screens follow, whether each has its leader,
/// and how late each took the leader's last state (`GET /v1/match`, read every 2 s while the
/// page is signed in; a clock without a match answers `null` once and is not asked again).
enum PageMatch {
    static let markup = #"""
          <section id="match-group" class="group" aria-label="Screens of the match" hidden>
            <h2>Screens <span id="match-topic" class="quiet"></span></h2>
            <ul id="match-screens" class="screens"></ul>
          </section>
        """#

    static let js = #"""
        let matchWatch = 0;
        function screenLine(s) {
          const li = document.createElement("li");
          const what = s.leading ? "leads" : s.lost ? "lost its leader" : "follows";
          const late = typeof s.lateness_ms === "number" ? `, ${s.lateness_ms.toFixed(1)} ms late` : "";
          li.textContent = `${s.name || s.node} (${s.role}): ${what}${late}${s.fresh ? "" : ", not heard for minutes"}`;
          li.dataset.lost = String(s.lost || !s.fresh);
          return li;
        }
        async function watchMatch() {
          const mine = ++matchWatch;
          while (mine === matchWatch && token) {
            let match;
            try {
              const response = await fetch("/v1/match", { cache: "no-store", headers: headers() });
              if (!response.ok) throw new Error(String(response.status));
              match = (await response.json()).match;
            } catch (e) { match = undefined; }
            if (match === null) { $("match-group").hidden = true; return; }
            if (match) {
              $("match-group").hidden = false;
              $("match-topic").textContent = `${match.topic}: this clock ${match.leading ? "leads" : match.lost ? "has lost its leader" : "follows"}`;
              const others = match.screens.filter((s) => s.node !== match.node);
              const self = { node: match.node, name: (match.name || match.node) + ", this clock", role: match.role, leading: match.leading, lost: match.lost, fresh: true };
              $("match-screens").replaceChildren(...[self, ...others].map(screenLine));
            }
            await sleep(2000);
          }
        }

        """#
}
