{% autoescape off %}// The site's service worker (xuezhan/pwa.py): static files from the cache first, the
// offline page when a page cannot be reached; never a page kept, since tables are live.
"use strict";
var CACHE = "{{ cache_name }}";
var STATIC = "{{ static_prefix }}";
var OFFLINE = "{{ offline_url }}";

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) { return cache.add(OFFLINE); }));
  self.skipWaiting();
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf("xuezhan-static-") === 0 && name !== CACHE;
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.indexOf(STATIC) === 0) {
    event.respondWith(caches.open(CACHE).then(function (cache) {
      return cache.match(request).then(function (kept) {
        return kept || fetch(request).then(function (response) {
          if (response.ok) cache.put(request, response.clone());
          return response;
        });
      });
    }));
    return;
  }
  if (request.mode === "navigate") {
    // Pages (a table above all) always from the network; offline, the offline page.
    event.respondWith(fetch(request).catch(function () { return caches.match(OFFLINE); }));
  }
});
{% endautoescape %}
