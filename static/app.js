// Keeps the "12 s so far" counters of the live panel ticking between server
// updates. An element carries data-elapsed, the seconds the action had run
// when the server rendered it; the count goes on from the moment the element
// first appears here, so the browser's clock never has to agree with the
// server's. A fresh element (after an SSE swap) starts from its own figure.
(function () {
  "use strict";
  var base = new WeakMap();

  function format(s) {
    if (s < 60) return s + " s";
    var m = Math.floor(s / 60);
    if (m < 60) return m + " min " + (s % 60) + " s";
    return Math.floor(m / 60) + " h " + (m % 60) + " min";
  }

  function tick() {
    var now = Date.now();
    var els = document.querySelectorAll("[data-elapsed]");
    for (var i = 0; i < els.length; i++) {
      var el = els[i];
      var b = base.get(el);
      if (!b) {
        b = { at: now, s: parseInt(el.getAttribute("data-elapsed"), 10) || 0 };
        base.set(el, b);
      }
      el.textContent = format(b.s + Math.floor((now - b.at) / 1000));
    }
  }

  setInterval(tick, 1000);
  document.addEventListener("DOMContentLoaded", tick);
})();

// The alerts banner names what is wrong in the tab's title too, so a person
// watching another tab sees it, and while the game link is down the
// controls that need the game are disabled. A form marked data-reset is
// emptied once htmx has sent it successfully.
(function () {
  "use strict";
  var base = document.title;

  function alerts() {
    var a = document.querySelector(".alerts");
    if (!a) return;
    document.title = a.getAttribute("data-title") || base;
    var down = a.getAttribute("data-link") === "down";
    var els = document.querySelectorAll("[data-needs-link]");
    for (var i = 0; i < els.length; i++) els[i].disabled = down;
  }

  document.addEventListener("DOMContentLoaded", function () {
    alerts();
    var box = document.getElementById("live-alerts");
    if (box) new MutationObserver(alerts).observe(box, { childList: true, subtree: true });
    var live = document.getElementById("live");
    if (live) new MutationObserver(alerts).observe(live, { childList: true, subtree: true });
  });
  document.addEventListener("htmx:afterRequest", function (e) {
    var f = e.target;
    if (f && f.matches && f.matches("form[data-reset]") && e.detail.successful) f.reset();
  });
})();
