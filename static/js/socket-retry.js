// The page's live socket (htmx's ws extension, ws-connect) after the server closed it.
//
// htmx tries again by itself only after a connection was lost (codes 1006, 1011, 1012,
// 1013). Three codes of the site's own are handled here:
//
// - 4012, reconnect now: the server process is draining (common/drain.py); the page
//   reconnects within a second, and the proxy sends it to another process;
// - 4429, refused for being over a limit for now: tried again later and later, about
//   2 s, 4 s, 8 s … never more than a minute, each a quarter shorter or longer at random
//   (jitter, so that pages refused together do not all come back at the same moment);
// - 4409, replaced: the same person (or network) opened the page elsewhere and the
//   newest page won. Never tried again, or two pages would push each other out for
//   ever; the server has said so on the page (#lobby-note, #table-error).
//
// A socket that then stays open a minute starts counting again from 2 s.
//
// A move the server never answered because its socket closed first (the process was
// stopped or drained, the network dropped) is sent again once the socket is back: the
// server makes a move once only, whatever number of times it arrives (the version it
// carries), so sending it twice can never make it twice, and a click is never lost.
(function () {
  "use strict";

  var RESEND_WITHIN = 30000; // ms: an older unanswered click is left alone
  var unanswered = null; // {message, at}: the last move sent, until the server replies

  document.addEventListener("htmx:wsAfterSend", function (event) {
    unanswered = { message: event.detail.message, at: Date.now() };
  });
  document.addEventListener("htmx:wsAfterMessage", function () {
    unanswered = null;
  });
  document.addEventListener("htmx:wsOpen", function (event) {
    var wrapper = event.detail && event.detail.socketWrapper;
    if (unanswered && wrapper && Date.now() - unanswered.at < RESEND_WITHIN) {
      wrapper.send(unanswered.message);
    }
  });
})();

(function () {
  "use strict";

  var TOO_MANY = 4429;
  var RECONNECT_NOW = 4012; // the server is draining (common/drain.py): go elsewhere now
  var FIRST_WAIT = 2000; // ms
  var LONGEST_WAIT = 60000; // ms
  var tries = new WeakMap(); // socket element -> refusals in a row
  var settled = new WeakMap(); // socket element -> timer that forgets them

  function waitAfter(refusals) {
    var wait = Math.min(FIRST_WAIT * Math.pow(2, refusals), LONGEST_WAIT / 1.25);
    return wait * (0.75 + Math.random() / 2); // 2 s ± 25 %, 4 s ± 25 % … 48 s ± 25 %
  }

  document.addEventListener("htmx:wsOpen", function (event) {
    var element = event.target;
    // A refused socket is opened first, then closed: only one that stays open is fine.
    clearTimeout(settled.get(element));
    settled.set(element, setTimeout(function () { tries.delete(element); }, LONGEST_WAIT));
  });

  document.addEventListener("htmx:wsClose", function (event) {
    var element = event.target;
    var detail = event.detail || {};
    var code = detail.event ? detail.event.code : 0;
    clearTimeout(settled.get(element));
    if (code === RECONNECT_NOW && detail.socketWrapper) {
      // Within a second, at random: a draining process's pages do not all come at once.
      setTimeout(function () {
        if (document.body.contains(element)) {
          detail.socketWrapper.reconnect();
        }
      }, Math.random() * 1000);
      return;
    }
    if (code !== TOO_MANY || !detail.socketWrapper) {
      return; // 4409 (replaced) and every other code: as htmx decides
    }
    var refusals = tries.get(element) || 0;
    tries.set(element, refusals + 1);
    setTimeout(function () {
      if (document.body.contains(element)) {
        detail.socketWrapper.reconnect();
      }
    }, waitAfter(refusals));
  });
})();
