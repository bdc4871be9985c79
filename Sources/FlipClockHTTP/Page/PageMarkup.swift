/// The control page's markup: empty sections that the script fills from the clock's state.
enum PageMarkup {
    static let body = #"""
        <header>
          <h1>flipclock</h1>
          <span id="link" class="link" data-live="false">offline</span>
        </header>
        <main id="panel" hidden>
          <section class="face">
            <img id="face" alt="What the clock shows now" width="480" height="270">
          </section>
          <section id="game-group" class="group operator" aria-label="Game" hidden>
            <div class="readout">
              <span id="game-clock" class="clock">00:00</span>
              <span class="quiet">period <b id="game-period">1</b> <span id="game-phase"></span></span>
              <span id="game-shot-readout" class="quiet">shot <b id="game-shot">–</b></span>
            </div>
            <button type="button" id="game-toggle" class="primary big">Start</button>
            <div id="game-shots" class="row"></div>
            <div class="row">
              <button type="button" data-game="add -1" aria-label="one second off the game clock">&minus;1 s</button>
              <button type="button" data-game="add -0.1" aria-label="a tenth off the game clock">&minus;0.1</button>
              <button type="button" data-game="add 0.1" aria-label="a tenth on the game clock">+0.1</button>
              <button type="button" data-game="add 1" aria-label="one second on the game clock">+1 s</button>
            </div>
            <div class="row">
              <button type="button" data-game="end">End period</button>
              <button type="button" data-game="undo" id="game-undo">Undo</button>
            </div>
          </section>
          \#(PageSets.markup)
          \#(PageChanges.markup)
          \#(PageMatch.markup)
          <section id="scores" class="group" aria-label="Scores"></section>
          <section id="timers-group" class="group" hidden>
            <h2>Timers</h2>
            <div id="timers"></div>
          </section>
          <section class="group">
            <h2>Message</h2>
            <form id="message" class="message" autocomplete="off">
              <input id="message-text" name="text" maxlength="200" placeholder="Dinner is ready" aria-label="Message text">
              <div class="row">
                <select id="message-duration" aria-label="How long it shows">
                  <option value="10s">10 s</option><option value="30s" selected>30 s</option>
                  <option value="1m">1 min</option><option value="5m">5 min</option>
                </select>
                <button type="submit" class="primary">Send</button>
                <button type="button" id="message-clear">Clear</button>
              </div>
            </form>
          </section>
          <section class="group">
            <h2>Screen <span id="screen-state" class="quiet"></span></h2>
            <div class="row">
              <button type="button" id="screen-on">On</button>
              <button type="button" id="screen-off">Off</button>
            </div>
            <label class="dim">Dim <span id="dim-value">100%</span>
              <input id="dim" type="range" min="1" max="100" value="100">
            </label>
          </section>
          <p class="quiet foot"><button type="button" id="forget" class="plain">Forget the token</button></p>
        </main>
        <form id="login" class="login" hidden autocomplete="off">
          <h2>Token</h2>
          <p>The clock's token: the line in its <code>token_file</code>, or scan <code>flipclockctl pair</code>'s code.</p>
          <p id="login-reason" class="problem" role="alert"></p>
          <input id="token" name="token" type="password" autocomplete="current-password" spellcheck="false" aria-label="Token" required>
          <button type="submit" class="primary">Sign in</button>
        </form>
        <p id="problem" class="problem toast" role="alert" hidden></p>
        """#
}
