// Playing the table with the keyboard and a screen reader.
//
// - The skip link (#skip-to-hand, in templates/games/table.html) is moved to the start of
//   <body>: the site's header comes before the page's content, and a keyboard player
//   should not Tab through it before every game. It focuses the hand, or the decision
//   in front of the player (定缺, 碰…) when no tile can be played.
// - The hand is one Tab stop (roving tabindex): ← → Home End move along the tiles,
//   Enter or Space discards as a button does. During 换三张 the same keys move along the
//   tiles, Space or Enter toggles one, and Tab goes on to the 换三张 button (static/js/
//   table-exchange.js keeps it in the Tab order).
// - Every update replaces the hand (and the action buttons) by id, which drops the focus
//   to <body>. When the focus was in the hand or the actions, it is put back on the tile
//   at the same place (or the nearest), else on the hand itself, without scrolling.
// - P 碰, K 杠, H 胡/自摸, G or Space 过 press the visible button (aria-keyshortcuts on it).
// - #table-announce (a polite live region) says when it becomes the player's turn or
//   what they may claim; the words are rendered by the server in its data- attributes.
// Nothing here decides anything about the game: the server checks every move.
(function () {
  "use strict";
  var KEYS = { p: ".verb-pong", k: ".verb-kong", h: ".verb-win, .verb-zimo", g: ".verb-pass" };
  var kept = false;   // the focus was last in the hand or the actions
  var position = 0;   // the place in the hand of the tile that last had the focus
  var choice = null;  // the name of the action button that last had the focus

  function hand() { return document.getElementById("me-hand"); }
  function actions() { return document.getElementById("me-actions"); }
  function tiles() {
    var h = hand();
    return h ? Array.prototype.slice.call(h.querySelectorAll("button.tile")) : [];
  }
  // Greyed tiles that explain why (aria-disabled) can take the focus; disabled ones not.
  function focusable(button) { return !button.disabled && button.offsetParent !== null; }
  function visibleButtons(root, selector) {
    return root ? Array.prototype.filter.call(root.querySelectorAll(selector), function (b) {
      return !b.disabled && b.offsetParent !== null;
    }) : [];
  }

  // The focusable tile nearest to `index` (ties go to the left, where the hand shrank).
  function nearest(index) {
    var all = tiles();
    for (var d = 0; d < all.length; d++) {
      var left = all[index - d], right = all[index + d];
      if (left && focusable(left)) { return left; }
      if (right && focusable(right)) { return right; }
    }
    return null;
  }

  // One Tab stop for the hand: only the current tile is in the Tab order. Tiles that
  // cannot take the focus keep the server's markup (a settled table must read the same
  // as a fresh render of it).
  function rove(current) {
    var all = tiles();
    current = current || nearest(Math.min(position, all.length - 1));
    all.forEach(function (button) {
      if (button === current || !focusable(button)) {
        if (button.hasAttribute("tabindex")) { button.removeAttribute("tabindex"); }
      } else if (button.getAttribute("tabindex") !== "-1") {
        button.setAttribute("tabindex", "-1");
      }
    });
  }

  function focusHand(scroll) {
    var all = tiles();
    var target = nearest(Math.min(position, Math.max(all.length - 1, 0)));
    if (!target && hand()) { target = hand(); }  // tabindex="-1": nothing to play yet
    if (target) {
      rove(target.classList.contains("tile") ? target : null);
      target.focus({ preventScroll: !scroll });
    }
    return target;
  }

  document.addEventListener("focusin", function (event) {
    var h = hand(), a = actions(), target = event.target;
    kept = Boolean((h && h.contains(target)) || (a && a.contains(target)));
    choice = a && a.contains(target) ? label(target) : null;
    if (h && h.contains(target) && target.classList.contains("tile")) {
      position = tiles().indexOf(target);
      rove(target);
    }
  });
  // A press elsewhere on the page (not a focusable element) means the player left.
  document.addEventListener("pointerdown", function (event) {
    var h = hand(), a = actions();
    if (!(h && h.contains(event.target)) && !(a && a.contains(event.target))) { kept = false; }
  });

  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("#skip-to-hand");
    if (!link) { return; }
    event.preventDefault();
    // With no tile to play, the choice in front of the player (定缺, 碰, 过) comes first.
    var first = visibleButtons(actions(), "button")[0];
    if (first && !nearest(0)) {
      first.focus();
    } else {
      focusHand(true);
    }
  });

  function label(element) {
    return element.getAttribute("aria-label") || element.textContent;
  }

  function typing(target) {
    return target.closest && target.closest("input, textarea, select, [contenteditable]");
  }
  // Space already presses a focused button, link or summary.
  function pressable(target) {
    return target.closest && target.closest("button, a[href], summary, [role=button]");
  }

  document.addEventListener("keydown", function (event) {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) { return; }
    var target = event.target;
    if (typing(target)) { return; }
    var h = hand();
    if (h && h.contains(target) && target.classList.contains("tile")) {
      var all = tiles().filter(focusable);
      var at = all.indexOf(target);
      var to = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: all.length - 1 }[event.key];
      if (to !== undefined) {
        event.preventDefault();
        var next = all[Math.max(0, Math.min(to, all.length - 1))];
        if (next) { next.focus(); }
        return;
      }
    }
    var key = event.key === " " ? (pressable(target) ? null : "g") : event.key.toLowerCase();
    var selector = KEYS[key];
    if (!selector || event.repeat) { return; }
    var buttons = visibleButtons(actions(), selector);
    if (!buttons.length) { return; }
    event.preventDefault();
    // Several kongs to choose from: the key only takes the player to the first.
    if (buttons.length > 1) { buttons[0].focus(); } else { buttons[0].click(); }
  });

  // --- after an update ------------------------------------------------------------------
  var said = null;

  function announcement() {
    var region = document.getElementById("table-announce");
    if (!region) { return [null, ""]; }
    var a = actions();
    var offered = ["win", "zimo", "pong", "kong"].filter(function (verb) {
      return visibleButtons(a, ".verb-" + verb).length;
    });
    if (offered.length) {
      var detail = document.getElementById("detail-" + offered[0]);
      var tile = detail ? detail.textContent.split(" · ")[0] : "";
      return [region, offered.map(function (verb) {
        return (region.dataset[verb] || "").replace("__TILE__", tile);
      }).join("；")];
    }
    if (visibleButtons(a, ".void-choice").length) { return [region, region.dataset.void || ""]; }
    var cue = document.getElementById("table-cue");  // the turn, as table-alerts.js reads it
    var myTurn = cue && cue.dataset.myTurn === "1";
    if (myTurn && nearest(0)) { return [region, region.dataset.turn || ""]; }
    return [region, ""];
  }

  function announce() {
    var found = announcement(), region = found[0], text = found[1];
    if (!region || text === said) { return; }
    said = text;
    // Emptied first, so that the same words said again (a new turn) are read again.
    region.textContent = "";
    if (text) { window.setTimeout(function () { region.textContent = text; }, 50); }
  }

  function afterUpdate() {
    var skip = document.getElementById("skip-to-hand");
    if (skip && document.body && document.body.firstElementChild !== skip) {
      document.body.insertBefore(skip, document.body.firstChild);
    }
    var active = document.activeElement;
    var lost = !active || active === document.body || !active.isConnected;
    var waiting = active && active === hand() && nearest(0);  // on the hand; a tile is ready
    // The same choice sent again (the table a reconnected socket brings) keeps the focus;
    // once it is made, the player goes on in the hand.
    var same = lost && choice && visibleButtons(actions(), "button").filter(function (b) {
      return label(b) === choice;
    })[0];
    if (same) {
      same.focus({ preventScroll: true });
    } else if (kept && (lost || waiting)) {
      focusHand(false);
    }
    rove(document.activeElement && document.activeElement.classList &&
      document.activeElement.classList.contains("tile") ? document.activeElement : null);
    announce();
  }

  // The table's parts arrive as htmx out-of-band swaps over the WebSocket; an observer
  // sees them however they come (and after the hand is sorted, table-hand.js).
  new MutationObserver(afterUpdate).observe(document.documentElement, {
    childList: true, subtree: true
  });
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", afterUpdate);
  } else {
    afterUpdate();
  }
})();
