// At the end of a tournament table's match, its seated player's page goes back to the
// tournament's page by itself (games.play.homes): that page has their next table, and
// takes them there (tournament-live.js). The server says when, in seconds, on the link
// (data-follow-home): once the settlement has been shown long enough. A tap on the link
// goes at once; anybody else (a watcher) has the link alone.
(function () {
  "use strict";

  var timer = null;

  function follow() {
    var link = document.querySelector("a[data-follow-home]");
    if (!link || timer !== null) return;
    var seconds = parseFloat(link.getAttribute("data-follow-home")) || 0;
    timer = window.setTimeout(function () {
      window.location.assign(link.getAttribute("href"));
    }, seconds * 1000);
  }

  document.addEventListener("htmx:oobAfterSwap", follow);
  document.addEventListener("DOMContentLoaded", follow);
})();
