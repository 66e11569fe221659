package recipes

import (
	"encoding/json"
	"fmt"
	"os"
	"sync"
	"testing"
)

// TestMemoGivesTheSameAnswers: every item of both books, from several
// inventories with and without stations nearby, planned with the book's
// memo and with the search run afresh (no memo), gives the same plan to
// the last step, fuel and word.
func TestMemoGivesTheSameAnswers(t *testing.T) {
	starts := []struct {
		name string
		have inv
		near Nearby
	}{
		{"empty", inv{}, Nearby{}},
		{"mid game", midGame(), Nearby{}},
		{"stations nearby", inv{"oak_log": 3, "cobblestone": 8}, Nearby{CraftingTable: true, Furnace: true}},
		{"a start", inv{"birch_log": 5, "stick": 3, "coal": 2, "raw_iron": 4, "crafting_table": 1}, Nearby{Furnace: true}},
		{"storage", inv{"wheat": 5, "iron_block": 1, "coal_block": 1, "spruce_planks": 9, "white_wool": 2, "furnace": 1}, Nearby{}},
	}
	compared := 0
	for _, version := range []string{"26.1", "1.21.4"} {
		b := book(t, version)
		for _, s := range starts {
			for i, it := range craftable(b) {
				count := 1 + i%3
				got, err := b.PlanNear(it, count, s.have, s.near)
				if err != nil {
					t.Fatalf("%s, %s: %d %s: %v", version, s.name, count, it, err)
				}
				want, err := b.plan(it, count, s.have, s.near, nil)
				if err != nil {
					t.Fatalf("%s, %s: %d %s without the memo: %v", version, s.name, count, it, err)
				}
				g, w := planJSON(t, got), planJSON(t, want)
				if g != w || got.Text() != want.Text() {
					t.Fatalf("%s, %s: %d %s differs with the memo:\n%s\nwithout:\n%s", version, s.name, count, it, got.Text(), want.Text())
				}
				compared++
			}
		}
	}
	if compared < 8000 {
		t.Errorf("only %d plans compared", compared)
	}
}

func planJSON(t *testing.T, p *Plan) string {
	t.Helper()
	raw, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(raw)
}

// TestMemoIsSharedSafely: plans made at once from several goroutines on
// one book (the brain and the practice world share it) give the answers
// of the plain search; run with -race.
func TestMemoIsSharedSafely(t *testing.T) {
	b, err := Load(os.DirFS("../../../data"), "26.1")
	if err != nil {
		t.Fatal(err)
	}
	items := craftable(b)[:120]
	want := map[string]string{}
	for _, it := range items {
		p, err := b.plan(it, 2, midGame(), Nearby{}, nil)
		if err != nil {
			t.Fatal(err)
		}
		want[it] = planJSON(t, p)
	}
	var wg sync.WaitGroup
	errs := make(chan error, 4)
	for g := range 4 {
		wg.Go(func() {
			for i := range items {
				it := items[(i+g*30)%len(items)]
				p, err := b.Plan(it, 2, midGame())
				if err != nil {
					errs <- err
					return
				}
				raw, err := json.Marshal(p)
				if err != nil || string(raw) != want[it] {
					errs <- fmt.Errorf("goroutine %d: %s differs: %v", g, it, err)
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// TestMemoStaysBounded: a memo that reaches its limit starts afresh.
func TestMemoStaysBounded(t *testing.T) {
	m := newMemo()
	for i := range memoLimit + 10 {
		m.put(fmt.Sprint(i), &answer{})
	}
	if n := len(m.answers); n != 10 {
		t.Errorf("%d answers after %d puts, want the 10 since it started afresh", n, memoLimit+10)
	}
	if m.get(fmt.Sprint(memoLimit+9)) == nil || m.get("0") != nil {
		t.Error("want the newest answers kept and the oldest gone")
	}
}
