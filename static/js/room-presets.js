/* The room form's preset chooser (templates/games/create_room.html).
 *
 * Without JavaScript the chooser is a GET form: its button reloads the page with
 * ?preset=<key> and the server fills the room form. Here a change of the choice fills the
 * room form at once, from the options each choice carries (the select's data-presets
 * attribute, written by games.rooms.forms.PresetForm), and the button is no longer needed.
 * Every field stays as adjustable as before. */
(function () {
  "use strict";

  function fill(roomForm, values) {
    Object.keys(values).forEach(function (name) {
      var field = roomForm.elements.namedItem(name);
      if (!field) return;
      var value = values[name];
      if (field.type === "checkbox") {
        field.checked = value === true;
      } else {
        field.value = value === null ? "" : String(value);
      }
    });
  }

  function setUp(chooser) {
    var select = chooser.querySelector("select[data-presets]");
    var roomForm = document.getElementById(chooser.dataset.roomForm);
    if (!select || !roomForm) return;
    var presets;
    try {
      presets = JSON.parse(select.dataset.presets);
    } catch (e) {
      return; // keep the button: the form still works by reloading
    }
    var apply = chooser.querySelector(".preset-apply");
    if (apply) apply.hidden = true;
    select.addEventListener("change", function () {
      var values = presets[select.value];
      if (values) {
        fill(roomForm, values);
        roomForm.dispatchEvent(new Event("preset-filled"));
      }
      // Keep the address in step, so that reloading keeps the same preset.
      if (window.history && window.history.replaceState) {
        window.history.replaceState(null, "", "?preset=" + encodeURIComponent(select.value));
      }
    });
  }

  /* The room's name follows the way to play while it is a name the form offered (the
   * input's data-default-names per mode, data-offered-names in every language); a name
   * the owner typed stays. games.rooms.forms.RoomForm.clean does the same on the server. */
  function followMode(roomForm) {
    var name = roomForm.elements.namedItem("name");
    var mode = roomForm.elements.namedItem("mode");
    if (!name || !mode || !name.dataset.defaultNames) return;
    var names, offered;
    try {
      names = JSON.parse(name.dataset.defaultNames);
      offered = JSON.parse(name.dataset.offeredNames || "[]");
    } catch (e) {
      return;
    }
    function sync() {
      var typed = name.value.trim();
      if ((typed === "" || offered.indexOf(typed) !== -1) && names[mode.value]) {
        name.value = names[mode.value];
      }
    }
    mode.addEventListener("change", sync);
    roomForm.addEventListener("preset-filled", sync);
  }

  document.querySelectorAll("form.room-form").forEach(followMode);
  document.querySelectorAll("form.preset-form").forEach(setUp);
})();
