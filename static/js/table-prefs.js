// The player's table preferences: hand order, discards by seat or as one pool, sound,
// animation, tile size and quick phrases (off: no bubble shows and no 💬 button; the
// server still sends them, a few bytes, so that turning them on again needs no
// reload). They live in this browser's localStorage and never reach the
// server: they change how the page looks and sounds, not the game.
//
// Loaded in <head> without `defer`, so that the classes are on <html> before the first
// paint: a player who chose large tiles or the pool never sees the table flash in the
// default look first. The other table scripts read and watch the preferences through
// window.XuezhanTable.prefs.
(function () {
  "use strict";
  var KEY = "xuezhan.table-prefs";
  // Every preference and the values it may take; the first value is the default.
  var CHOICES = {
    sort: ["suits", "void-first", "bamboo-first"],
    discards: ["seat", "pool"],
    sound: [true, false],
    motion: [true, false],
    tiles: ["normal", "large"],
    phrases: [true, false]
  };
  var root = document.documentElement;
  var listeners = [];
  var current = load();

  function load() {
    var stored = {};
    try {
      stored = JSON.parse(window.localStorage.getItem(KEY) || "{}") || {};
    } catch (e) {
      stored = {};  // storage disabled or a value we cannot read: the defaults
    }
    var prefs = {};
    Object.keys(CHOICES).forEach(function (name) {
      var allowed = CHOICES[name];
      prefs[name] = allowed.indexOf(stored[name]) >= 0 ? stored[name] : allowed[0];
    });
    return prefs;
  }

  function save() {
    try {
      window.localStorage.setItem(KEY, JSON.stringify(current));
    } catch (e) {
      // Private mode or a full storage: the choice holds for this page only.
    }
  }

  function applyClasses() {
    root.classList.toggle("pref-pool", current.discards === "pool");
    root.classList.toggle("pref-sound-off", !current.sound);
    root.classList.toggle("pref-motion-off", !current.motion);
    root.classList.toggle("pref-tiles-large", current.tiles === "large");
    root.classList.toggle("pref-phrases-off", !current.phrases);
  }

  function notify(name) {
    listeners.forEach(function (listener) { listener(name, current[name]); });
  }

  var prefs = {
    choices: CHOICES,
    get: function (name) { return current[name]; },
    set: function (name, value) {
      if (!CHOICES[name] || CHOICES[name].indexOf(value) < 0 || current[name] === value) {
        return;
      }
      current[name] = value;
      save();
      applyClasses();
      notify(name);
    },
    // listener(name, value) after every change, here or in another tab.
    onChange: function (listener) { listeners.push(listener); }
  };

  // A change made in another tab of the same site applies here too.
  window.addEventListener("storage", function (event) {
    if (event.key !== KEY) { return; }
    var before = current;
    current = load();
    applyClasses();
    Object.keys(CHOICES).forEach(function (name) {
      if (before[name] !== current[name]) { notify(name); }
    });
  });

  applyClasses();
  window.XuezhanTable = window.XuezhanTable || {};
  window.XuezhanTable.prefs = prefs;
})();

// The table's countdown: the server sends how many seconds the pending decision has
// left (data-seconds-left); the browser counts down from the moment it received them,
// so a wrong clock on the phone does not matter. Nothing here decides anything.
(function () {
  "use strict";
  function arm(root) {
    root.querySelectorAll("[data-seconds-left]").forEach(function (el) {
      el.dataset.endsAt = String(Date.now() + Number(el.dataset.secondsLeft) * 1000);
    });
    tick();
  }
  function tick() {
    document.querySelectorAll("[data-ends-at]").forEach(function (el) {
      var left = Math.max(0, Math.ceil((Number(el.dataset.endsAt) - Date.now()) / 1000));
      var shown = el.querySelector(".seconds");
      if (shown) { shown.textContent = String(left); }
      el.classList.toggle("urgent", left <= 5);
    });
  }
  document.addEventListener("htmx:load", function (event) { arm(event.target); });
  document.addEventListener("DOMContentLoaded", function () { arm(document); });
  setInterval(tick, 250);
})();
