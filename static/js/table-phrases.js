// Quick phrases (games/table/phrases.py). A bubble (.phrase-bubble) arrives in a seat's spot
// and is taken away after a few seconds; a newer one at the same seat replaces it. The
// 💬 panel (#me-phrases, a <details>) closes once a phrase is sent, on Escape and on a
// press elsewhere, giving the focus back to its button when it had it. Whether bubbles
// show at all is the "phrases" preference (a class on <html>, table-prefs.js).
(function () {
  "use strict";
  var SHOWN_MS = 4000;

  function arm(root) {
    var bubbles = root.matches && root.matches(".phrase-bubble") ? [root]
      : root.querySelectorAll ? root.querySelectorAll(".phrase-bubble") : [];
    Array.prototype.forEach.call(bubbles, function (bubble) {
      if (bubble.dataset.armed) { return; }
      bubble.dataset.armed = "1";
      setTimeout(function () { bubble.remove(); }, SHOWN_MS);
    });
  }
  document.addEventListener("htmx:load", function (event) { arm(event.target); });

  function panel() { return document.getElementById("me-phrases"); }
  function close(refocus) {
    var details = panel();
    if (!details || !details.open) { return; }
    var hadFocus = details.contains(document.activeElement);
    details.open = false;
    if (refocus && hadFocus) { details.querySelector("summary").focus(); }
  }
  // After htmx has read the pressed button (its submit handler runs first, on the form).
  document.addEventListener("submit", function (event) {
    if (event.target.closest && event.target.closest("#me-phrases")) {
      setTimeout(function () { close(true); }, 0);
    }
  });
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape") { close(true); }
  });
  document.addEventListener("pointerdown", function (event) {
    var details = panel();
    if (details && details.open && !details.contains(event.target)) { close(false); }
  });
})();
