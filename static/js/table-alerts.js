// The table's sounds, synthesised in the browser with the Web Audio API: no sound files,
// so nothing of unclear licence and nothing more to download. Each sound is a few
// notes or the clack of a tile (a burst of filtered noise), short enough not to pile up.
//
// Browsers start audio only after the player has touched the page, so the AudioContext
// is made (or resumed) on the first press of a pointer or key; sounds asked for before
// that are skipped, not queued. The sound setting (window.XuezhanTable.prefs "sound")
// mutes everything.
//
// window.XuezhanTable.sound.play(kind[, delay]) plays one of KINDS below.
// window.__tableSoundsPlayed counts the sounds played and window.__tableSoundLog names
// them, for the browser tests (tests/e2e/test_table_client.py).
(function () {
  "use strict";
  var prefs = window.XuezhanTable && window.XuezhanTable.prefs;
  var context = null;
  var output = null;
  var noise = null;
  window.__tableSoundsPlayed = 0;
  window.__tableSoundLog = [];

  function unlock() {
    var AudioContext = window.AudioContext || window.webkitAudioContext;
    if (!AudioContext) { return; }
    if (!context) {
      context = new AudioContext();
      output = context.createGain();
      output.gain.value = 0.5;
      output.connect(context.destination);
      noise = makeNoise(context);
    }
    if (context.state === "suspended") { context.resume(); }
  }
  // Every press, not just the first: a phone may suspend the context again (a call).
  ["pointerdown", "keydown", "touchend"].forEach(function (type) {
    document.addEventListener(type, unlock, { capture: true, passive: true });
  });

  function makeNoise(audio) {
    var buffer = audio.createBuffer(1, Math.floor(audio.sampleRate * 0.5), audio.sampleRate);
    var samples = buffer.getChannelData(0);
    for (var i = 0; i < samples.length; i++) { samples[i] = Math.random() * 2 - 1; }
    return buffer;
  }

  // A gain that rises fast and dies away: the envelope of every sound here.
  function envelope(at, peak, length) {
    var gain = context.createGain();
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(peak, at + 0.005);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
    gain.connect(output);
    return gain;
  }

  // One note: `type` is the oscillator's wave, `to` an optional pitch to glide to.
  function tone(at, frequency, length, peak, type, to) {
    var oscillator = context.createOscillator();
    oscillator.type = type || "sine";
    oscillator.frequency.setValueAtTime(frequency, at);
    if (to) { oscillator.frequency.exponentialRampToValueAtTime(to, at + length); }
    oscillator.connect(envelope(at, peak, length));
    oscillator.start(at);
    oscillator.stop(at + length + 0.05);
  }

  // The clack of a tile on the table: noise through a band-pass at `pitch`.
  function clack(at, pitch, length, peak) {
    var source = context.createBufferSource();
    source.buffer = noise;
    var filter = context.createBiquadFilter();
    filter.type = "bandpass";
    filter.frequency.value = pitch;
    filter.Q.value = 4;
    source.connect(filter);
    filter.connect(envelope(at, peak, length));
    source.start(at, Math.random() * 0.3, length + 0.05);
  }

  var C5 = 523.25, E5 = 659.25, G5 = 783.99, A5 = 880, C6 = 1046.5, D6 = 1174.66,
    E6 = 1318.51, G6 = 1567.98;

  var KINDS = {
    // A tile put down: one clack with a little wood under it.
    discard: function (t) {
      clack(t, 2600, 0.08, 0.9);
      tone(t, 320, 0.07, 0.25, "triangle");
    },
    // 碰: two tiles knocked together, then a short bright call.
    pong: function (t) {
      clack(t, 2000, 0.06, 0.8);
      clack(t + 0.08, 2300, 0.06, 0.8);
      tone(t + 0.12, C5, 0.16, 0.2, "triangle");
      tone(t + 0.2, E5, 0.2, 0.2, "triangle");
    },
    // 杠: three heavier clacks over a low note.
    kong: function (t) {
      [0, 0.07, 0.14].forEach(function (d) { clack(t + d, 1500, 0.07, 0.9); });
      tone(t + 0.16, 196, 0.35, 0.3, "triangle");
      tone(t + 0.16, 294, 0.35, 0.15, "sine");
    },
    // 胡: a rising major arpeggio that rings.
    win: function (t) {
      [C5, E5, G5, C6].forEach(function (f, i) {
        tone(t + i * 0.09, f, i === 3 ? 0.7 : 0.3, 0.22, "triangle");
      });
    },
    // 自摸: a quicker, higher run with a sparkle on top.
    zimo: function (t) {
      [G5, A5, C6, D6, G6].forEach(function (f, i) {
        tone(t + i * 0.06, f, i === 4 ? 0.7 : 0.22, 0.2, "triangle");
      });
      tone(t + 0.32, 2 * G6, 0.5, 0.06, "sine");
      tone(t + 0.36, 2 * E6, 0.5, 0.05, "sine");
    },
    // Your turn: a two-note chime.
    turn: function (t) {
      tone(t, A5, 0.3, 0.25, "sine");
      tone(t + 0.14, E6, 0.45, 0.22, "sine");
    },
    // Each of the last five seconds of your own clock.
    tick: function (t) {
      tone(t, 1500, 0.04, 0.2, "square");
    },
    // A new deal: the tiles shuffled, a run of soft clacks.
    deal: function (t) {
      [0, 0.05, 0.09, 0.16, 0.2, 0.27, 0.31, 0.38].forEach(function (d, i) {
        clack(t + d, 1800 + (i % 3) * 400, 0.05, 0.35);
      });
    }
  };

  function play(kind, delay) {
    if (!KINDS[kind] || (prefs && !prefs.get("sound")) || !context) { return false; }
    KINDS[kind](context.currentTime + 0.01 + (delay || 0));
    window.__tableSoundsPlayed += 1;
    window.__tableSoundLog.push(kind);
    return true;
  }

  window.XuezhanTable = window.XuezhanTable || {};
  window.XuezhanTable.sound = { play: play, kinds: Object.keys(KINDS) };
})();

// What the table tells a player who is not watching it: a sound for each new event,
// a chime, a vibration and a flashing tab title when it becomes their turn, and a tick
// for each of the last five seconds of their own clock.
//
// The server says what happened in <span id="table-cue" data-cue="KIND"
// data-cue-key="KEY" data-my-turn="0|1">, replaced with the table on every change.
// A key is played once: the same table sent again (after a reconnect) stays quiet, and
// so does the table a page opens with. Nothing here decides anything about the game.
(function () {
  "use strict";
  var table = window.XuezhanTable || {};
  var sound = table.sound || { play: function () { return false; } };
  var started = false;  // the first look, at the page's load, is done
  var lastKey = null;
  var myTurn = false;
  var flashing = null;
  var savedTitle = "";
  var lastTick = null;

  function look() {
    var cue = document.getElementById("table-cue");
    var firstLook = !started;
    started = true;
    if (!cue) { return; }
    var key = cue.dataset.cueKey || "";
    var turn = cue.dataset.myTurn === "1";
    var playedCue = false;
    if (key !== lastKey) {
      lastKey = key;
      // What the page shows when it opens happened before: no sound, no alert.
      if (!firstLook && cue.dataset.cue) { playedCue = sound.play(cue.dataset.cue); }
    }
    if (turn && !myTurn && !firstLook) { yourTurn(playedCue); }
    if (!turn) { stopFlashing(); }
    myTurn = turn;
  }

  function yourTurn(afterAnotherSound) {
    // After the event's own sound, so that the two do not blur into one.
    sound.play("turn", afterAnotherSound ? 0.35 : 0);
    vibrate();
    if (document.hidden) { startFlashing(); }
  }

  function vibrate() {
    // Browsers allow it only after the player has touched the page; asking earlier
    // would only log a warning.
    var touched = !navigator.userActivation || navigator.userActivation.hasBeenActive;
    if (typeof navigator.vibrate === "function" && touched) { navigator.vibrate(200); }
  }

  // The title alternates with "Your turn" (translated on the server) until the player
  // comes back to the tab or the turn is over.
  function startFlashing() {
    var holder = document.querySelector("[data-your-turn-title]");
    var text = holder && holder.dataset.yourTurnTitle;
    if (flashing || !text) { return; }
    savedTitle = document.title;
    var showText = false;
    var step = function () {
      showText = !showText;
      document.title = showText ? text : savedTitle;
    };
    step();
    flashing = window.setInterval(step, 1000);
  }
  function stopFlashing() {
    if (!flashing) { return; }
    window.clearInterval(flashing);
    flashing = null;
    document.title = savedTitle;
  }
  document.addEventListener("visibilitychange", function () {
    if (!document.hidden) { stopFlashing(); }
  });

  // The countdown module (in static/js/table-prefs.js) counts the clock down on the page; this listens to what it shows.
  function listenToClock() {
    var shown = document.querySelector(".countdown.my-clock .seconds");
    var left = shown ? parseInt(shown.textContent, 10) : null;
    if (left !== null && left >= 1 && left <= 5 && left !== lastTick) { sound.play("tick"); }
    lastTick = left;
  }

  new MutationObserver(look).observe(document.documentElement, {
    childList: true, subtree: true, attributes: true,
    attributeFilter: ["data-cue-key", "data-my-turn"]
  });
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", look);
  } else {
    look();
  }
  window.setInterval(listenToClock, 200);
})();

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

// The player's hand (#me-hand) in the order they chose in the table settings, put back
// in that order after every update of the table, and its marks (below). Only the order
// of the buttons changes: each keeps its tile, its form and whether it may be played. The
// drawn tile (.drawn) stays last, apart, so that the player always sees what they drew.
//
// Orders (window.XuezhanTable.prefs "sort"):
//   suits         万 筒 条, each by rank, the void suit last (the default)
//   void-first    the void suit first (the tiles to discard), then 万 筒 条
//   bamboo-first  条 筒 万, the void suit last
(function () {
  "use strict";
  var prefs = window.XuezhanTable && window.XuezhanTable.prefs;
  var SUITS = { suits: "mps", "void-first": "mps", "bamboo-first": "spm" };

  // A button's tile code ("5m"): its value, else the picture's file name.
  function code(button) {
    if (button.value) { return button.value; }
    var img = button.querySelector("img");
    var found = img && /([1-9][mps])\.svg/.exec(img.getAttribute("src") || "");
    return found ? found[1] : "";
  }

  function rank(button, order, voidSuit) {
    var tile = code(button);
    var suit = SUITS[order].indexOf(tile.charAt(1));
    var value = (suit < 0 ? 3 : suit) * 10 + (Number(tile.charAt(0)) || 0);
    var isVoid = button.classList.contains("void-tile") || (voidSuit && tile.charAt(1) === voidSuit);
    if (isVoid) { value += order === "void-first" ? -100 : 100; }
    return value;
  }

  function sortHand() {
    var hand = document.getElementById("me-hand");
    if (!hand) { return; }
    var order = (prefs && prefs.get("sort")) || "suits";
    var voidSuit = hand.dataset.void || "";
    // Tiles sit in the hand itself or in its discard form: sort each group in place.
    var groups = new Map();
    hand.querySelectorAll("button.tile:not(.drawn)").forEach(function (button) {
      var parent = button.parentNode;
      if (!groups.has(parent)) { groups.set(parent, []); }
      groups.get(parent).push(button);
    });
    groups.forEach(function (buttons, parent) {
      var sorted = buttons.slice().sort(function (a, b) {
        return rank(a, order, voidSuit) - rank(b, order, voidSuit);
      });
      if (sorted.every(function (button, i) { return button === buttons[i]; })) { return; }
      // Put them back where they were, in order: before what followed the last of them
      // (the gap before the drawn tile, the drawn tile, or nothing).
      var after = buttons[buttons.length - 1].nextSibling;
      sorted.forEach(function (button) { parent.insertBefore(button, after); });
    });
  }

  // The marks the server names by tile code on the hand (games/table/hand_marks.py):
  // data-received, the tiles that came in 换三张 (⇄, until the first discard), and
  // data-coach, the tile the coach would discard (★, as in its panel). As many buttons of
  // each code as named are marked, the hand's own tiles before the drawn one (the coach:
  // the drawn one first); each says what its mark means beside its name.
  function markHand() {
    var hand = document.getElementById("me-hand");
    if (!hand) { return; }
    var buttons = Array.prototype.slice.call(hand.querySelectorAll("button.tile"));
    var drawnLast = buttons.filter(function (b) { return !b.classList.contains("drawn"); })
      .concat(buttons.filter(function (b) { return b.classList.contains("drawn"); }));
    var received = new Set();
    (hand.dataset.received || "").split(" ").filter(Boolean).forEach(function (tile) {
      var found = drawnLast.filter(function (b) { return code(b) === tile && !received.has(b); })[0];
      if (found) { received.add(found); }
    });
    var coach = hand.dataset.coach ? drawnLast.slice().reverse().filter(function (b) {
      return code(b) === hand.dataset.coach;
    })[0] : null;
    buttons.forEach(function (button) {
      var words = [];
      if (received.has(button)) { words.push(hand.dataset.receivedMark); }
      if (button === coach) { words.push("★ " + hand.dataset.coachMark); }
      button.classList.toggle("received", received.has(button));
      button.classList.toggle("coach-pick", button === coach);
      var description = words.join(" · ");
      if ((button.getAttribute("aria-description") || "") !== description) {
        if (description) {
          button.setAttribute("aria-description", description);
        } else {
          button.removeAttribute("aria-description");
        }
      }
    });
  }
  function update() { sortHand(); markHand(); }

  // Sorting moves buttons, which the observer sees too; a sorted hand is left alone.
  new MutationObserver(update).observe(document.documentElement, {
    childList: true, subtree: true
  });
  if (prefs) { prefs.onChange(function (name) { if (name === "sort") { sortHand(); } }); }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", update);
  } else {
    update();
  }
})();

// Quick phrases (games/phrases.py). A bubble (.phrase-bubble) arrives in a seat's spot
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

// 换三张 (swap three): the player toggles three tiles of one suit in their hand
// (templates/games/table/_exchange_hand.html). Each tile is a button with aria-pressed;
// the chosen tiles fill the form's hidden "tiles" field and "已选 n / 3" counts them. The
// 换三张 button stays in the Tab order (aria-disabled, never disabled) and says why it
// waits: three chosen of two suits show "三张须同一花色" at once; a press with fewer than
// three, "选三张同一花色的牌". It sends only three of one suit. The server checks the pick
// again (games/rules/exchange.py): this only helps the player make a good one. By
// keyboard, ← → move along the tiles (static/js/table-keys.js) and Space toggles.
//
// The table's parts are replaced whenever anything changes (another player picking
// too): the choice is remembered by the hand it was made in and pressed again in the
// new form, and forgotten when the hand is a different one.
(function () {
  "use strict";
  var PICK = 3;
  var remembered = { hand: null, tiles: [], asked: false };

  function forms(root) {
    if (!root || !root.querySelectorAll) { return []; }
    var found = Array.prototype.slice.call(root.querySelectorAll("[data-exchange-form]"));
    if (root.matches && root.matches("[data-exchange-form]")) { found.push(root); }
    return found;
  }

  function pressed(form) {
    return Array.prototype.filter.call(
      form.querySelectorAll("[data-exchange-tile]"),
      function (button) { return button.getAttribute("aria-pressed") === "true"; });
  }

  function chosenTiles(form) {
    return pressed(form).map(function (b) { return b.dataset.exchangeTile; });
  }
  function ready(chosen) {
    return chosen.length === PICK && chosen.every(function (tile) {
      return tile.charAt(1) === chosen[0].charAt(1);
    });
  }

  // `asked`: the player pressed the button before the pick was ready.
  function update(form, asked) {
    var chosen = chosenTiles(form);
    form.querySelector("[data-exchange-tiles]").value = chosen.join("");
    var count = form.querySelector("[data-exchange-count]");
    if (count && count.dataset.template) {
      count.textContent = count.dataset.template.replace("__N__", String(chosen.length));
    }
    var submit = form.querySelector("[data-exchange-submit]");
    if (submit) { submit.setAttribute("aria-disabled", ready(chosen) ? "false" : "true"); }
    var reason = form.querySelector("[data-exchange-reason]");
    if (reason) {
      if (asked) { form.dataset.asked = "1"; }
      var text = "";
      if (chosen.length === PICK && !ready(chosen)) {
        text = reason.dataset.mixed;
      } else if (chosen.length < PICK && form.dataset.asked) {
        text = reason.dataset.fewer;
      }
      if (reason.textContent !== text) { reason.textContent = text; }
      reason.hidden = !text;
    }
    remembered = { hand: form.dataset.hand, tiles: chosen, asked: Boolean(form.dataset.asked) };
  }

  function arm(form) {
    if (form.dataset.armed) { return; }
    form.dataset.armed = "1";
    if (remembered.hand === form.dataset.hand) {
      if (remembered.asked) { form.dataset.asked = "1"; }
      remembered.tiles.forEach(function (tile) {
        var free = Array.prototype.find.call(
          form.querySelectorAll('[data-exchange-tile="' + tile + '"]'),
          function (b) { return b.getAttribute("aria-pressed") !== "true"; });
        if (free) { free.setAttribute("aria-pressed", "true"); }
      });
    }
    update(form);
  }

  // A press of the 换三张 button (pointer, Enter or Space) sends only a ready pick; else
  // it says what is missing. Caught before htmx reads the form.
  document.addEventListener("click", function (event) {
    var submit = event.target.closest && event.target.closest("[data-exchange-submit]");
    var form = submit && submit.closest("[data-exchange-form]");
    if (!form || ready(chosenTiles(form))) { return; }
    event.preventDefault();
    event.stopPropagation();
    update(form, true);
  }, true);

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-exchange-tile]");
    if (!button) { return; }
    var form = button.closest("[data-exchange-form]");
    var on = button.getAttribute("aria-pressed") === "true";
    if (!on && pressed(form).length >= PICK) { return; } // three at most
    button.setAttribute("aria-pressed", on ? "false" : "true");
    update(form);
  });

  function armAll(root) { forms(root).forEach(arm); }
  document.addEventListener("htmx:load", function (event) { armAll(event.target); });
  new MutationObserver(function () { armAll(document); }).observe(document.documentElement, {
    childList: true, subtree: true
  });
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", function () { armAll(document); });
  } else {
    armAll(document);
  }
})();
