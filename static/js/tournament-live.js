// A tournament's leaderboard comes over its socket rendered once for everybody
// (tournaments.live). When it shows the reader seated at a table (their row's
// data-table), the page takes them there: the clock seats players by itself, and a
// player must not miss their deal. Once per table: back on this page, they stay.
(function () {
  "use strict";

  function goToMyTable() {
    var live = document.querySelector(".tournament-live[data-me]");
    if (!live || !live.getAttribute("data-me")) return;
    var row = live.querySelector('tr[data-user="' + live.getAttribute("data-me") + '"]');
    var code = row && row.getAttribute("data-table");
    if (!code) return;
    var key = "tournament-table-" + code;
    try {
      if (sessionStorage.getItem(key)) return;
      sessionStorage.setItem(key, "1");
    } catch (error) {
      /* storage off: go all the same */
    }
    window.location.assign("/t/" + encodeURIComponent(code) + "/");
  }

  document.addEventListener("htmx:oobAfterSwap", goToMyTable);
  document.addEventListener("DOMContentLoaded", goToMyTable);
})();
