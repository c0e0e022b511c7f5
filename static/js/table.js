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
