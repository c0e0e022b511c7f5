// The player's hand (#me-hand) in the order they chose in the table settings, put back
// in that order after every update of the table, and its marks (below). Only the order
// of the buttons changes: each keeps its tile, its form and whether it may be played. The
// drawn tile (.drawn) stays last, apart, so that the player always sees what they drew.
//
// Orders (window.XuezhanTable.prefs "sort"):
//   suits         万 筒 条, each by rank, the void suit last (the default)
//   void-first    the void suit first (the tiles to discard), then 万 筒 条
//   bamboo-first  条 筒 万, the void suit last
(function () {
  "use strict";
  var prefs = window.XuezhanTable && window.XuezhanTable.prefs;
  var SUITS = { suits: "mps", "void-first": "mps", "bamboo-first": "spm" };

  // A button's tile code ("5m"): its value, else the picture's file name.
  function code(button) {
    if (button.value) { return button.value; }
    var img = button.querySelector("img");
    var found = img && /([1-9][mps])\.svg/.exec(img.getAttribute("src") || "");
    return found ? found[1] : "";
  }

  function rank(button, order, voidSuit) {
    var tile = code(button);
    var suit = SUITS[order].indexOf(tile.charAt(1));
    var value = (suit < 0 ? 3 : suit) * 10 + (Number(tile.charAt(0)) || 0);
    var isVoid = button.classList.contains("void-tile") || (voidSuit && tile.charAt(1) === voidSuit);
    if (isVoid) { value += order === "void-first" ? -100 : 100; }
    return value;
  }

  function sortHand() {
    var hand = document.getElementById("me-hand");
    if (!hand) { return; }
    var order = (prefs && prefs.get("sort")) || "suits";
    var voidSuit = hand.dataset.void || "";
    // Tiles sit in the hand itself or in its discard form: sort each group in place.
    var groups = new Map();
    hand.querySelectorAll("button.tile:not(.drawn)").forEach(function (button) {
      var parent = button.parentNode;
      if (!groups.has(parent)) { groups.set(parent, []); }
      groups.get(parent).push(button);
    });
    groups.forEach(function (buttons, parent) {
      var sorted = buttons.slice().sort(function (a, b) {
        return rank(a, order, voidSuit) - rank(b, order, voidSuit);
      });
      if (sorted.every(function (button, i) { return button === buttons[i]; })) { return; }
      // Put them back where they were, in order: before what followed the last of them
      // (the gap before the drawn tile, the drawn tile, or nothing).
      var after = buttons[buttons.length - 1].nextSibling;
      sorted.forEach(function (button) { parent.insertBefore(button, after); });
    });
  }

  // The marks the server names by tile code on the hand (games/table/hand_marks.py):
  // data-received, the tiles that came in 换三张 (⇄, until the first discard), and
  // data-coach, the tile the coach would discard (★, as in its panel). As many buttons of
  // each code as named are marked, the hand's own tiles before the drawn one (the coach:
  // the drawn one first); each says what its mark means beside its name.
  function markHand() {
    var hand = document.getElementById("me-hand");
    if (!hand) { return; }
    var buttons = Array.prototype.slice.call(hand.querySelectorAll("button.tile"));
    var drawnLast = buttons.filter(function (b) { return !b.classList.contains("drawn"); })
      .concat(buttons.filter(function (b) { return b.classList.contains("drawn"); }));
    var received = new Set();
    (hand.dataset.received || "").split(" ").filter(Boolean).forEach(function (tile) {
      var found = drawnLast.filter(function (b) { return code(b) === tile && !received.has(b); })[0];
      if (found) { received.add(found); }
    });
    var coach = hand.dataset.coach ? drawnLast.slice().reverse().filter(function (b) {
      return code(b) === hand.dataset.coach;
    })[0] : null;
    buttons.forEach(function (button) {
      var words = [];
      if (received.has(button)) { words.push(hand.dataset.receivedMark); }
      if (button === coach) { words.push("★ " + hand.dataset.coachMark); }
      button.classList.toggle("received", received.has(button));
      button.classList.toggle("coach-pick", button === coach);
      var description = words.join(" · ");
      if ((button.getAttribute("aria-description") || "") !== description) {
        if (description) {
          button.setAttribute("aria-description", description);
        } else {
          button.removeAttribute("aria-description");
        }
      }
    });
  }
  function update() { sortHand(); markHand(); }

  // Sorting moves buttons, which the observer sees too; a sorted hand is left alone.
  new MutationObserver(update).observe(document.documentElement, {
    childList: true, subtree: true
  });
  if (prefs) { prefs.onChange(function (name) { if (name === "sort") { sortHand(); } }); }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", update);
  } else {
    update();
  }
})();
