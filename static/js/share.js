/* The table's share control (templates/games/table/_share.html).
 *
 * Without JavaScript the page shows the table's address in a read-only box. Here the box
 * gives way to one button: on a phone with a share sheet (navigator.share) it opens the
 * sheet; elsewhere it copies the address and says so. Where the clipboard cannot be
 * written (an insecure page, a refused permission) the box comes back with the address
 * selected, to be copied by hand. The words come translated in the data- attributes. */
(function () {
  "use strict";

  function setUp(box) {
    var button = box.querySelector(".share-button");
    var input = box.querySelector(".share-link");
    var status = box.querySelector(".share-status");
    var url = box.dataset.shareUrl;
    if (!button || !input || !status || !url) return;

    var quiet = null;
    function say(text, forAWhile) {
      clearTimeout(quiet);
      status.textContent = text;
      // "Copied" has done its work after a few seconds; "copy it by hand" stays.
      if (forAWhile) quiet = setTimeout(function () { status.textContent = ""; }, 5000);
    }

    function byHand() {
      input.hidden = false;
      input.focus();
      input.select();
      say(box.dataset.copyByHand);
    }

    function copy() {
      if (!navigator.clipboard || !navigator.clipboard.writeText) {
        byHand();
        return;
      }
      navigator.clipboard.writeText(url).then(function () {
        input.hidden = true;
        say(box.dataset.copied, true);
      }, byHand);
    }

    button.addEventListener("click", function () {
      say("");
      if (typeof navigator.share === "function") {
        navigator.share({ title: box.dataset.shareTitle || document.title, url: url }).then(
          function () { say(box.dataset.shared, true); },
          function (error) {
            // Closing the sheet is the player's choice, not a failure; anything else
            // (no sheet after all) falls back to the clipboard.
            if (!error || error.name !== "AbortError") copy();
          });
        return;
      }
      copy();
    });
    input.addEventListener("focus", function () { input.select(); });

    input.hidden = true;
    button.hidden = false;
  }

  function start() {
    Array.prototype.forEach.call(document.querySelectorAll(".share[data-share-url]"), setUp);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
