/// The control page's operator part for a match counted in sets (`[sets]`): the standing read
/// out (sets, the current set's games in tennis, the points as the board calls them, who
/// serves), a big button for each side's point, each side's timeout (where the sport has
/// them), and undo: each a
/// `POST /v1/point` with the words of `flipclockctl point`.
enum PageSets {
    static let markup = #"""
          <section id="sets-group" class="group operator" aria-label="Match" hidden>
            <div class="readout">
              <span class="clock"><span id="sets-home">0</span>&ndash;<span id="sets-away">0</span></span>
              <span class="quiet">set <b id="sets-set">1</b> <span id="sets-games"></span> <span id="sets-finished"></span></span>
              <span class="quiet">serve <b id="sets-serve">home</b></span>
            </div>
            <div class="row">
              <button type="button" data-point="home" class="primary big" aria-label="a point for home">Home <span id="sets-home-points">0</span></button>
              <button type="button" data-point="away" class="primary big" aria-label="a point for away">Away <span id="sets-away-points">0</span></button>
            </div>
            <div id="sets-timeouts" class="row">
              <button type="button" data-point="timeout home">Timeout home</button>
              <button type="button" data-point="timeout away">Timeout away</button>
            </div>
            <div class="row">
              <button type="button" data-point="undo" id="sets-undo">Undo</button>
            </div>
          </section>
        """#

    static let js = #"""
        // The operator's part, with [sets]: the standing read out, a point for either side, the
        // timeouts and undo.
        function showSets(sets) {
          $("sets-group").hidden = !sets;
          if (!sets) return;
          $("sets-home").textContent = String(sets.sets.home);
          $("sets-away").textContent = String(sets.sets.away);
          $("sets-set").textContent = String(sets.set);
          $("sets-games").textContent = sets.games ? "games " + sets.games.home + "–" + sets.games.away : "";
          $("sets-finished").textContent = sets.finished.length ? "(" + sets.finished.join(", ") + ")" : "";
          $("sets-serve").textContent = sets.winner ? "won by " + sets.winner : sets.serve;
          $("sets-home-points").textContent = sets.points.home;
          $("sets-away-points").textContent = sets.points.away;
          for (const b of document.querySelectorAll("#sets-group [data-point]")) b.disabled = !!sets.winner && b.dataset.point !== "undo";
          $("sets-undo").disabled = !sets.undo;
          $("sets-timeouts").hidden = !sets.timeouts;
        }
        for (const b of document.querySelectorAll("#sets-group [data-point]")) {
          b.addEventListener("click", () => call("POST", "/v1/point", { do: b.dataset.point }));
        }
        """#
}
