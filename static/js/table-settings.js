// The table settings panel (templates/games/table/_prefs.html): each control names its
// preference in data-pref; a checkbox holds a yes/no, a radio button one of the values.
// The controls show what window.XuezhanTable.prefs holds and write to it on change.
// The open panel lies across the page at the foot of the room's bar, which grows by its
// height (--prefs-h, static/css/table.css) and moves the table down: it covers no seat
// and no control. It closes on Escape (the focus back on its gear) and on a press
// anywhere outside it.
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

  function panel() { return document.getElementById("table-prefs"); }
  // The height the open panel takes, given to the page as --prefs-h; and on a small
  // screen, where it is a sheet in the board's place, the room it may take (--prefs-room):
  // the board's height with the panel's own, that is, all of it down to the dock.
  function measure() {
    var details = panel();
    var body = details && details.querySelector(".prefs-body");
    var page = details && details.closest(".table-page");
    if (!page) { return; }
    var shown = parseFloat(page.style.getPropertyValue("--prefs-h")) || 0;
    var stage = page.querySelector(".stage");
    if (details.open && stage) {
      var room = stage.getBoundingClientRect().height + shown - 4;
      page.style.setProperty("--prefs-room", Math.max(160, Math.floor(room)) + "px");
    } else if (!stage) {
      page.style.removeProperty("--prefs-room");  // no board (the seats): half the height
    }
    var height = details.open && body ? body.offsetHeight : 0;
    if (height !== shown) { page.style.setProperty("--prefs-h", height + "px"); }
  }
  var watched = null;
  var sizes = window.ResizeObserver ? new ResizeObserver(measure) : null;
  function watch() {
    var body = panel() && panel().querySelector(".prefs-body");
    if (sizes && body && body !== watched) {
      if (watched) { sizes.unobserve(watched); }
      sizes.observe(body);
      watched = body;
    }
    measure();
  }
  document.addEventListener("toggle", function (event) {
    if (event.target.id === "table-prefs") { watch(); }
  }, true);  // toggle does not bubble
  window.addEventListener("resize", measure);

  function close(refocus) {
    var details = panel();
    if (!details || !details.open) { return; }
    var hadFocus = details.contains(document.activeElement);
    details.open = false;
    if (refocus && hadFocus) { details.querySelector("summary").focus(); }
  }
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape") { close(true); }
  });
  document.addEventListener("pointerdown", function (event) {
    var details = panel();
    if (details && details.open && !details.contains(event.target)) { close(false); }
  });

  // The controls are brought up to date as the panel opens too (a click on its summary,
  // by pointer or key, comes before it opens), so that a panel that arrives after this
  // script, with a swapped-in table, shows the choices made.
  document.addEventListener("click", function (event) {
    if (event.target.closest && event.target.closest("#table-prefs > summary")) { show(); }
  }, true);

  // Another tab may change a preference while this one is open.
  prefs.onChange(show);
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", show);
  } else {
    show();
  }
})();
