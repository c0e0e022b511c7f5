// The replay of a finished round (templates/games/_replay.html).
//
// Every step is drawn by the server with the live table's templates
// (games/history/replay_frames.py): this script fetches one step's frame at a time and swaps it
// in, so the page stays light (one frame, not the hundred-odd of a round) and a step
// looks exactly as the server draws it. Without this script the same controls are
// links to the round's page at another step.
//
// It adds: play/pause, the speed, the slider moving the replay as it is dragged, and
// the keys ← → (a step) and space (play or pause). The frames seen are kept, and while
// playing the next one is fetched ahead.
(function () {
  "use strict";

  const root = document.getElementById("replay");
  if (!root) return;
  const slider = root.querySelector(".replay-slider");
  const play = root.querySelector(".replay-play");
  const playLabel = root.querySelector(".replay-play-label");
  const playIcon = root.querySelector(".replay-play .icon-play");
  const pauseIcon = root.querySelector(".replay-play .icon-pause");
  const speed = root.querySelector(".replay-speed");
  const links = {
    start: root.querySelector(".replay-start"),
    back: root.querySelector(".replay-back"),
    forward: root.querySelector(".replay-forward"),
    end: root.querySelector(".replay-end"),
  };
  const steps = Number(slider.max);
  const frames = new Map(); // step -> Promise of the frame's HTML
  let wanted = Number(slider.value); // the step asked for last (shown, or on its way)
  let asked = 0; // numbers the requests: only the newest one is shown
  let timer = null; // set while playing
  let fetching = false; // while playing: the next frame is on its way (no timer runs)

  // What works only with the script comes out; "Go" (for the slider without it) goes.
  play.hidden = false;
  root.querySelector(".replay-speed-field").hidden = false;
  root.querySelector(".replay-keys").hidden = false;
  root.querySelector(".replay-go").hidden = true;

  function frameUrl(step) {
    return root.dataset.frameUrl.replace(/\/0\/$/, "/" + step + "/");
  }

  function load(step) {
    if (!frames.has(step)) {
      const request = fetch(frameUrl(step), { credentials: "same-origin" }).then(function (r) {
        if (!r.ok) throw new Error("replay frame " + step + ": " + r.status);
        return r.text();
      });
      request.catch(function () { frames.delete(step); }); // try again next time
      frames.set(step, request);
    }
    return frames.get(step);
  }

  function clamp(step) {
    return Math.max(0, Math.min(steps, step));
  }

  function setLink(link, step, disabled) {
    link.dataset.step = String(step);
    link.href = "?step=" + step + "#replay";
    if (disabled) link.setAttribute("aria-disabled", "true");
    else link.removeAttribute("aria-disabled");
  }

  function showControls(step) {
    slider.value = String(step);
    setLink(links.start, 0, step === 0);
    setLink(links.back, Math.max(step - 1, 0), step === 0);
    setLink(links.forward, Math.min(step + 1, steps), step === steps);
    setLink(links.end, steps, step === steps);
  }

  // Shows ``step``; the promise settles once it is on the page (or was overtaken).
  function go(step) {
    step = clamp(step);
    wanted = step;
    const mine = ++asked;
    showControls(step);
    return load(step).then(function (html) {
      if (mine !== asked) return;
      const holder = document.createElement("template");
      holder.innerHTML = html.trim();
      const next = holder.content.firstElementChild;
      // Anything but a frame (a login page after the session ended): go there instead.
      if (!next || next.id !== "replay-frame") throw new Error("not a replay frame");
      root.querySelector("#replay-frame").replaceWith(next);
      const count = next.querySelector(".replay-count");
      if (count) slider.setAttribute("aria-valuetext", count.textContent.trim());
      // While playing, a screen reader is not made to read every move aloud.
      if (timer === null) say();
      history.replaceState(null, "", "?step=" + step + "#replay");
    }).catch(function () {
      // The frame could not be fetched: the page itself at that step says why.
      if (mine !== asked) return;
      pause();
      window.location.assign("?step=" + step + "#replay");
    });
  }

  // The step's caption, to the screen reader's live region.
  function say() {
    const caption = root.querySelector("#replay-frame .replay-caption");
    root.querySelector(".replay-said").textContent = caption ? caption.textContent.replace(/\s+/g, " ").trim() : "";
  }

  function delay() {
    return 1000 / (Number(speed.value) || 1);
  }

  function tick() {
    if (wanted >= steps) { pause(); return; }
    const started = Date.now();
    fetching = true;
    go(wanted + 1).then(function () {
      fetching = false;
      if (timer === null) return;
      if (wanted >= steps) { pause(); return; }
      load(wanted + 1); // fetched ahead, while this step is being looked at
      timer = setTimeout(tick, Math.max(0, delay() - (Date.now() - started)));
    });
  }

  function setPlayButton(playing) {
    playLabel.textContent = playing ? root.dataset.labelPause : root.dataset.labelPlay;
    playIcon.toggleAttribute("hidden", playing); // (SVG elements have no .hidden)
    pauseIcon.toggleAttribute("hidden", !playing);
  }

  function start() {
    if (timer !== null) return;
    if (wanted >= steps) go(0); // played to the end: from the deal again
    setPlayButton(true);
    load(clamp(wanted + 1));
    timer = setTimeout(tick, delay());
  }

  function pause() {
    if (timer === null) return;
    clearTimeout(timer);
    timer = null;
    setPlayButton(false);
    say();
  }

  function toggle() {
    if (timer === null) start(); else pause();
  }

  function stepBy(delta) {
    pause();
    go(wanted + delta);
  }

  play.addEventListener("click", toggle);
  speed.addEventListener("change", function () {
    // The new pace at once (a frame on its way sets its own timer when it is shown).
    if (timer !== null && !fetching) { clearTimeout(timer); timer = setTimeout(tick, delay()); }
  });
  slider.addEventListener("input", function () {
    pause();
    go(Number(slider.value));
  });
  Object.values(links).forEach(function (link) {
    link.addEventListener("click", function (event) {
      event.preventDefault();
      if (link.getAttribute("aria-disabled") === "true") return;
      pause();
      go(Number(link.dataset.step));
    });
  });
  root.querySelector(".replay-controls").addEventListener("submit", function (event) {
    event.preventDefault();
  });

  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
    const target = event.target;
    const tag = target && target.tagName;
    if (tag === "INPUT" && target !== slider) return;
    if (tag === "TEXTAREA" || tag === "SELECT" || (target && target.isContentEditable)) return;
    if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
      if (target === slider) return; // the slider moves itself, and says so by "input"
      event.preventDefault();
      stepBy(event.key === "ArrowLeft" ? -1 : 1);
    } else if (event.key === " " || event.key === "Spacebar") {
      if (tag === "BUTTON" || tag === "SUMMARY") return; // space clicks them already
      event.preventDefault();
      toggle();
    }
  });
})();
