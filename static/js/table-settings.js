// The table settings panel (templates/games/table/_prefs.html): each control names its
// preference in data-pref; a checkbox holds a yes/no, a radio button one of the values.
// The controls show what window.XuezhanTable.prefs holds and write to it on change.
(function () {
  "use strict";
  var prefs = window.XuezhanTable && window.XuezhanTable.prefs;
  if (!prefs) { return; }

  function controls() {
    return document.querySelectorAll("#table-prefs [data-pref]");
  }

  function show() {
    controls().forEach(function (input) {
      var value = prefs.get(input.dataset.pref);
      input.checked = input.type === "checkbox" ? value === true : input.value === value;
    });
  }

  document.addEventListener("change", function (event) {
    var input = event.target;
    if (!input.matches || !input.matches("#table-prefs [data-pref]")) { return; }
    prefs.set(input.dataset.pref, input.type === "checkbox" ? input.checked : input.value);
  });
  // The open panel hangs below the gear wherever the layout puts it, moved sideways so
  // that all of it stays on the screen (a phone is narrower than the panel's width plus
  // the gear's distance from the edge).
  function place() {
    var panel = document.getElementById("table-prefs");
    var body = panel && panel.querySelector(".prefs-body");
    if (!body || !panel.open) { return; }
    body.style.left = "0px";
    var margin = 8;
    var box = body.getBoundingClientRect();
    var room = document.documentElement.clientWidth;
    var left = Math.min(box.left, room - box.width - margin);
    body.style.left = Math.max(margin, left) - box.left + "px";
  }
  document.addEventListener("toggle", function (event) {
    if (event.target.id === "table-prefs") { place(); }
  }, true);  // toggle does not bubble
  // The controls are brought up to date as the panel opens too (a click on its summary,
  // by pointer or key, comes before it opens), so that a panel that arrives after this
  // script, with a swapped-in table, shows the choices made.
  document.addEventListener("click", function (event) {
    if (event.target.closest && event.target.closest("#table-prefs > summary")) { show(); }
  }, true);
  window.addEventListener("resize", place);

  // Another tab may change a preference while this one is open.
  prefs.onChange(show);
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", show);
  } else {
    show();
  }
})();

// The player's hand (#me-hand) in the order they chose in the table settings, put back
// in that order after every update of the table. Only the order of the buttons changes:
// each keeps its tile, its form and whether it may be played. The drawn tile (.drawn)
// stays last, apart, so that the player always sees what they just drew.
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

  // Sorting moves buttons, which the observer sees too; a sorted hand is left alone.
  new MutationObserver(sortHand).observe(document.documentElement, {
    childList: true, subtree: true
  });
  if (prefs) { prefs.onChange(function (name) { if (name === "sort") { sortHand(); } }); }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", sortHand);
  } else {
    sortHand();
  }
})();
