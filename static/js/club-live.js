// The club page's list of tables comes over its socket rendered once for every member
// (clubs.live): it names nobody in particular. This makes it the reader's own:
//
// - a room where the reader sits (its data-seated holds their id, the .club-live
//   wrapper's data-me) is marked "mine", so that it offers "Back to your seat" (clubs.css);
// - a form of the list sent without a CSRF token (the shared render has none) gets the
//   page's own, the one htmx sends (the body's hx-headers).
(function () {
  "use strict";

  function markMine() {
    var live = document.querySelector(".club-live[data-me]");
    if (!live) return;
    var me = live.getAttribute("data-me");
    live.querySelectorAll("[data-seated]").forEach(function (item) {
      var seated = item.getAttribute("data-seated").split(" ");
      item.classList.toggle("mine", seated.indexOf(me) >= 0);
    });
  }

  function pageToken() {
    try {
      return JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"];
    } catch (error) {
      return null;
    }
  }

  document.addEventListener(
    "submit",
    function (event) {
      var form = event.target;
      if (!form.closest || !form.closest(".club-live")) return;
      if (form.querySelector("input[name=csrfmiddlewaretoken]")) return;
      var token = pageToken();
      if (!token) return;
      var input = document.createElement("input");
      input.type = "hidden";
      input.name = "csrfmiddlewaretoken";
      input.value = token;
      form.appendChild(input);
    },
    true
  );
  document.addEventListener("htmx:oobAfterSwap", markMine);
  document.addEventListener("DOMContentLoaded", markMine);
})();
