package web_test

import (
	"context"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"beaweb/internal/agent"
)

// speechStub stands in for the browser's speech synthesis before the
// page's scripts run: what the page asks it to say is kept in
// window.__spoken, with the language and the voice it asked for. Its
// voices are an English and a French one, as a browser lists them.
const speechStub = `(function () {
  window.__spoken = [];
  var voices = [
    { name: "Test Français", lang: "fr-FR", localService: true, default: true },
    { name: "Test English", lang: "en-GB", localService: true, default: false },
  ];
  window.SpeechSynthesisUtterance = function (text) { this.text = text; this.lang = ""; this.voice = null; };
  Object.defineProperty(window, "speechSynthesis", { configurable: true, value: {
    speak: function (u) { window.__spoken.push({ text: u.text, lang: u.lang, voice: u.voice ? u.voice.name : "" }); },
    cancel: function () {}, getVoices: function () { return voices; }, pending: false, speaking: false,
  }});
})();`

// onEveryPage runs script in every document the browser opens next,
// before the page's own scripts.
func onEveryPage(script string) chromedp.Action[chromedp.Void] {
	return func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: script})
		return chromedp.Void{}, err
	}
}

// TestBrowserReadsHerVoiceAloudWhenAsked: with the live page's switch on,
// what she says from then on is handed to the browser's speech synthesis,
// in an English voice (the page's language); what she said before is not,
// nor anything while the switch is off; her chat lines are read only with
// the second switch; the browser remembers the switches across a reload.
func TestBrowserReadsHerVoiceAloudWhenAsked(t *testing.T) {
	ctx := openBrowser(t)
	f := serve(t)
	say := func(text string, at time.Time) {
		f.Live.Update(agent.TopicVoice, func(s *agent.Snapshot) {
			s.Voice = append(append([]agent.Line(nil), s.Voice...), agent.Line{At: at, Text: text})
		})
	}
	spoken := func() []map[string]string {
		t.Helper()
		got, err := chromedp.Run(ctx, chromedp.Evaluate[[]map[string]string](`window.__spoken`))
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	within(t, ctx, "loading the live page",
		onEveryPage(speechStub),
		chromedp.Navigate(f.URL+"/"),
		chromedp.WaitVisible(chromedp.ID("voice-aloud")),
		// The stream's opening redraw replaces the voice card: wait for it.
		(pollTrue(`document.querySelector("#live-voice [data-say]") !== null`)),
	)
	say("Nobody hears this one.", clock.Add(time.Second))
	within(t, ctx, "a line said with the switch off showing",
		(pollTrue(textOf("#live-voice") + `.includes("Nobody hears this one.")`)))
	if got := spoken(); len(got) != 0 {
		t.Fatalf("with the switch off the page said %v", got)
	}
	within(t, ctx, "turning the switch on", chromedp.Click(chromedp.ID("voice-aloud")))
	say("Found some iron!", clock.Add(2*time.Second))
	within(t, ctx, "her new line read aloud", (pollTrue(`window.__spoken.length >= 1`)))
	got := spoken()
	if len(got) != 1 || got[0]["text"] != "Found some iron!" || got[0]["lang"] != "en" || got[0]["voice"] != "Test English" {
		t.Fatalf("the page said %v; want her one new line, in English, with the English voice", got)
	}
	// Her chat lines: only with the second switch.
	f.Live.Update(agent.TopicChat, func(s *agent.Snapshot) {
		s.Chat = append(append([]agent.ChatLine(nil), s.Chat...), agent.ChatLine{At: clock.Add(3 * time.Second), Name: "Bea", Message: "coming, Steve", Self: true})
	})
	within(t, ctx, "her chat line showing", (pollTrue(textOf("#live-chat") + `.includes("coming, Steve")`)))
	within(t, ctx, "turning her chat on", chromedp.Click(chromedp.ID("voice-chat")))
	f.Live.Update(agent.TopicChat, func(s *agent.Snapshot) {
		s.Chat = append(append([]agent.ChatLine(nil), s.Chat...),
			agent.ChatLine{At: clock.Add(4 * time.Second), Name: "Steve", Message: "thanks"},
			agent.ChatLine{At: clock.Add(5 * time.Second), Name: "Bea", Message: "here you go", Self: true})
	})
	within(t, ctx, "her next chat line read aloud", (pollTrue(`window.__spoken.length >= 2`)))
	if got := spoken(); len(got) != 2 || got[1]["text"] != "here you go" {
		t.Fatalf("the page said %v; want her chat line after her voice, and nothing of Steve's", got)
	}
	// The browser remembers the switches; the lines of before the reload
	// are not read again.
	within(t, ctx, "reloading the page",
		chromedp.Reload(),
		chromedp.WaitVisible(chromedp.ID("voice-aloud")),
		(pollTrue(`document.getElementById("voice-aloud").checked && document.getElementById("voice-chat").checked`)),
		(pollTrue(`document.querySelector("#live-voice [data-say]") !== null`)),
	)
	say("Back again.", clock.Add(6*time.Second))
	within(t, ctx, "her line after the reload read aloud", (pollTrue(`window.__spoken.length >= 1`)))
	if got := spoken(); len(got) != 1 || got[0]["text"] != "Back again." {
		t.Fatalf("after a reload the page said %v; want only her new line", got)
	}
}
