"""What a person checks by looking at a finished round's replay (templates/games/
_replay_frame.html): the board has a real size, every seat's area shows, and the tiles of
the hands, melds and rivers are drawn big enough and lie uncovered, each seen at its
centre once scrolled into view (a tile clipped away by a board with no height, or under
another seat, is not seen there). Returns a list of problems, empty when the board is
right.

The replay's board is the live table's (static/css/table.css), which once had no height
outside the table's screen: the tiles were all in the page and none could be seen, and
no test noticed."""

REPLAY_BOARD_PROBLEMS = """async (opts) => {
  // The discard just made slides in and a new meld drops in: wait for them to rest.
  await Promise.race([
    Promise.all(document.getAnimations().map((a) => a.finished.catch(() => null))),
    new Promise((done) => setTimeout(done, 2000)),
  ]);
  const problems = [];
  const board = document.querySelector("#replay-frame .board");
  if (!board) return ["no replay board on the page"];
  const scrolled = [window.scrollX, window.scrollY];
  const vw = window.innerWidth, vh = window.innerHeight;
  board.scrollIntoView({block: "nearest", behavior: "instant"});
  const b = board.getBoundingClientRect();
  if (b.width < opts.minWidth || b.height < opts.minHeight) {
    problems.push(`the board is ${b.width | 0}×${b.height | 0} px, ` +
                  `under ${opts.minWidth}×${opts.minHeight}`);
  }
  if (b.left < 0 || b.right > vw + 0.5) problems.push("the board goes past the screen's sides");
  if (document.documentElement.scrollWidth > vw) problems.push("the page scrolls sideways");

  const seats = [...board.querySelectorAll(":scope > .seat")];
  if (seats.length !== opts.seats) problems.push(`${seats.length} seats on the board`);
  let seen = 0;
  for (const seat of seats) {
    const name = seat.getAttribute("aria-label") || seat.id;
    seat.scrollIntoView({block: "nearest", behavior: "instant"});
    const s = seat.getBoundingClientRect();
    if (s.width < 80 || s.height < 40) {
      problems.push(`${name}: the seat is ${s.width | 0}×${s.height | 0} px`);
    }
    if (s.left < b.left - 0.5 || s.right > b.right + 0.5 || s.top < b.top - 0.5 ||
        s.bottom > b.bottom + 0.5) {
      problems.push(`${name}: the seat sticks out of the board`);
    }
    const hand = seat.querySelectorAll(".shown-hand img.tile-img").length;
    if (opts.deal && hand !== 13 && hand !== 14) {
      problems.push(`${name}: ${hand} tiles face up in the hand at the deal`);
    }
    if (!hand && !opts.deal) problems.push(`${name}: no tile in the hand`);
    for (const tile of seat.querySelectorAll(
        ".shown-hand img.tile-img, .melds img.tile-img, .discards img.tile-img")) {
      tile.scrollIntoView({block: "nearest", behavior: "instant"});
      const t = tile.getBoundingClientRect();
      const what = `${name}: ${tile.alt || "a tile"}`;
      if (t.width < opts.minTileWidth || t.height < opts.minTileHeight) {
        problems.push(`${what} is ${t.width.toFixed(1)}×${t.height.toFixed(1)} px, ` +
                      `under ${opts.minTileWidth}×${opts.minTileHeight}`);
        continue;
      }
      const x = t.left + t.width / 2, y = t.top + t.height / 2;
      const hit = document.elementFromPoint(x, y);
      if (!hit || !(hit === tile || hit === tile.parentElement)) {
        const cls = hit && typeof hit.className === "string" && hit.className ?
          "." + hit.className.split(" ")[0] : "";
        const other = hit ? hit.tagName.toLowerCase() + (hit.id ? "#" + hit.id : "") + cls :
          "nothing";
        problems.push(`${what} is not seen at its centre (${x | 0}, ${y | 0}): ${other} is there`);
        continue;
      }
      seen += 1;
    }
  }
  if (seen < opts.minTiles) problems.push(`only ${seen} tiles can be seen, under ${opts.minTiles}`);
  window.scrollTo({left: scrolled[0], top: scrolled[1], behavior: "instant"});
  return problems;
}"""


def replay_board_problems(
    page, *, deal: bool = False, min_tiles: int = 52, seats: int = 4
) -> list[str]:
    """The problems a person would see with the replay's board as it is on ``page``.
    ``deal``: the frame is the deal's, so every hand holds 13 or 14 tiles face up.
    ``seats``: how many play at the round's table (RULES.md section 14)."""
    phone = page.viewport_size["width"] < 700
    return page.evaluate(
        REPLAY_BOARD_PROBLEMS,
        {
            "deal": deal,
            "seats": seats,
            "minTiles": min_tiles,
            # A phone's board is the card's width (377 px at 412); a laptop's, 1028 px.
            "minWidth": 300 if phone else 800,
            "minHeight": 180,
            # The smallest tile drawn: a meld's at .8 of a discard, 17 px wide on a phone.
            "minTileWidth": 16,
            "minTileHeight": 20,
        },
    )
