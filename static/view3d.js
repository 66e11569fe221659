// The live page's 3D view: the blocks she has seen around her as boxes
// (an instanced mesh for the solid ones, one for each way of seeing
// through: water, lava, leaves, glass), her as a red figure with an arrow the way she looks,
// the players (blue) and mobs (red when hostile) near her, each with its
// name on a label drawn as text on a canvas, never as markup. It asks
// /live/view3d once a second while the card is on screen and the tab is
// shown, sending the version of the boxes it has, so that it fetches the
// boxes again only when they changed; it follows her by moving the camera
// with her, keeping the angle a person turned it to. Three.js (vendored,
// the script tag's data-three) is loaded only once the card is in sight.
// It draws only when something moved; each frame's drawing is measured
// (the performance measure "view3d-frame") and the figure says how many
// boxes it draws (data-cubes) and the median time of its last 30 frames
// (data-frame-ms, data-frames the frames drawn).
(function () {
  "use strict";
  var POLL = 1000, EASE = 0.25, JUMP = 32, NEAR = 5, FAR = 90, START = 30, MINE = 14;
  var SKY = 0xb5d3ef, CAVE = 0x2b2f34, UNSEEN = 0xc3ccd3, HER = 0xd0312d, PLAYER = 0x3a7bd5, HOSTILE = 0xc0392b, MOB = 0x8a8f94;
  var script = document.currentScript;
  var threeURL = script ? script.getAttribute("data-three") : "";

  function webgl() {
    try {
      var c = document.createElement("canvas");
      return !!(window.WebGLRenderingContext && (c.getContext("webgl2") || c.getContext("webgl")));
    } catch (e) {
      return false;
    }
  }

  function fallback(fig) {
    fig.querySelector(".view3d-fallback").hidden = false;
    fig.setAttribute("data-state", "fallback");
  }

  function start() {
    var fig = document.querySelector("figure[data-view3d]");
    if (!fig) return;
    if (!threeURL || !webgl() || !window.IntersectionObserver) { fallback(fig); return; }
    var loading = false;
    var seen = new IntersectionObserver(function (entries) {
      if (loading || !entries.some(function (e) { return e.isIntersecting; })) return;
      loading = true;
      seen.disconnect();
      import(threeURL).then(function (THREE) {
        try {
          new View(fig, THREE);
        } catch (e) {
          fallback(fig);
        }
      }, function () { fallback(fig); });
    }, { rootMargin: "200px" });
    seen.observe(fig);
  }

  function View(fig, T) {
    var self = this;
    this.T = T; this.fig = fig; this.url = fig.getAttribute("data-view3d");
    this.stage = fig.querySelector(".view3d-stage");
    this.note = fig.querySelector(".view3d-note");
    this.version = ""; this.timer = 0; this.asking = false; this.inView = true; this.frame = 0;
    this.marks = {}; this.meshes = []; this.her = null; this.lost = false;
    this.focus = null; this.goal = null;

    var r = this.renderer = new T.WebGLRenderer({ antialias: true, powerPreference: "low-power" });
    r.setPixelRatio(Math.min(window.devicePixelRatio || 1, 2));
    this.stage.appendChild(r.domElement);
    this.scene = new T.Scene();
    this.scene.background = new T.Color(SKY);
    this.scene.fog = new T.Fog(SKY, 45, 110);
    this.scene.add(new T.HemisphereLight(0xffffff, 0x8a7356, 2.2));
    var sun = new T.DirectionalLight(0xffffff, 1.6);
    sun.position.set(0.45, 1, 0.7);
    this.scene.add(sun);
    this.camera = new T.PerspectiveCamera(50, 4 / 3, 0.1, 400);
    this.box = new T.BoxGeometry(1, 1, 1);
    // Under everything, where she has seen nothing, a plain floor: the sky
    // showing through the ground would read as a hole.
    this.floor = new T.Mesh(new T.PlaneGeometry(600, 600).rotateX(-Math.PI / 2), new T.MeshLambertMaterial({ color: UNSEEN }));
    this.floor.visible = false;
    this.scene.add(this.floor);

    var c = this.controls = new T.OrbitControls(this.camera, r.domElement);
    c.enableDamping = true; c.dampingFactor = 0.15; c.enablePan = false;
    c.minDistance = NEAR; c.maxDistance = FAR; c.maxPolarAngle = Math.PI * 0.48;
    // One finger sideways turns the view, two pinch and turn; a finger
    // moving up or down scrolls the page, so a phone is never stuck on it.
    c.touches = { ONE: T.TOUCH.ROTATE, TWO: T.TOUCH.DOLLY_ROTATE };
    r.domElement.style.touchAction = "pan-y";
    c.addEventListener("change", function () { self.draw(); });

    new ResizeObserver(function () { self.resize(); }).observe(this.stage);
    new IntersectionObserver(function (entries) {
      self.inView = entries.some(function (e) { return e.isIntersecting; });
      self.schedule(0);
    }, { rootMargin: "200px" }).observe(fig);
    document.addEventListener("visibilitychange", function () { self.schedule(0); });
    fig.closest(".card").querySelectorAll("[data-view3d-zoom]").forEach(function (b) {
      b.addEventListener("click", function () { self.zoom(b.getAttribute("data-view3d-zoom") === "in" ? 0.75 : 1 / 0.75); });
    });
    var behind = fig.closest(".card").querySelector("[data-view3d-behind]");
    if (behind) behind.addEventListener("click", function () { self.behind(self.start()); });
    r.domElement.addEventListener("webglcontextlost", function (e) {
      e.preventDefault();
      self.lost = true;
      self.schedule(0);
      fallback(fig);
    });
    this.resize();
    fig.setAttribute("data-state", "loading");
    this.schedule(0);
  }

  // schedule asks for the view after wait ms, unless the tab is hidden or
  // the card is out of sight: then it stops until either changes. Once the
  // browser has taken the drawing away (its GPU lost), it stops for good.
  View.prototype.schedule = function (wait) {
    var self = this;
    clearTimeout(this.timer);
    this.timer = 0;
    if (document.hidden || !this.inView || this.lost) return;
    this.timer = setTimeout(function () { self.ask(); }, wait);
  };

  View.prototype.ask = function () {
    var self = this;
    if (this.asking) return;
    this.asking = true;
    var url = this.url + (this.version ? "?have=" + encodeURIComponent(this.version) : "");
    fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (res) {
        if (!res.ok) throw new Error("status " + res.status);
        return res.json();
      })
      .then(function (v) { self.take(v); }, function () { self.say("The 3D view could not reach beaweb; it tries again."); })
      .then(function () {
        self.asking = false;
        self.schedule(POLL);
      });
  };

  View.prototype.say = function (text) {
    this.note.textContent = text || "";
  };

  View.prototype.take = function (v) {
    this.say(v.note);
    if (!v.known) {
      this.fig.setAttribute("data-state", "waiting");
      return;
    }
    if (!v.same) {
      this.version = v.version || "";
      this.build(v.paints || [], v.cells || []);
    }
    var sky = v.deep ? CAVE : SKY;
    this.scene.background.setHex(sky);
    this.scene.fog.color.setHex(sky);
    this.floor.visible = !v.deep && this.meshes.length > 0;
    this.place(v.her);
    this.descend(!!v.deep);
    this.mark(v.players || [], v.mobs || []);
    this.fig.setAttribute("data-state", "drawn");
    this.draw();
  };

  // material is the material of boxes one sees through by see (0: solid);
  // all but the clearest hide boxes of their own kind behind them, so that
  // a forest reads as crowns, not as a green fog; what is solid, and she,
  // show through.
  View.prototype.material = function (see) {
    var T = this.T;
    this.materials = this.materials || {};
    if (!this.materials[see]) {
      this.materials[see] = see > 0
        ? new T.MeshLambertMaterial({ transparent: true, opacity: 1 - see, depthWrite: see < 0.5 })
        : new T.MeshLambertMaterial();
    }
    return this.materials[see];
  };

  // build makes the boxes: one instance each, scaled to its height, in its
  // paint with a touch of light and shade by place, so that flat ground
  // does not read as one sheet; one mesh for each way of seeing through.
  View.prototype.build = function (paints, cells) {
    var T = this.T, self = this;
    this.meshes.forEach(function (m) { self.scene.remove(m); m.dispose(); });
    this.meshes = [];
    var colours = paints.map(function (p) { return new T.Color(p.rgb || "#808080"); });
    var groups = {};
    cells.forEach(function (c) {
      var see = (paints[c[4]] && paints[c[4]].see) || 0;
      (groups[see] = groups[see] || []).push(c);
    });
    var m4 = new T.Matrix4(), pos = new T.Vector3(), scale = new T.Vector3(), turn = new T.Quaternion(), col = new T.Color();
    var bottom = Infinity, x = 0, z = 0;
    cells.forEach(function (c) { bottom = Math.min(bottom, c[1] - Math.max(1, c[3]) + 1); x += c[0]; z += c[2]; });
    if (cells.length) this.floor.position.set(x / cells.length, bottom - 0.02, z / cells.length);
    Object.keys(groups).sort().forEach(function (key) {
      var cs = groups[key], see = parseFloat(key);
      var mesh = new T.InstancedMesh(self.box, self.material(see), cs.length);
      cs.forEach(function (c, i) {
        var h = Math.max(1, c[3]);
        pos.set(c[0] + 0.5, c[1] + 1 - h / 2, c[2] + 0.5);
        scale.set(1, h, 1);
        mesh.setMatrixAt(i, m4.compose(pos, turn, scale));
        var n = ((c[0] * 73856093) ^ (c[2] * 19349663) ^ (c[1] * 83492791)) >>> 0;
        col.copy(colours[c[4]] || colours[0]).multiplyScalar(0.93 + (n % 13) / 100);
        mesh.setColorAt(i, col);
      });
      mesh.instanceMatrix.needsUpdate = true;
      if (mesh.instanceColor) mesh.instanceColor.needsUpdate = true;
      mesh.computeBoundingSphere();
      if (see > 0) mesh.renderOrder = 1;
      self.scene.add(mesh);
      self.meshes.push(mesh);
    });
    this.fig.setAttribute("data-cubes", String(cells.length));
  };

  // figure is a person or a mob: a box standing on the ground, its label
  // over it.
  View.prototype.figure = function (colour, w, h) {
    var T = this.T, g = new T.Group();
    var body = new T.Mesh(new T.BoxGeometry(w, h, w), new T.MeshLambertMaterial({ color: colour, emissive: colour, emissiveIntensity: 0.25 }));
    body.position.y = h / 2;
    g.add(body);
    g.userData.height = h;
    this.scene.add(g);
    return g;
  };

  // place puts her where she is, turned the way she looks, and moves the
  // camera's goal with her.
  View.prototype.place = function (her) {
    var T = this.T;
    if (!her) return;
    if (!this.her) {
      this.her = this.figure(HER, 0.6, 1.8);
      var arrow = new T.Mesh(new T.ConeGeometry(0.32, 0.8, 12).rotateX(Math.PI / 2), new T.MeshLambertMaterial({ color: 0xffd43b, emissive: 0xffd43b, emissiveIntensity: 0.4 }));
      arrow.position.set(0, 2.25, 0.15);
      this.her.add(arrow);
      // Her shape, faint, through whatever stands between her and the
      // camera: a crown, a hill, the roof of a mine.
      var ghost = new T.Mesh(new T.BoxGeometry(0.6, 1.8, 0.6), new T.MeshBasicMaterial({ color: HER, transparent: true, opacity: 0.35, depthTest: false, depthWrite: false }));
      ghost.position.y = 0.9;
      ghost.renderOrder = 4;
      this.her.add(ghost);
      var ring = new T.Mesh(new T.RingGeometry(0.7, 0.95, 32).rotateX(-Math.PI / 2), new T.MeshBasicMaterial({ color: HER, transparent: true, opacity: 0.8, depthWrite: false }));
      ring.position.y = 0.04;
      this.her.add(ring);
    }
    this.setLabel(this.her, her.name, "#d0312d");
    var at = new T.Vector3(her.x, her.y, her.z);
    this.her.position.copy(at);
    // Yaw 0 looks south (+z), 90 west (-x): the figure faces +z at 0.
    this.her.rotation.y = -her.yaw * Math.PI / 180;
    this.goal = at.clone().add(new T.Vector3(0, 1, 0));
    if (!this.focus) {
      this.focus = this.goal.clone();
      this.controls.target.copy(this.focus);
      this.behind(this.start());
    }
  };

  // behind puts the camera behind her, looking the way she looks from
  // above her shoulder, at distance blocks.
  View.prototype.behind = function (distance) {
    if (!this.focus || !this.her) return;
    var a = -this.her.rotation.y;
    var back = new this.T.Vector3(Math.sin(a), 0, -Math.cos(a));
    // From about 50 degrees above: her, what is in front of her, and the
    // ground around both.
    this.camera.position.copy(this.focus).addScaledVector(back, distance * 0.64).add(new this.T.Vector3(0, distance * 0.77, 0));
    this.controls.target.copy(this.focus);
    this.controls.update();
    this.draw();
  };

  // start is how far the camera stands at first: nearer on a narrow
  // screen, where the same ground would be drawn too small.
  View.prototype.start = function () {
    return (this.stage.clientWidth || 600) < 500 ? START * 0.7 : START;
  };

  // descend comes closer as she goes down a mine, where all there is to
  // see is a few blocks around her, and goes back out as she leaves it,
  // unless a person zoomed in between.
  View.prototype.descend = function (deep) {
    if (deep === !!this.deep) return;
    this.deep = deep;
    var d = this.camera.position.distanceTo(this.controls.target);
    if (deep && d > MINE) {
      this.outside = d;
      this.zoom(MINE / d);
    } else if (!deep && this.outside && Math.abs(d - MINE) < 0.5) {
      this.zoom(this.outside / d);
    }
    if (!deep) this.outside = 0;
  };

  View.prototype.zoom = function (k) {
    var off = this.camera.position.clone().sub(this.controls.target);
    var d = Math.min(FAR, Math.max(NEAR, off.length() * k));
    this.camera.position.copy(this.controls.target).add(off.setLength(d));
    this.controls.update();
    this.draw();
  };

  // mark keeps one figure per player (by name) and per mob (by id), moves
  // each toward where it is now, and takes away those gone.
  View.prototype.mark = function (players, mobs) {
    var self = this, keep = {};
    players.forEach(function (p) { self.markOne("p:" + p.name, p, PLAYER, "#2c62b0", 0.6, 1.8, keep); });
    mobs.forEach(function (m, i) { self.markOne("m:" + (m.id || m.name + i), m, m.hostile ? HOSTILE : MOB, m.hostile ? "#a93226" : "#5c6166", 0.8, 1.0, keep); });
    Object.keys(this.marks).forEach(function (k) {
      if (keep[k]) return;
      self.forget(self.marks[k]);
      delete self.marks[k];
    });
  };

  // forget takes a figure away and gives back what the GPU held for it:
  // mobs come and go all day.
  View.prototype.forget = function (g) {
    this.scene.remove(g);
    g.traverse(function (o) {
      if (o.geometry) o.geometry.dispose();
      if (o.material) {
        if (o.material.map) o.material.map.dispose();
        o.material.dispose();
      }
    });
  };

  View.prototype.markOne = function (key, m, colour, tag, w, h, keep) {
    var g = this.marks[key];
    if (!g) {
      g = this.marks[key] = this.figure(colour, w, h);
      g.position.set(m.x, m.y, m.z);
    }
    g.userData.goal = new this.T.Vector3(m.x, m.y, m.z);
    this.setLabel(g, m.name, tag);
    keep[key] = true;
  };

  // setLabel writes text on a canvas and shows it over the figure, always
  // the same size on the screen. The text is drawn with fillText: a
  // player's name is never read as markup.
  View.prototype.setLabel = function (g, text, tag) {
    var T = this.T;
    if (g.userData.text === text && g.userData.label) return;
    if (g.userData.label) {
      g.remove(g.userData.label);
      g.userData.label.material.map.dispose();
      g.userData.label.material.dispose();
    }
    var px = 2, font = "600 " + 13 * px + "px system-ui, sans-serif";
    var canvas = document.createElement("canvas"), ctx = canvas.getContext("2d");
    ctx.font = font;
    var w = Math.ceil(ctx.measureText(text).width) + 12 * px, h = 20 * px;
    canvas.width = w; canvas.height = h;
    ctx.font = font;
    ctx.fillStyle = "rgba(255,255,255,0.92)";
    ctx.beginPath();
    if (ctx.roundRect) ctx.roundRect(0, 0, w, h, 5 * px); else ctx.rect(0, 0, w, h);
    ctx.fill();
    ctx.fillStyle = tag;
    ctx.fillRect(0, 0, 3 * px, h);
    ctx.fillStyle = "#1d1f21";
    ctx.textBaseline = "middle";
    ctx.fillText(text, 7 * px, h / 2 + px / 2);
    var tex = new T.CanvasTexture(canvas);
    tex.colorSpace = T.SRGBColorSpace;
    var sprite = new T.Sprite(new T.SpriteMaterial({ map: tex, sizeAttenuation: false, depthTest: false, transparent: true }));
    sprite.center.set(0.5, 0);
    sprite.position.y = g.userData.height + (g === this.her ? 0.9 : 0.35);
    sprite.renderOrder = g === this.her ? 3 : 2;
    sprite.userData.px = [w / px, h / px];
    g.add(sprite);
    g.userData.label = sprite;
    g.userData.text = text;
    this.sizeLabel(sprite);
  };

  // sizeLabel keeps a label at its size in CSS pixels whatever the
  // canvas's height: without size attenuation a sprite's scale is in
  // units of the projection's.
  View.prototype.sizeLabel = function (sprite) {
    var h = this.stage.clientHeight || 300;
    var unit = 2 / (h * this.camera.projectionMatrix.elements[5]);
    sprite.scale.set(sprite.userData.px[0] * unit, sprite.userData.px[1] * unit, 1);
  };

  // declutter shows a label only where it covers no other: hers first,
  // then the players', then the mobs', as the map's labels are placed.
  View.prototype.declutter = function () {
    var self = this, placed = [], w = this.stage.clientWidth || 300, h = this.stage.clientHeight || 225;
    var v = new this.T.Vector3();
    var order = [this.her].concat(Object.keys(this.marks).sort().map(function (k) { return self.marks[k]; }));
    order.forEach(function (g) {
      var s = g && g.userData.label;
      if (!s) return;
      s.getWorldPosition(v).project(self.camera);
      var x = (v.x + 1) / 2 * w, y = (1 - v.y) / 2 * h, lw = s.userData.px[0], lh = s.userData.px[1];
      var r = [x - lw / 2, y - lh, x + lw / 2, y];
      var free = v.z < 1 && !placed.some(function (o) { return r[0] < o[2] && o[0] < r[2] && r[1] < o[3] && o[1] < r[3]; });
      s.visible = free;
      if (free) placed.push(r);
    });
  };

  View.prototype.resize = function () {
    var w = this.stage.clientWidth || 300, h = this.stage.clientHeight || 225, self = this;
    this.renderer.setSize(w, h, false);
    this.camera.aspect = w / h;
    this.camera.updateProjectionMatrix();
    this.scene.traverse(function (o) { if (o.isSprite && o.userData.px) self.sizeLabel(o); });
    this.draw();
  };

  // draw asks for a frame; frames go on while something still moves (her,
  // those near her, the camera's damping) and stop when all is still.
  View.prototype.draw = function () {
    var self = this;
    if (this.frame) return;
    this.frame = requestAnimationFrame(function () {
      self.frame = 0;
      if (self.step()) self.draw();
    });
  };

  // step moves the camera with her and each figure toward where it is,
  // by the time since the last frame (EASE seconds to go most of the way,
  // however fast the browser draws; a jump beyond JUMP blocks, as after a
  // death, at once), and draws the frame. It says whether anything still
  // moves.
  View.prototype.step = function () {
    var moving = false, self = this, now = performance.now();
    var dt = now - (this.last || 0) > 250 ? 1 / 60 : (now - this.last) / 1000;
    this.last = now;
    var k = 1 - Math.exp(-dt / EASE);
    if (this.focus && this.goal && this.focus.distanceToSquared(this.goal) > 1e-4) {
      var d = this.goal.clone().sub(this.focus);
      d.multiplyScalar(d.length() > JUMP ? 1 : k);
      this.focus.add(d);
      this.camera.position.add(d);
      this.controls.target.add(d);
      moving = true;
    }
    Object.keys(this.marks).forEach(function (key) {
      var g = self.marks[key], goal = g.userData.goal;
      if (goal && g.position.distanceToSquared(goal) > 1e-4) {
        g.position.lerp(goal, g.position.distanceTo(goal) > JUMP ? 1 : k);
        moving = true;
      }
    });
    if (this.controls.update()) moving = true;
    var t0 = performance.now();
    this.declutter();
    this.renderer.render(this.scene, this.camera);
    var m = performance.measure("view3d-frame", { start: t0, end: performance.now() });
    performance.clearMeasures("view3d-frame");
    this.times = (this.times || []).concat(m.duration).slice(-30);
    this.drawn = (this.drawn || 0) + 1;
    var sorted = this.times.slice().sort(function (a, b) { return a - b; });
    this.fig.setAttribute("data-frame-ms", sorted[sorted.length >> 1].toFixed(2));
    this.fig.setAttribute("data-frames", String(this.drawn));
    return moving;
  };

  start();
})();
