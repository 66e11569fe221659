package web_test

import (
	"net/url"
	"strings"
	"testing"

	"beaweb/internal/agent"
)

// TestTheHistoryFilterMatchesTheWordsOnThePage: typing what a row says
// ("Finding", "finding iron", "iron", "walking") finds it, as does the
// action's own name.
func TestTheHistoryFilterMatchesTheWordsOnThePage(t *testing.T) {
	f := serve(t)
	f.History.add(agent.ActionRecord{ID: "r1-a", Action: "find_block", Params: `{"block":"coal_ore","count":4}`, Started: clock, Finished: clock, Result: "SUCCESS"})
	f.History.add(agent.ActionRecord{ID: "r2-a", Action: "find_block", Params: `{"block":"iron_ore","count":3}`, Started: clock.Add(1), Finished: clock.Add(1), Result: "SUCCESS"})
	f.History.add(agent.ActionRecord{ID: "r3-a", Action: "move_to", Params: `{"x":1,"y":64,"z":2}`, Started: clock.Add(2), Finished: clock.Add(2), Result: "SUCCESS"})
	c := browser(t)
	for text, want := range map[string]string{
		"Finding": "Finding 4 coal ore|Finding 3 iron ore", "finding iron": "Finding 3 iron ore", "iron": "Finding 3 iron ore",
		"find_block": "Finding 4 coal ore|Finding 3 iron ore", "Walking": "Walking to (1, 64, 2)", "smelting": "",
	} {
		_, body := get(t, c, f.URL+"/history?action="+url.QueryEscape(text))
		for _, row := range []string{"Finding 4 coal ore", "Finding 3 iron ore", "Walking to (1, 64, 2)"} {
			if got, wanted := strings.Contains(body, ">"+row+"<"), strings.Contains("|"+want+"|", "|"+row+"|"); got != wanted {
				t.Errorf("filtering by %q: the row %q shown %v, want %v", text, row, got, wanted)
			}
		}
		if want == "" && !strings.Contains(body, "No action matches this filter") {
			t.Errorf("filtering by %q matched something", text)
		}
	}
}
