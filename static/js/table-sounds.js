// The table's sounds, synthesised in the browser with the Web Audio API: no sound files,
// so nothing of unclear licence and nothing more to download. Each sound is a few
// notes or the clack of a tile (a burst of filtered noise), short enough not to pile up.
//
// Browsers start audio only after the player has touched the page, so the AudioContext
// is made (or resumed) on the first press of a pointer or key; sounds asked for before
// that are skipped, not queued. The sound setting (window.XuezhanTable.prefs "sound")
// mutes everything.
//
// window.XuezhanTable.sound.play(kind[, delay]) plays one of KINDS below. Each sound
// played is announced on the document as a "xuezhan:sound" event (detail.kind), so that
// anything on the page can follow what the table said aloud without reaching into the
// Web Audio graph.
(function () {
  "use strict";
  var prefs = window.XuezhanTable && window.XuezhanTable.prefs;
  var context = null;
  var output = null;
  var noise = null;

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
    document.dispatchEvent(new CustomEvent("xuezhan:sound", { detail: { kind: kind } }));
    return true;
  }

  window.XuezhanTable = window.XuezhanTable || {};
  window.XuezhanTable.sound = { play: play, kinds: Object.keys(KINDS) };
})();
