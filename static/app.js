// Keeps the "12 s so far" counters and the "2 min ago" times of the live
// panel going between server updates. An element carries data-elapsed (the
// seconds the action had run) or data-ago (how many seconds ago it was)
// when the server rendered it; the count goes on from the moment the
// element first appears here, so the browser's clock never has to agree
// with the server's. A fresh element (after an SSE swap) starts from its
// own figure. The words match partials.Elapsed and partials.Ago.
(function () {
  "use strict";
  var base = new WeakMap();

  function format(s) {
    if (s < 60) return s + " s";
    var m = Math.floor(s / 60);
    if (m < 60) return m + " min " + (s % 60) + " s";
    return Math.floor(m / 60) + " h " + (m % 60) + " min";
  }

  function ago(s) {
    if (s < 5) return "just now";
    if (s < 60) return s + " s ago";
    if (s < 3600) return Math.floor(s / 60) + " min ago";
    return Math.floor(s / 3600) + " h ago";
  }

  // each calls fn with every element carrying attr and the seconds it has
  // been on the page since the server rendered its figure.
  function each(attr, fn) {
    var now = Date.now();
    var els = document.querySelectorAll("[" + attr + "]");
    for (var i = 0; i < els.length; i++) {
      var el = els[i];
      var b = base.get(el);
      if (!b) {
        b = { at: now, s: parseInt(el.getAttribute(attr), 10) || 0 };
        base.set(el, b);
      }
      fn(el, b.s, Math.floor((now - b.at) / 1000));
    }
  }

  function tick() {
    each("data-elapsed", function (el, s, since) { el.textContent = format(s + since); });
    each("data-ago", function (el, s, since) { el.textContent = ago(s + since); });
    // A sign-in banner goes once its code has expired.
    each("data-expires-in", function (el, s, since) { if (since >= s) el.hidden = true; });
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

// A refusal is seen where the person is looking. The dashboard answers a
// request it refuses with its status (4xx, 5xx) and the sentence that says
// why (web's error handler renders it), but htmx leaves such an answer out:
// this is the one place that puts it in, for every button and form. It goes
// where the answer would have gone (so a preview refused is replaced by the
// refusal, never left standing as if it were the answer), or where the
// sender names with data-error-target, or, when the answer would have
// replaced the sender itself, on a line just after it. A request that gets
// no answer at all says so in the same place.
(function () {
  "use strict";

  // slot is the element a refusal of a request from elt goes into.
  function slot(elt, target) {
    var host = elt.closest && elt.closest("[data-error-target]");
    var named = host && document.querySelector(host.getAttribute("data-error-target"));
    if (named) return named;
    var from = (elt.closest && elt.closest("form")) || elt;
    if (target && target !== document.body && !target.contains(from)) return target;
    var line = from.nextElementSibling;
    if (!line || !line.classList.contains("refusal")) {
      line = document.createElement("p");
      line.className = "refusal";
      from.insertAdjacentElement("afterend", line);
    }
    return line;
  }

  function show(el) {
    if (el.scrollIntoView) el.scrollIntoView({ block: "nearest" });
  }

  document.addEventListener("htmx:beforeSwap", function (e) {
    var d = e.detail;
    if (!d.xhr || d.xhr.status < 400) return;
    d.shouldSwap = true;
    d.isError = false; // shown, so no console error
    // The event is fired on the target; the sender is the request's.
    d.target = slot((d.requestConfig && d.requestConfig.elt) || d.elt, d.target);
    d.swapOverride = "innerHTML";
    d.selectOverride = null;
  });
  document.addEventListener("htmx:afterSwap", function (e) {
    if (e.detail.xhr && e.detail.xhr.status >= 400) show(e.detail.target);
  });
  function unanswered(e) {
    var el = slot(e.detail.elt, e.detail.target);
    var p = document.createElement("span");
    p.className = "bad";
    p.setAttribute("role", "alert");
    p.textContent = "beaweb did not answer: it may have stopped, or this computer lost its connection. Try again in a moment.";
    el.replaceChildren(p);
    show(el);
  }
  document.addEventListener("htmx:sendError", unanswered);
  document.addEventListener("htmx:timeout", unanswered);
  // A refusal line goes once the same form is answered.
  document.addEventListener("htmx:afterRequest", function (e) {
    if (!e.detail.successful || !e.detail.elt) return;
    var from = (e.detail.elt.closest && e.detail.elt.closest("form")) || e.detail.elt;
    var line = from.nextElementSibling;
    if (line && line.classList.contains("refusal")) line.remove();
  });
})();
