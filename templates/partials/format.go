// Package partials holds the pieces of the dashboard that are drawn both
// inside a page and alone, as the body of an SSE event or an htmx answer:
// one component per topic of the live panel, and the lists the pages share.
//
// Everything a player or the model wrote reaches the page through templ's
// text escaping; no component here takes raw HTML.
package partials

import (
	"fmt"
	"strconv"
	"time"
	"unicode/utf8"

	"beaweb/internal/game/protocol"
)

// Elapsed renders a duration the way the page's script continues it:
// "12 s", "3 min 5 s", "1 h 4 min". Keep the two in step (static/app.js).
func Elapsed(d time.Duration) string {
	s := int(d / time.Second)
	if s < 0 {
		s = 0
	}
	switch {
	case s < 60:
		return strconv.Itoa(s) + " s"
	case s < 3600:
		return fmt.Sprintf("%d min %d s", s/60, s%60)
	default:
		return fmt.Sprintf("%d h %d min", s/3600, (s/60)%60)
	}
}

// Took is how long a finished action took: "under a second", "12 s",
// "3 min 5 s".
func Took(d time.Duration) string {
	if d < time.Second {
		return "under a second"
	}
	return Elapsed(d)
}

func seconds(d time.Duration) string {
	if d < 0 {
		d = 0
	}
	return strconv.Itoa(int(d / time.Second))
}

// clock is the wall-clock time of a feed line.
func clock(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.Format("15:04:05")
}

// minute is the time of day of t, to the minute.
func minute(t time.Time) string { return t.Format("15:04") }

// stamp is a date and time for the tables.
func stamp(t time.Time) string {
	if t.IsZero() {
		return "—"
	}
	return t.Format("2006-01-02 15:04:05")
}

func iso(t time.Time) string { return t.Format(time.RFC3339) }

// millis is a moment in milliseconds since 1970, for the page's scripts.
func millis(t time.Time) string { return strconv.FormatInt(t.UnixMilli(), 10) }

// maxParams is how much of an action's parameters a table row shows: a
// build's layers run to thousands of characters, and the row keeps them
// whole in its title.
const maxParams = 160

// clip cuts s to at most n characters, marking the cut with an ellipsis.
func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}

// resultClass colours a result: success green, interrupted amber, any
// failure red.
func resultClass(r string) string {
	switch r {
	case string(protocol.Success):
		return "ok"
	case string(protocol.Interrupted), "":
		return "warn"
	}
	return "bad"
}

// dayTime renders the day's tick as a clock of the game, 0 being 06:00.
func dayTime(tick int64) string {
	t := ((tick%24000)+24000)%24000 + 6000
	h := (t / 1000) % 24
	m := (t % 1000) * 60 / 1000
	return fmt.Sprintf("%02d:%02d", h, m)
}

func num(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

func itoa(i int) string { return strconv.Itoa(i) }

func latency(d time.Duration) string {
	if d <= 0 {
		return "—"
	}
	if d < time.Second {
		return itoa(int(d/time.Millisecond)) + " ms"
	}
	return strconv.FormatFloat(d.Round(100*time.Millisecond).Seconds(), 'f', -1, 64) + " s"
}

// day is the date heading of a group of history rows.
func day(t time.Time) string { return t.Format("Monday 2 January 2006") }
