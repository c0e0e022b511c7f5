// The table settings panel (templates/games/table/_prefs.html): each control names its
// preference in data-pref; a checkbox holds a yes/no, a radio button one of the values.
// The controls show what window.XuezhanTable.prefs holds and write to it on change.
(function () {
  "use strict";
  var prefs = window.XuezhanTable && window.XuezhanTable.prefs;
  if (!prefs) { return; }

  function controls() {
    return document.querySelectorAll("#table-prefs [data-pref]");
  }

  function show() {
    controls().forEach(function (input) {
      var value = prefs.get(input.dataset.pref);
      input.checked = input.type === "checkbox" ? value === true : input.value === value;
    });
  }

  document.addEventListener("change", function (event) {
    var input = event.target;
    if (!input.matches || !input.matches("#table-prefs [data-pref]")) { return; }
    prefs.set(input.dataset.pref, input.type === "checkbox" ? input.checked : input.value);
  });
  // The open panel hangs below the gear wherever the layout puts it, moved sideways so
  // that all of it stays on the screen (a phone is narrower than the panel's width plus
  // the gear's distance from the edge).
  function place() {
    var panel = document.getElementById("table-prefs");
    var body = panel && panel.querySelector(".prefs-body");
    if (!body || !panel.open) { return; }
    body.style.left = "0px";
    var margin = 8;
    var box = body.getBoundingClientRect();
    var room = document.documentElement.clientWidth;
    var left = Math.min(box.left, room - box.width - margin);
    body.style.left = Math.max(margin, left) - box.left + "px";
  }
  document.addEventListener("toggle", function (event) {
    if (event.target.id === "table-prefs") { place(); }
  }, true);  // toggle does not bubble
  // The controls are brought up to date as the panel opens too (a click on its summary,
  // by pointer or key, comes before it opens), so that a panel that arrives after this
  // script, with a swapped-in table, shows the choices made.
  document.addEventListener("click", function (event) {
    if (event.target.closest && event.target.closest("#table-prefs > summary")) { show(); }
  }, true);
  window.addEventListener("resize", place);

  // Another tab may change a preference while this one is open.
  prefs.onChange(show);
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", show);
  } else {
    show();
  }
})();
