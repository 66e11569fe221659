// The live maps: zoom and pan by changing the viewBox of the map's two SVG
// layers (the remembered blocks under, her and what moves around her on
// top), following her until a person drags the map. The blocks layer is
// fetched for the part in view and a margin, again when the view leaves
// it or every 20 s; the top layer is redrawn by the live stream, and this
// script puts the view back on it after every swap. The ground (the game's
// map colours of the top of each column) is drawn on a canvas under both,
// from chunks fetched once and again only when the live layer says the
// ground changed (its data-ground version): a map that stands still costs
// nothing. Labels are placed beside their mark where they overlap no other
// (her first, then players, places, deaths, mobs) and hidden where none
// fits, so no two ever cover each other.
(function () {
  "use strict";
  var MIN = 16, MAX = 512, REFRESH = 20000;

  function Map(fig) {
    this.fig = fig;
    this.stage = fig.querySelector(".map-stage");
    this.blocks = fig.querySelector(".map-blocks");
    this.canvas = fig.querySelector("canvas.map-ground");
    this.chunks = {}; this.colours = null; this.groundV = 0; this.groundBox = null; this.groundLoading = false;
    this.live = fig.querySelector(".map-live");
    this.span = fig.classList.contains("large") ? 96 : 48;
    this.follow = true;
    this.cx = 0; this.cz = 0; this.dim = "";
    this.box = null; this.fetchedAt = 0; this.loading = false;
    var centre = (fig.getAttribute("data-centre") || "").split(" ");
    if (centre.length === 2) {
      this.follow = false; this.cx = parseFloat(centre[0]) + 0.5; this.cz = parseFloat(centre[1]) + 0.5;
      this.pressFollow();
    }
    this.bind();
    this.onLive();
  }

  Map.prototype.layer = function () { return this.live.querySelector("svg.map-layer"); };

  // onLive reads her place from a fresh top layer and follows her.
  Map.prototype.onLive = function () {
    var svg = this.layer();
    if (!svg) return;
    var dim = svg.getAttribute("data-dim") || "overworld";
    if (dim !== this.dim) {
      if (this.dim) { this.follow = true; this.pressFollow(); }
      this.dim = dim; this.box = null; this.chunks = {}; this.groundBox = null; this.groundV = 0;
    }
    var gv = parseInt(svg.getAttribute("data-ground"), 10) || 0;
    if (gv > this.groundV && this.groundBox) this.fetchGround(this.groundBox, this.groundV);
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
    this.paint(v);
    this.maybeFetch(v);
  };

  // paint draws the ground's chunks in view, one canvas pixel a column
  // scaled up without smoothing, as the game's own map looks.
  Map.prototype.paint = function (v) {
    var c = this.canvas;
    if (!c) return;
    var s = this.size(), ratio = window.devicePixelRatio || 1;
    if (c.width !== Math.round(s.w * ratio)) { c.width = Math.round(s.w * ratio); c.height = Math.round(s.h * ratio); }
    var ctx = c.getContext("2d"), k = v.px * ratio;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, c.width, c.height);
    ctx.imageSmoothingEnabled = false;
    for (var key in this.chunks) {
      var ch = this.chunks[key], x = (ch.x * 16 - v.x) * k, z = (ch.z * 16 - v.z) * k, w = 16 * k;
      if (x + w < 0 || z + w < 0 || x > c.width || z > c.height) continue;
      ctx.drawImage(ch.img, Math.floor(x), Math.floor(z), Math.ceil(w) + 1, Math.ceil(w) + 1);
    }
  };

  // fetchGround asks for the chunks of box that changed after version
  // since (0: all of them).
  Map.prototype.fetchGround = function (box, since) {
    var url = this.fig.getAttribute("data-ground");
    if (!url || !this.canvas || this.groundLoading) return;
    url += "?dim=" + encodeURIComponent(this.dim) + "&x0=" + box[0] + "&z0=" + box[1] + "&x1=" + box[2] + "&z1=" + box[3] + "&since=" + since;
    var self = this;
    this.groundLoading = true;
    fetch(url, { credentials: "same-origin" }).then(function (r) {
      if (!r.ok) throw new Error("status " + r.status);
      return r.json();
    }).then(function (g) {
      self.groundLoading = false;
      self.colours = g.colours.map(rgbOf);
      for (var i = 0; i < g.chunks.length; i++) self.takeChunk(g.chunks[i]);
      self.groundBox = box; self.groundV = Math.max(self.groundV, g.version);
      self.fig.setAttribute("data-ground-chunks", Object.keys(self.chunks).length);
      self.paint(self.view());
    }).catch(function () { self.groundLoading = false; });
  };

  // takeChunk turns [x, z, base64 of 256 colour indexes] into a 16×16 image.
  Map.prototype.takeChunk = function (c) {
    var bytes = atob(c[2]), img = document.createElement("canvas");
    img.width = 16; img.height = 16;
    var ctx = img.getContext("2d"), data = ctx.createImageData(16, 16);
    for (var i = 0; i < 256 && i < bytes.length; i++) {
      var rgb = this.colours[bytes.charCodeAt(i)];
      if (!rgb) continue;
      data.data[i * 4] = rgb[0]; data.data[i * 4 + 1] = rgb[1]; data.data[i * 4 + 2] = rgb[2]; data.data[i * 4 + 3] = 255;
    }
    ctx.putImageData(data, 0, 0);
    this.chunks[c[0] + "," + c[1]] = { x: c[0], z: c[1], img: img };
  };

  function rgbOf(hex) {
    if (!hex) return null;
    var n = parseInt(hex.slice(1), 16);
    return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  }

  // LABEL_ORDER is who keeps a label first where two would overlap.
  var LABEL_ORDER = ["her", "player", "place", "death", "mob"];

  Map.prototype.labels = function (v) {
    var marks = Array.prototype.slice.call(this.fig.querySelectorAll("g.mk"));
    var W = v.w * v.px, H = v.h * v.px, taken = [];
    function rank(m) {
      for (var i = 0; i < LABEL_ORDER.length; i++) if (m.classList.contains(LABEL_ORDER[i])) return i;
      return LABEL_ORDER.length;
    }
    marks.sort(function (a, b) { return rank(a) - rank(b); });
    for (var i = 0; i < marks.length; i++) {
      var m = marks[i], g = m.parentNode, t = m.querySelector("text");
      if (!t || !g.transform || !g.transform.baseVal.numberOfItems) continue;
      var tr = g.transform.baseVal.getItem(0).matrix;
      var sx = (tr.e - v.x) * v.px, sz = (tr.f - v.z) * v.px;
      t.style.display = "";
      // A hidden layer (its legend box unticked) keeps no label in the way.
      if (sx < 0 || sz < 0 || sx > W || sz > H || !m.getClientRects().length) { t.style.display = "none"; continue; }
      var width = t.getComputedTextLength ? t.getComputedTextLength() + 4 : 60, h = 14;
      // Right, left, below, above the mark: the first that stays inside
      // the map and clear of every label placed before it.
      var spots = [[sx + 9, sz - 8, "start", 9, 4], [sx - 9 - width, sz - 8, "end", -9, 4],
        [sx - width / 2, sz + 8, "middle", 0, 18], [sx - width / 2, sz - 22, "middle", 0, -10]];
      var placed = null;
      for (var j = 0; j < spots.length && !placed; j++) {
        var r = { x: spots[j][0], y: spots[j][1], w: width, h: h };
        if (r.x < 2 || r.y < 2 || r.x + r.w > W - 2 || r.y + r.h > H - 2) continue;
        var clear = true;
        for (var k = 0; k < taken.length && clear; k++) {
          var o = taken[k];
          if (r.x < o.x + o.w && o.x < r.x + r.w && r.y < o.y + o.h && o.y < r.y + r.h) clear = false;
        }
        if (clear) placed = { r: r, s: spots[j] };
      }
      if (!placed) { t.style.display = "none"; continue; }
      taken.push(placed.r);
      t.setAttribute("text-anchor", placed.s[2]);
      t.setAttribute("x", String(placed.s[3]));
      t.setAttribute("y", String(placed.s[4]));
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
    var gb = this.groundBox;
    if (!gb || v.x < gb[0] || v.z < gb[1] || v.x + v.w > gb[2] || v.z + v.h > gb[3]) this.fetchGround(box, 0);
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
