/* Registers the site's service worker (served at /sw.js by xuezhan/pwa.py), which keeps
   the static files and shows a friendly page offline. A browser without service workers
   simply goes without. */
(function () {
  "use strict";
  if ("serviceWorker" in navigator && window.isSecureContext) {
    window.addEventListener("load", function () {
      navigator.serviceWorker.register("/sw.js").catch(function () {});
    });
  }
})();
