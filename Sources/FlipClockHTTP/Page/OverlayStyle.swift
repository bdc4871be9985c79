/// The overlay's style: the board's cards (dark, a hinge line across the middle, bold white
/// digits; grey labels under them) on a translucent bar, everything else transparent. The bar
/// is placed by `data-position` and sized by `--scale`.
enum OverlayStyle {
    static let css = #"""
        html, body { margin: 0; background: transparent; overflow: hidden; }
        body { font-family: "Roboto Condensed", "Arial Narrow", "DejaVu Sans Condensed", "Liberation Sans Narrow", sans-serif; }
        [hidden] { display: none !important; }
        .overlay { --scale: 1; --margin: 28px; position: fixed; inset: 0; display: flex; padding: var(--margin); pointer-events: none; }
        .overlay[data-position^="top"] { align-items: flex-start; }
        .overlay[data-position^="bottom"] { align-items: flex-end; }
        .overlay[data-position$="left"] { justify-content: flex-start; }
        .overlay[data-position="top"], .overlay[data-position="bottom"] { justify-content: center; }
        .overlay[data-position$="right"] { justify-content: flex-end; }
        .bar { zoom: var(--scale); display: flex; align-items: flex-start; gap: 22px; padding: 12px 18px 8px;
          background: rgba(0, 0, 0, .62); border-radius: 14px; box-shadow: 0 4px 18px rgba(0, 0, 0, .35); position: relative; }
        .item { display: flex; flex-direction: column; align-items: center; }
        .cards { display: flex; gap: 10px; }
        .group { display: flex; gap: 4px; }
        .card { position: relative; width: 46px; height: 66px; border-radius: 3px; overflow: hidden;
          background: linear-gradient(#1c1c1c 0 50%, #141414 50% 100%); color: #fff;
          font-size: 56px; font-weight: 700; line-height: 66px; text-align: center; font-variant-numeric: tabular-nums;
          box-shadow: inset 0 0 0 1px rgba(255, 255, 255, .05); }
        .card::after { content: ""; position: absolute; left: 0; right: 0; top: calc(50% - 1px); height: 2px; background: #000; }
        .card.changed { animation: flip .18s ease-out; }
        @keyframes flip { from { transform: perspective(200px) rotateX(-55deg); } to { transform: none; } }
        .label { margin-top: 4px; color: #c8c8c8; font-size: 17px; font-weight: 700; letter-spacing: .06em; text-transform: uppercase;
          white-space: nowrap; text-shadow: 0 1px 2px #000; }
        .lost::before { content: ""; position: absolute; top: 6px; right: 6px; width: 8px; height: 8px; border-radius: 50%; background: #ff6b5b; }
        .problem { position: fixed; left: 16px; top: 16px; margin: 0; max-width: calc(100% - 64px); padding: 10px 14px; border-radius: 8px;
          background: #2a1412; border: 1px solid #ff6b5b; color: #fff; font: 600 20px/1.3 system-ui, "DejaVu Sans", sans-serif; }
        """#
}
