// The win moment (templates/games/table/_win_banner.html, static/css/win.css).
//
// - Its time on screen is the win's pause, the server's WIN_PAUSE_SECONDS (the banner's
//   data-seconds), for which play waits (games/play/offers.py): --win-seconds, which the
//   banner's animation and the winner's seat's glow last.
// - Its place is the board's middle row, measured (--win-top, --win-height) and the
//   board's width (--win-left, --win-width): over no seat's controls. Until measured,
//   half-way down the screen.
// - A tap on it, or Esc, closes it on this screen: the table goes on when the pause is
//   over, for everybody alike.
// Nothing here decides anything about the game.
(function () {
  "use strict";
  var shown = null;  // the banner last placed

  function banner() { return document.getElementById("win-banner"); }
  function open(el) { return el && el.firstElementChild && !el.classList.contains("closed"); }

  function place(el) {
    var board = el.closest(".board"), middle = el.closest(".middle");
    if (!board || !middle) return;
    // The banner is fixed to the screen (static/css/win.css): the page does not scroll.
    var b = board.getBoundingClientRect(), m = middle.getBoundingClientRect();
    el.style.setProperty("--win-top", m.top + "px");
    el.style.setProperty("--win-height", m.height + "px");
    el.style.setProperty("--win-left", (b.left + board.clientLeft) + "px");
    el.style.setProperty("--win-width", board.clientWidth + "px");
    el.style.setProperty("--win-shift", "0px");
    aside(el, b.left + board.clientLeft, m.top);
  }

  // A card wider than the middle steps aside from the winner's seat at the board's side,
  // whose hand has just been laid down: it slides towards the other side of the board.
  // (Measured in the layout, not on screen: the banner may be scaled as it pops in.)
  function aside(el, left, top) {
    var card = el.firstElementChild;
    el.style.setProperty("--win-dx", "0px");
    var seats = (el.getAttribute("data-seats") || "").split(" ");
    var seat = seats.length === 1 ? document.getElementById("seat-" + seats[0]) : null;
    if (!card || !seat) return;
    var s = seat.getBoundingClientRect();
    var x0 = left + card.offsetLeft, x1 = x0 + card.offsetWidth;
    var y0 = top + card.offsetTop, y1 = y0 + card.offsetHeight;
    if (x1 <= s.left || x0 >= s.right || y1 <= s.top || y0 >= s.bottom) return;
    var room = Math.max(0, card.offsetLeft - 2);  // free at either side: it is centred
    var dx = s.left + s.width / 2 > (x0 + x1) / 2 ? Math.max(s.left - x1 - 4, -room)
                                                  : Math.min(s.right - x0 + 4, room);
    el.style.setProperty("--win-dx", dx + "px");
  }

  // A new banner takes its time from the server; an open one is placed again after every
  // update, since an update that leaves the banner as it is may still move the middle row
  // (a seat's melds or hand growing), and the card must stay in it.
  function look() {
    var el = banner();
    if (!el) return;
    if (el !== shown) {
      shown = el;
      var seconds = parseFloat(el.getAttribute("data-seconds"));
      if (seconds > 0) {
        document.documentElement.style.setProperty("--win-seconds", seconds + "s");
      }
    }
    if (open(el)) place(el);
  }

  function close() {
    var el = banner();
    if (open(el)) el.classList.add("closed");
  }

  document.addEventListener("click", function (event) {
    var target = event.target;
    if (target && target.closest && target.closest("#win-banner .win-card")) close();
  });
  // At the end of its time it is gone (display: none), and the deal's ⓘ that steps aside
  // for it is back.
  document.addEventListener("animationend", function (event) {
    var el = event.target;
    if (el && el.id === "win-banner" && /^table-banner/.test(event.animationName)) {
      el.classList.add("closed");
    }
  });
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && open(banner())) close();
  });
  window.addEventListener("resize", function () {
    var el = banner();
    if (el && el.firstElementChild) place(el);
  });
  // Every update swaps parts by their ids: place the banner before the page is drawn.
  new MutationObserver(look).observe(document.documentElement, {
    childList: true, subtree: true,
  });
  look();
})();
