// Reads her voice aloud in the browser, when the person watching asks: the
// live page's "Read her voice aloud" switch (and "her chat lines too"),
// remembered in this browser's localStorage. It speaks with the browser's
// own speech synthesis: no key, nothing sent anywhere. Only what she says
// after the page opened, or after the switch is turned on, is read: a line
// is new when it was not on the page before the card was redrawn (every
// SSE swap draws it whole), so a redraw repeats nothing.
// The lines to read carry data-say. She speaks the page's language (its
// lang, English): the voice is one of that language, the browser's default
// for it where it has several; a browser with none reads with its own.
(function () {
  "use strict";
  var KEY_ON = "beaweb.voice.aloud", KEY_CHAT = "beaweb.voice.chat";
  // At most this many lines are read from one redraw: after a long
  // silence of the page (a tab in the background) the latest, not a queue.
  var MOST = 3;

  function stored(key) {
    try { return window.localStorage.getItem(key) === "on"; } catch (e) { return false; }
  }
  function store(key, on) {
    try { window.localStorage.setItem(key, on ? "on" : "off"); } catch (e) { /* private mode: not remembered */ }
  }

  // lines are the elements to read in the voice card and, with chat on, her
  // own lines in the chat card.
  function lines(chat) {
    var sel = "#live-voice [data-say]";
    if (chat) sel += ", #live-chat [data-say]";
    return Array.prototype.slice.call(document.querySelectorAll(sel));
  }
  function atOf(el) { return parseInt(el.getAttribute("data-at"), 10) || 0; }
  function keyOf(el) { return el.getAttribute("data-at") + "|" + el.getAttribute("data-say"); }
  // shown is the keys of the lines on the page now, read or not.
  function shown() {
    var keys = new Set();
    lines(true).forEach(function (el) { keys.add(keyOf(el)); });
    return keys;
  }

  // voiceFor is the browser's voice for lang ("en", "fr-FR"): one of that
  // language and region, else of the language, the default first, then one
  // on this machine; null leaves the browser's choice.
  function voiceFor(synth, lang) {
    var voices = (synth.getVoices && synth.getVoices()) || [];
    var want = (lang || "").toLowerCase(), base = want.split("-")[0];
    var best = null, score = -1;
    for (var i = 0; i < voices.length; i++) {
      var v = voices[i], vl = (v.lang || "").toLowerCase().replace("_", "-");
      var s = vl === want ? 4 : vl.split("-")[0] === base ? 2 : -1;
      if (s < 0) continue;
      if (v.default) s += 1;
      if (v.localService) s += 0.5;
      if (s > score) { best = v; score = s; }
    }
    return best;
  }

  document.addEventListener("DOMContentLoaded", function () {
    var on = document.getElementById("voice-aloud");
    var chat = document.getElementById("voice-chat");
    var card = document.getElementById("live-voice-card");
    if (!on || !card) return;
    var synth = window.speechSynthesis;
    if (!synth || typeof window.SpeechSynthesisUtterance !== "function") {
      on.disabled = true;
      if (chat) chat.disabled = true;
      var why = card.querySelector(".voice-why");
      if (why) why.hidden = false;
      return;
    }
    var lang = document.documentElement.lang || navigator.language;
    on.checked = stored(KEY_ON);
    if (chat) chat.checked = stored(KEY_CHAT);
    var seen = shown();

    function speak(text) {
      var u = new window.SpeechSynthesisUtterance(text);
      u.lang = lang;
      var v = voiceFor(synth, lang);
      if (v) u.voice = v;
      synth.speak(u);
    }

    function readNew() {
      if (on.checked) {
        var fresh = lines(chat && chat.checked).filter(function (el) { return !seen.has(keyOf(el)); });
        fresh.sort(function (a, b) { return atOf(a) - atOf(b); });
        fresh.slice(-MOST).forEach(function (el) { speak(el.getAttribute("data-say")); });
      }
      seen = shown();
    }

    on.addEventListener("change", function () {
      store(KEY_ON, on.checked);
      seen = shown(); // from now on: what was said before is not read
      if (!on.checked) synth.cancel();
    });
    if (chat) chat.addEventListener("change", function () { store(KEY_CHAT, chat.checked); });
    ["live-voice", "live-chat"].forEach(function (id) {
      var el = document.getElementById(id);
      if (el) new MutationObserver(readNew).observe(el, { childList: true, subtree: true });
    });
  });
})();
