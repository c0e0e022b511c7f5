/* The table's settlement (templates/games/table/_settlement.html): buttons above the
   payments show only one player's lines, those they paid or were paid; "everyone" shows
   every line again. The server sends the players' names only; the buttons are made here,
   so a page without this script has nothing to press and shows every line. The
   settlement is redrawn by the socket's updates, so new ones are found as they come and
   the clicks are caught on the document. */
(function () {
  "use strict";

  function button(seat, text, pressed) {
    var made = document.createElement("button");
    made.type = "button";
    made.setAttribute("data-seat", seat);
    made.setAttribute("aria-pressed", pressed ? "true" : "false");
    made.textContent = text;
    return made;
  }

  function build(group) {
    if (group.dataset.built) return;
    group.dataset.built = "1";
    var names = Array.prototype.slice.call(group.querySelectorAll("span[data-seat]"));
    group.textContent = "";
    group.appendChild(button("", group.dataset.everyone || "", true));
    names.forEach(function (name) {
      group.appendChild(button(name.getAttribute("data-seat"), name.textContent, false));
    });
    group.classList.add("built");
  }

  function buildAll() {
    document.querySelectorAll(".settlement-filter").forEach(build);
  }

  new MutationObserver(buildAll).observe(document.documentElement,
                                         {childList: true, subtree: true});
  document.addEventListener("DOMContentLoaded", buildAll);
  buildAll();

  document.addEventListener("click", function (event) {
    var pressed = event.target.closest(".settlement-filter button[data-seat]");
    if (!pressed) return;
    var section = pressed.closest(".settlement");
    if (!section) return;
    var seat = pressed.getAttribute("data-seat");
    section.querySelectorAll(".settlement-filter button[data-seat]").forEach(function (b) {
      b.setAttribute("aria-pressed", b === pressed ? "true" : "false");
    });
    section.querySelectorAll("ol.payments li[data-payer]").forEach(function (line) {
      line.hidden = !(seat === "" || line.getAttribute("data-payer") === seat ||
                      line.getAttribute("data-payee") === seat);
    });
  });
})();
