// What the table tells a player who is not watching it: a sound for each new event,
// a chime, a vibration and a flashing tab title when it becomes their turn, and a tick
// for each of the last five seconds of their own clock.
//
// The server says what happened in <span id="table-cue" data-cue="KIND"
// data-cue-key="KEY" data-my-turn="0|1">, replaced with the table on every change.
// A key is played once: the same table sent again (after a reconnect) stays quiet, and
// so does the table a page opens with. Nothing here decides anything about the game.
(function () {
  "use strict";
  var table = window.XuezhanTable || {};
  var sound = table.sound || { play: function () { return false; } };
  var started = false;  // the first look, at the page's load, is done
  var lastKey = null;
  var myTurn = false;
  var flashing = null;
  var savedTitle = "";
  var lastTick = null;

  function look() {
    var cue = document.getElementById("table-cue");
    var firstLook = !started;
    started = true;
    if (!cue) { return; }
    var key = cue.dataset.cueKey || "";
    var turn = cue.dataset.myTurn === "1";
    var playedCue = false;
    if (key !== lastKey) {
      lastKey = key;
      // What the page shows when it opens happened before: no sound, no alert.
      if (!firstLook && cue.dataset.cue) { playedCue = sound.play(cue.dataset.cue); }
    }
    if (turn && !myTurn && !firstLook) { yourTurn(playedCue); }
    if (!turn) { stopFlashing(); }
    myTurn = turn;
  }

  function yourTurn(afterAnotherSound) {
    // After the event's own sound, so that the two do not blur into one.
    sound.play("turn", afterAnotherSound ? 0.35 : 0);
    vibrate();
    if (document.hidden) { startFlashing(); }
  }

  function vibrate() {
    // Browsers allow it only after the player has touched the page; asking earlier
    // would only log a warning.
    var touched = !navigator.userActivation || navigator.userActivation.hasBeenActive;
    if (typeof navigator.vibrate === "function" && touched) { navigator.vibrate(200); }
  }

  // The title alternates with "Your turn" (translated on the server) until the player
  // comes back to the tab or the turn is over.
  function startFlashing() {
    var holder = document.querySelector("[data-your-turn-title]");
    var text = holder && holder.dataset.yourTurnTitle;
    if (flashing || !text) { return; }
    savedTitle = document.title;
    var showText = false;
    var step = function () {
      showText = !showText;
      document.title = showText ? text : savedTitle;
    };
    step();
    flashing = window.setInterval(step, 1000);
  }
  function stopFlashing() {
    if (!flashing) { return; }
    window.clearInterval(flashing);
    flashing = null;
    document.title = savedTitle;
  }
  document.addEventListener("visibilitychange", function () {
    if (!document.hidden) { stopFlashing(); }
  });

  // The countdown module (in static/js/table-prefs.js) counts the clock down on the page; this listens to what it shows.
  function listenToClock() {
    var shown = document.querySelector(".countdown.my-clock .seconds");
    var left = shown ? parseInt(shown.textContent, 10) : null;
    if (left !== null && left >= 1 && left <= 5 && left !== lastTick) { sound.play("tick"); }
    lastTick = left;
  }

  new MutationObserver(look).observe(document.documentElement, {
    childList: true, subtree: true, attributes: true,
    attributeFilter: ["data-cue-key", "data-my-turn"]
  });
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", look);
  } else {
    look();
  }
  window.setInterval(listenToClock, 200);
})();
