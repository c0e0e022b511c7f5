// A tournament's leaderboard comes over its socket rendered once for everybody
// (tournaments.live): whole when the page opens its socket, then only the rows that
// changed and the order of all (tournaments.board_changes), applied here. When it
// shows the reader seated at a table (their row's data-table), the page takes them
// there: the clock seats players by itself, and a player must not miss their deal.
// Once per table: back on this page, they stay (and never go back to the table they
// just came from).
(function () {
  "use strict";

  var CHANGES_ID = "leaderboard-changes";

  function goToMyTable() {
    var live = document.querySelector(".tournament-live[data-me]");
    if (!live || !live.getAttribute("data-me")) return;
    var row = live.querySelector('tr[data-user="' + live.getAttribute("data-me") + '"]');
    var code = row && row.getAttribute("data-table");
    if (!code) return;
    var key = "tournament-table-" + code;
    var path = "/t/" + encodeURIComponent(code) + "/";
    try {
      if (sessionStorage.getItem(key)) return;
      sessionStorage.setItem(key, "1");
    } catch (error) {
      /* storage off: go all the same */
    }
    // Sent back here by that table once its match was over (table-home.js), before the
    // clock freed its seat: not back to it.
    if (cameFrom(path)) return;
    window.location.assign(path);
  }

  function cameFrom(path) {
    try {
      return new URL(document.referrer).pathname === path;
    } catch (error) {
      return false;
    }
  }

  // The changed rows replace theirs (or join the board), then every row takes its
  // place and rank from the order ("<user id>:<rank> …", from the top); a row the
  // order leaves out is gone.
  function applyChanges(changes) {
    var body = document.querySelector("#leaderboard tbody");
    if (!body) return;
    // The board's rows by id: not document.getElementById, which would find a changed
    // row where it waits here, before the board, under the same id.
    var rows = {};
    Array.prototype.slice.call(body.children).forEach(function (row) {
      rows[row.id] = row;
    });
    Array.prototype.slice.call(changes.querySelectorAll("tbody > tr")).forEach(function (row) {
      var old = rows[row.id];
      if (old) body.replaceChild(row, old);
      else body.appendChild(row);
      rows[row.id] = row;
    });
    var placed = {};
    (changes.getAttribute("data-order") || "").split(" ").forEach(function (item) {
      var parts = item.split(":");
      var row = parts.length === 2 && rows["lb-" + parts[0]];
      if (!row) return;
      var rank = row.querySelector("td.lb-rank");
      if (rank) rank.textContent = parts[1];
      body.appendChild(row);
      placed[row.id] = true;
    });
    Array.prototype.slice.call(body.children).forEach(function (row) {
      if (!placed[row.id]) body.removeChild(row);
    });
    changes.removeAttribute("data-order");
    changes.textContent = "";
  }

  document.addEventListener("htmx:oobAfterSwap", function () {
    // Fired for each element the message swapped in: the changes are applied once.
    var changes = document.getElementById(CHANGES_ID);
    if (changes && changes.hasAttribute("data-order")) applyChanges(changes);
    goToMyTable();
  });
  document.addEventListener("DOMContentLoaded", goToMyTable);
})();
