// The live maps: zoom and pan by changing the viewBox of the map's two SVG
// layers (the remembered blocks under, her and what moves around her on
// top), following her until a person drags the map. The blocks layer is
// fetched for the part in view and a margin, again when the view leaves
// it or every 20 s; the top layer is redrawn by the live stream, and this
// script puts the view back on it after every swap. Labels flip to the
// left of their mark near the right edge, so none is cut off.
(function () {
  "use strict";
  var MIN = 16, MAX = 512, REFRESH = 20000;

  function Map(fig) {
    this.fig = fig;
    this.stage = fig.querySelector(".map-stage");
    this.blocks = fig.querySelector(".map-blocks");
    this.live = fig.querySelector(".map-live");
    this.span = fig.classList.contains("large") ? 96 : 48;
    this.follow = true;
    this.cx = 0; this.cz = 0; this.dim = "";
    this.box = null; this.fetchedAt = 0; this.loading = false;
    this.bind();
    this.onLive();
  }

  Map.prototype.layer = function () { return this.live.querySelector("svg.map-layer"); };

  // onLive reads her place from a fresh top layer and follows her.
  Map.prototype.onLive = function () {
    var svg = this.layer();
    if (!svg) return;
    var dim = svg.getAttribute("data-dim") || "overworld";
    if (dim !== this.dim) { this.dim = dim; this.box = null; this.follow = true; this.pressFollow(); }
    if (this.follow) {
      this.cx = parseFloat(svg.getAttribute("data-x")) || 0;
      this.cz = parseFloat(svg.getAttribute("data-z")) || 0;
    }
    this.apply();
  };

  Map.prototype.size = function () {
    var w = this.stage.clientWidth || 300, h = this.stage.clientHeight || 225;
    return { w: w, h: h };
  };

  Map.prototype.view = function () {
    var s = this.size(), w = this.span, h = this.span * s.h / s.w;
    return { x: this.cx - w / 2, z: this.cz - h / 2, w: w, h: h, px: s.w / w };
  };

  Map.prototype.apply = function () {
    var v = this.view(), vb = [v.x, v.z, v.w, v.h].map(function (n) { return n.toFixed(2); }).join(" ");
    var layers = this.fig.querySelectorAll("svg.map-layer");
    for (var i = 0; i < layers.length; i++) layers[i].setAttribute("viewBox", vb);
    this.fig.style.setProperty("--k", (1 / v.px).toFixed(4));
    this.labels(v);
    this.scale(v);
    this.maybeFetch(v);
  };

  Map.prototype.labels = function (v) {
    var marks = this.fig.querySelectorAll("g.mk");
    for (var i = 0; i < marks.length; i++) {
      var m = marks[i], g = m.parentNode, t = m.querySelector("text");
      if (!t || !g.transform || !g.transform.baseVal.numberOfItems) continue;
      var tr = g.transform.baseVal.getItem(0).matrix;
      var sx = (tr.e - v.x) * v.px, sz = (tr.f - v.z) * v.px;
      // A mark out of view keeps no label on the edge, cut in two.
      t.style.display = sx < 0 || sz < 0 || sx > v.w * v.px || sz > v.h * v.px ? "none" : "";
      var width = t.getComputedTextLength ? t.getComputedTextLength() : 60;
      var right = sx + 12 + width > v.w * v.px - 4;
      t.setAttribute("text-anchor", right ? "end" : "start");
      t.setAttribute("x", right ? "-9" : "9");
      t.setAttribute("y", sz > v.h * v.px - 14 ? "-8" : (sz < 14 ? "16" : "4"));
    }
  };

  Map.prototype.scale = function (v) {
    var steps = [1, 2, 5, 10, 20, 50, 100, 200, 500], len = steps[0];
    for (var i = 0; i < steps.length; i++) { len = steps[i]; if (len * v.px >= 50) break; }
    var bar = this.fig.querySelector(".map-scale .bar"), txt = this.fig.querySelector(".map-scale .len");
    if (bar) bar.style.width = Math.round(len * v.px) + "px";
    if (txt) txt.textContent = len + (len === 1 ? " block" : " blocks");
  };

  Map.prototype.maybeFetch = function (v) {
    var b = this.box, now = Date.now();
    var inside = b && v.x >= b[0] && v.z >= b[1] && v.x + v.w <= b[2] && v.z + v.h <= b[3];
    if ((inside && now - this.fetchedAt < REFRESH) || this.loading || !this.dim) return;
    var box = [Math.floor(v.x - v.w / 2), Math.floor(v.z - v.h / 2), Math.ceil(v.x + v.w * 1.5), Math.ceil(v.z + v.h * 1.5)];
    var url = this.fig.getAttribute("data-blocks") + "?dim=" + encodeURIComponent(this.dim) +
      "&x0=" + box[0] + "&z0=" + box[1] + "&x1=" + box[2] + "&z1=" + box[3];
    var self = this;
    this.loading = true;
    fetch(url, { credentials: "same-origin" }).then(function (r) {
      if (!r.ok) throw new Error("status " + r.status);
      return r.text();
    }).then(function (svg) {
      self.blocks.innerHTML = svg;
      self.box = box; self.fetchedAt = Date.now();
      self.loading = false;
      self.apply();
    }).catch(function () {
      // The next view change or refresh tries again; the top layer stays.
      self.loading = false; self.fetchedAt = Date.now();
    });
  };

  Map.prototype.pressFollow = function () {
    var b = this.fig.querySelector("[data-follow]");
    if (b) b.setAttribute("aria-pressed", this.follow ? "true" : "false");
  };

  Map.prototype.zoom = function (f) {
    this.span = Math.min(MAX, Math.max(MIN, this.span * f));
    this.apply();
  };

  Map.prototype.bind = function () {
    var self = this, drag = null;
    new MutationObserver(function () { self.onLive(); }).observe(this.live, { childList: true });
    this.fig.addEventListener("click", function (e) {
      var z = e.target.closest("[data-zoom]");
      if (z) { self.zoom(z.getAttribute("data-zoom") === "in" ? 1 / 1.5 : 1.5); return; }
      if (e.target.closest("[data-follow]")) { self.follow = true; self.pressFollow(); self.onLive(); }
    });
    this.stage.addEventListener("wheel", function (e) {
      e.preventDefault();
      self.zoom(e.deltaY > 0 ? 1.2 : 1 / 1.2);
    }, { passive: false });
    this.stage.addEventListener("pointerdown", function (e) {
      drag = { x: e.clientX, y: e.clientY, cx: self.cx, cz: self.cz };
      self.stage.setPointerCapture(e.pointerId);
    });
    this.stage.addEventListener("pointermove", function (e) {
      if (!drag) return;
      var px = self.view().px, dx = e.clientX - drag.x, dy = e.clientY - drag.y;
      if (self.follow && Math.abs(dx) + Math.abs(dy) < 4) return;
      self.follow = false; self.pressFollow();
      self.cx = drag.cx - dx / px; self.cz = drag.cz - dy / px;
      self.apply();
    });
    this.stage.addEventListener("pointerup", function () { drag = null; });
    this.stage.addEventListener("pointercancel", function () { drag = null; });
    window.addEventListener("resize", function () { self.apply(); });
    setInterval(function () { self.maybeFetch(self.view()); }, REFRESH);
  };

  function start() {
    var figs = document.querySelectorAll("[data-map]");
    for (var i = 0; i < figs.length; i++) new Map(figs[i]);
  }
  document.addEventListener("DOMContentLoaded", start);
})();
