/// The control page's style: dark like the clock, one column for a phone (360 px and up),
/// every control at least 48 px high. A refusal is told over the bottom of the page for a few
/// seconds, and taps go through it to the control underneath.
enum PageStyle {
    static let css = #"""
        :root { --bg: #111; --card: #1e1e1e; --edge: #2c2c2c; --text: #eee; --quiet: #999; --accent: #f0b429; --bad: #ff6b5b; }
        * { box-sizing: border-box; }
        html { -webkit-text-size-adjust: 100%; }
        body { margin: 0; background: var(--bg); color: var(--text);
          font: 17px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif;
          padding: 0 max(12px, env(safe-area-inset-right)) 24px max(12px, env(safe-area-inset-left)); }
        header { display: flex; align-items: center; justify-content: space-between; height: 52px; }
        h1 { font-size: 20px; margin: 0; letter-spacing: .04em; }
        h2 { font-size: 14px; font-weight: 600; text-transform: uppercase; letter-spacing: .08em; color: var(--quiet); margin: 0 0 10px; }
        main, .login { max-width: 560px; margin: 0 auto; }
        .screens { list-style: none; margin: 0; padding: 0; font-size: 15px; line-height: 1.6; }
        .screens li[data-lost="true"] { color: var(--accent); }
        .changes { margin: 0; padding-left: 1.4em; font-size: 15px; line-height: 1.6; }
        .link { font-size: 14px; color: var(--quiet); display: flex; align-items: center; gap: 6px; }
        .link::before { content: ""; width: 10px; height: 10px; border-radius: 50%; background: var(--bad); }
        .link[data-live="true"]::before { background: #3ecf6e; }
        .face { margin: 0 -4px 12px; }
        .face img { display: block; width: 100%; height: auto; aspect-ratio: 16 / 9; background: #000; border-radius: 10px;
          border: 1px solid var(--edge); object-fit: contain; }
        .group { background: var(--card); border: 1px solid var(--edge); border-radius: 14px; padding: 14px; margin-bottom: 12px; }
        #scores { display: grid; grid-template-columns: repeat(auto-fit, minmax(150px, 1fr)); gap: 12px; background: none; border: 0; padding: 0; }
        .score { background: var(--card); border: 1px solid var(--edge); border-radius: 14px; padding: 12px; text-align: center; }
        .score .name { font-size: 14px; font-weight: 600; text-transform: uppercase; letter-spacing: .08em; color: var(--quiet); }
        .score .value { font-size: 56px; font-weight: 700; line-height: 1.1; font-variant-numeric: tabular-nums; margin: 2px 0 8px; }
        .score .steps { display: grid; grid-template-columns: 1fr 1fr; gap: 8px; }
        .score .steps button { min-height: 64px; font-size: 24px; font-weight: 700; }
        .score .reset { margin-top: 8px; width: 100%; }
        .timer { display: grid; grid-template-columns: 1fr auto; align-items: center; gap: 8px 12px; padding: 8px 0; }
        .timer + .timer { border-top: 1px solid var(--edge); }
        .timer .name { font-weight: 600; text-transform: uppercase; letter-spacing: .06em; }
        .timer .left { font-size: 32px; font-weight: 700; font-variant-numeric: tabular-nums; text-align: right; }
        .timer .state { font-size: 14px; color: var(--quiet); }
        .timer .row { grid-column: 1 / -1; }
        .row { display: flex; gap: 8px; }
        .row > * { flex: 1; }
        button, input, select { font: inherit; color: var(--text); min-height: 48px; border-radius: 10px; }
        button { background: #2a2a2a; border: 1px solid #3a3a3a; padding: 0 14px; cursor: pointer; touch-action: manipulation; }
        button:active { background: #3a3a3a; }
        button:disabled { opacity: .4; }
        button.primary { background: var(--accent); border-color: var(--accent); color: #111; font-weight: 700; }
        button.plain { background: none; border: 0; color: var(--quiet); text-decoration: underline; }
        input, select { background: #0b0b0b; border: 1px solid #3a3a3a; padding: 0 12px; width: 100%; }
        input:focus, select:focus, button:focus-visible { outline: 2px solid var(--accent); outline-offset: 1px; }
        .message { display: grid; gap: 8px; }
        .operator { display: grid; gap: 10px; }
        .operator .readout { display: flex; align-items: baseline; justify-content: space-between; gap: 10px; flex-wrap: wrap; }
        .operator .clock { font-size: 56px; font-weight: 700; font-variant-numeric: tabular-nums; line-height: 1; }
        .operator .row button { min-height: 64px; font-size: 20px; font-weight: 700; padding: 0 6px; }
        button.big { min-height: 96px; font-size: 32px; }
        button.big.running { background: var(--bad); border-color: var(--bad); }
        .dim { display: block; margin-top: 12px; color: var(--quiet); }
        .dim span { float: right; color: var(--text); font-variant-numeric: tabular-nums; }
        input[type=range] { padding: 0; border: 0; background: none; accent-color: var(--accent); height: 48px; }
        .quiet { color: var(--quiet); font-weight: 400; text-transform: none; letter-spacing: 0; }
        .foot { text-align: center; margin: 8px 0 0; }
        .login { background: var(--card); border: 1px solid var(--edge); border-radius: 14px; padding: 18px; margin-top: 16px; display: grid; gap: 12px; }
        .login p { margin: 0; }
        .login h2 { margin: 0; }
        code { font-size: 15px; color: var(--accent); }
        .problem { color: var(--bad); margin: 0; }
        .problem:empty { display: none; }
        .toast { position: fixed; left: 12px; right: 12px; bottom: max(12px, env(safe-area-inset-bottom)); max-width: 536px; margin: 0 auto;
          background: #2a1412; border: 1px solid var(--bad); border-radius: 12px; padding: 12px 14px; pointer-events: none; }
        [hidden] { display: none !important; }
        """#
}
