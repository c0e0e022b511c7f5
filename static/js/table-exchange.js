// 换三张 (swap three): the player toggles three tiles of one suit in their hand
// (templates/games/table/_exchange_hand.html). Each tile is a button with aria-pressed;
// the chosen tiles fill the form's hidden "tiles" field and "已选 n / 3" counts them. The
// 换三张 button stays in the Tab order (aria-disabled, never disabled) and says why it
// waits: three chosen of two suits show "三张须同一花色" at once; a press with fewer than
// three, "选三张同一花色的牌". It sends only three of one suit. The server checks the pick
// again (games/rules/exchange.py): this only helps the player make a good one. By
// keyboard, ← → move along the tiles (static/js/table-keys.js) and Space toggles.
//
// The table's parts are replaced whenever anything changes (another player picking
// too): the choice is remembered by the hand it was made in and pressed again in the
// new form, and forgotten when the hand is a different one.
(function () {
  "use strict";
  var PICK = 3;
  var remembered = { hand: null, tiles: [], asked: false };

  function forms(root) {
    if (!root || !root.querySelectorAll) { return []; }
    var found = Array.prototype.slice.call(root.querySelectorAll("[data-exchange-form]"));
    if (root.matches && root.matches("[data-exchange-form]")) { found.push(root); }
    return found;
  }

  function pressed(form) {
    return Array.prototype.filter.call(
      form.querySelectorAll("[data-exchange-tile]"),
      function (button) { return button.getAttribute("aria-pressed") === "true"; });
  }

  function chosenTiles(form) {
    return pressed(form).map(function (b) { return b.dataset.exchangeTile; });
  }
  function ready(chosen) {
    return chosen.length === PICK && chosen.every(function (tile) {
      return tile.charAt(1) === chosen[0].charAt(1);
    });
  }

  // `asked`: the player pressed the button before the pick was ready.
  function update(form, asked) {
    var chosen = chosenTiles(form);
    form.querySelector("[data-exchange-tiles]").value = chosen.join("");
    var count = form.querySelector("[data-exchange-count]");
    if (count && count.dataset.template) {
      count.textContent = count.dataset.template.replace("__N__", String(chosen.length));
    }
    var submit = form.querySelector("[data-exchange-submit]");
    if (submit) { submit.setAttribute("aria-disabled", ready(chosen) ? "false" : "true"); }
    var reason = form.querySelector("[data-exchange-reason]");
    if (reason) {
      if (asked) { form.dataset.asked = "1"; }
      var text = "";
      if (chosen.length === PICK && !ready(chosen)) {
        text = reason.dataset.mixed;
      } else if (chosen.length < PICK && form.dataset.asked) {
        text = reason.dataset.fewer;
      }
      if (reason.textContent !== text) { reason.textContent = text; }
      reason.hidden = !text;
    }
    remembered = { hand: form.dataset.hand, tiles: chosen, asked: Boolean(form.dataset.asked) };
  }

  function arm(form) {
    if (form.dataset.armed) { return; }
    form.dataset.armed = "1";
    if (remembered.hand === form.dataset.hand) {
      if (remembered.asked) { form.dataset.asked = "1"; }
      remembered.tiles.forEach(function (tile) {
        var free = Array.prototype.find.call(
          form.querySelectorAll('[data-exchange-tile="' + tile + '"]'),
          function (b) { return b.getAttribute("aria-pressed") !== "true"; });
        if (free) { free.setAttribute("aria-pressed", "true"); }
      });
    }
    update(form);
  }

  // A press of the 换三张 button (pointer, Enter or Space) sends only a ready pick; else
  // it says what is missing. Caught before htmx reads the form.
  document.addEventListener("click", function (event) {
    var submit = event.target.closest && event.target.closest("[data-exchange-submit]");
    var form = submit && submit.closest("[data-exchange-form]");
    if (!form || ready(chosenTiles(form))) { return; }
    event.preventDefault();
    event.stopPropagation();
    update(form, true);
  }, true);

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-exchange-tile]");
    if (!button) { return; }
    var form = button.closest("[data-exchange-form]");
    var on = button.getAttribute("aria-pressed") === "true";
    if (!on && pressed(form).length >= PICK) { return; } // three at most
    button.setAttribute("aria-pressed", on ? "false" : "true");
    update(form);
  });

  function armAll(root) { forms(root).forEach(arm); }
  document.addEventListener("htmx:load", function (event) { armAll(event.target); });
  new MutationObserver(function () { armAll(document); }).observe(document.documentElement, {
    childList: true, subtree: true
  });
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", function () { armAll(document); });
  } else {
    armAll(document);
  }
})();
