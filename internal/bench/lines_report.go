package bench

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"
)

// linesBench is `beaweb bench --lines FILE`: the table of player lines
// played end to end in the practice world, each row judged by what she
// said and did, then the share served per category and overall, and the
// time to her answer.
func linesBench(ctx context.Context, s benchSettings, stdout, stderr io.Writer) error {
	rows, err := readLineRows(s.Lines)
	if err != nil {
		return err
	}
	if s.Body {
		return fmt.Errorf("--lines plays in the practice world only; through the body it is --requests N --body")
	}
	fmt.Fprintf(stderr, "playing %d lines in the practice world, one row at a time\n", len(rows))
	results, err := playLines(ctx, s, rows)
	if len(results) > 0 {
		printLines(stdout, results)
	}
	return err
}

// served counts rows and the served ones.
type servedCount struct{ rows, served int }

func (c servedCount) String() string {
	return fmt.Sprintf("%3d of %3d  %5.1f %%", c.served, c.rows, 100*float64(c.served)/float64(max(c.rows, 1)))
}

// printLines prints each row (served or why not, her first words, the time
// to her answer), the share served per category and overall, and the time
// to her answer: median, 95th percentile and most, in game and wall time.
func printLines(out io.Writer, results []rowResult) {
	fmt.Fprintf(out, "%-4s %-6s %-9s %-9s %-7s %-8s %s\n", "row", "served", "who", "intent", "answer", "", "line → what she said (why not)")
	byCat := map[string]*servedCount{}
	var all servedCount
	var game, wall []time.Duration
	unanswered := 0
	for i, r := range results {
		c := byCat[category(r.row.intent)]
		if c == nil {
			c = &servedCount{}
			byCat[category(r.row.intent)] = c
		}
		c.rows++
		all.rows++
		mark := "no"
		if r.served {
			c.served++
			all.served++
			mark = "yes"
		}
		ans := "-"
		switch {
		case r.answered && r.row.who == "dashboard":
			ans = fmt.Sprintf("%.1fs wall", r.answerWall.Seconds())
			wall = append(wall, r.answerWall)
		case r.answered:
			ans = fmt.Sprintf("%.2fs", r.answerGame.Seconds())
			game = append(game, r.answerGame)
			wall = append(wall, r.answerWall)
		case r.row.intent != "none":
			unanswered++
		}
		said := strings.Join(r.her, " / ")
		if len([]rune(said)) > 140 {
			said = string([]rune(said)[:140]) + "…"
		}
		if !r.served {
			said += " (" + r.why + ")"
		}
		if r.row.who != "dashboard" {
			ans += fmt.Sprintf(" %2.0fm", r.dist)
		}
		fmt.Fprintf(out, "%-4d %-6s %-9s %-9s %-16s %q → %s\n", i+1, mark, r.row.who, r.row.intent, ans, r.row.line, said)
	}
	fmt.Fprintln(out, "\nserved end to end, by category:")
	for _, c := range categories {
		if n := byCat[c.name]; n != nil {
			fmt.Fprintf(out, "  %-36s %s\n", c.name, n)
		}
	}
	fmt.Fprintf(out, "  %-36s %s\n", "all", all)
	fmt.Fprintf(out, "\ntime to her first answer, %d lines said in the game: median %s, p95 %s, most %s (game time; wall %s, %s, %s)\n",
		len(game), quantile(game, 0.5), quantile(game, 0.95), quantile(game, 1), quantile(wall, 0.5), quantile(wall, 0.95), quantile(wall, 1))
	over := 0
	for _, d := range game {
		if d > 2*time.Second {
			over++
		}
	}
	fmt.Fprintf(out, "lines answered after more than 2 s: %d; lines she never answered (not counting those to others): %d\n", over, unanswered)
}

// quantile is the q-th quantile of ds, nearest rank; "-" for none.
func quantile(ds []time.Duration, q float64) string {
	if len(ds) == 0 {
		return "-"
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	i := int(q*float64(len(s))+0.999999) - 1
	i = max(0, min(i, len(s)-1))
	return s[i].Round(time.Millisecond).String()
}
