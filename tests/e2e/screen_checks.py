"""What a player checks by looking at the table, as one script run in the page: every
control that shows can be pressed at its centre (nothing lies over it), nothing scrolls
sideways, the hand's tiles are big enough, no empty band on a phone and no site
navigation during play. Returns a list of problems, empty when the screen is right."""

SCREEN_PROBLEMS = """(opts) => {
  const problems = [];
  const vw = window.innerWidth, vh = window.innerHeight;
  const describe = (el) => {
    if (!el) return "nothing";
    const name = (el.getAttribute("aria-label") || el.textContent || "").trim().slice(0, 24);
    const cls = typeof el.className === "string" && el.className ?
      "." + el.className.split(" ")[0] : "";
    return `${el.tagName.toLowerCase()}${el.id ? "#" + el.id : ""}${cls}` +
      (name ? ` "${name}"` : "");
  };
  const shown = (el) => {
    // checkVisibility: not in a closed <details>, not display:none, not visibility:hidden.
    if (!el.checkVisibility({visibilityProperty: true})) return false;
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0;
  };
  if (document.documentElement.scrollWidth > vw) problems.push("the page scrolls sideways");

  // Every control on screen answers a press at its centre. One scrolled out of view
  // inside its own box (a long river, the settlement) is not on screen.
  const controls = document.querySelectorAll(
    "button, summary, a[href], select, input:not([type=hidden]), textarea");
  for (const el of controls) {
    if (!shown(el) || el.classList.contains("skip-to-hand")) continue;
    // A link that wraps onto two lines is pressed on its first line's box.
    const r = el.getClientRects()[0] || el.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    let scrolledAway = false;
    for (let box = el.parentElement; box && box !== document.body; box = box.parentElement) {
      const style = getComputedStyle(box);
      if (/(auto|scroll|hidden|clip)/.test(style.overflowX + style.overflowY)) {
        const b = box.getBoundingClientRect();
        if (x < b.left || x > b.right || y < b.top || y > b.bottom) { scrolledAway = true; break; }
      }
    }
    if (scrolledAway) continue;
    if (x < 0 || y < 0 || x >= vw || y >= vh) {
      if (!opts.playing) continue;  // a page scrolls to it; the table must not need to
      problems.push(`${describe(el)} lies off the screen at (${x | 0}, ${y | 0})`);
      continue;
    }
    const hit = document.elementFromPoint(x, y);
    if (!hit || !(hit === el || el.contains(hit))) {
      problems.push(`${describe(el)} is covered by ${describe(hit)} at (${x | 0}, ${y | 0})`);
    }
  }

  const tiles = [...document.querySelectorAll("#me-hand button.tile")].filter(shown);
  const [minW, minH] = vw >= 1000 ? [40, 56] : [28, 40];
  for (const tile of tiles) {
    const r = tile.getBoundingClientRect();
    if (r.width < minW - 0.01 || r.height < minH - 0.01) {
      problems.push(`a hand tile is ${r.width.toFixed(1)}×${r.height.toFixed(1)} px, ` +
                    `under ${minW}×${minH}`);
      break;
    }
  }

  if (opts.playing) {
    for (const nav of document.querySelectorAll(".site-header, .site-nav")) {
      if (shown(nav)) problems.push(`site navigation on screen during play: ${describe(nav)}`);
    }
  }
  if (opts.phone && opts.playing) {
    // The largest stretch of height where none of the table's blocks is.
    const blocks = [...document.querySelectorAll(
      ".table-header, .scoreboard, .board > *, .coach-panel, .dock, .end-panel, .table-error, " +
      ".away-note, .messages")]
      .filter(shown).map(el => el.getBoundingClientRect())
      .map(r => [Math.max(0, r.top), Math.min(vh, r.bottom)]).filter(([a, b]) => b > a)
      .sort((a, b) => a[0] - b[0]);
    let reached = 0, band = 0;
    for (const [top, bottom] of blocks) {
      band = Math.max(band, top - reached);
      reached = Math.max(reached, bottom);
    }
    band = Math.max(band, vh - reached);
    if (band > 0.12 * vh) problems.push(`an empty band of ${band | 0} px (over 12 % of ${vh})`);
  }
  return problems;
}"""


def screen_problems(page, *, playing: bool = True) -> list[str]:
    size = page.viewport_size
    phone = min(size["width"], size["height"]) < 600
    return page.evaluate(SCREEN_PROBLEMS, {"playing": playing, "phone": phone})
