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
		{"bamboo, a table nearby", inv{"bamboo": 20, "stick": 1}, Nearby{CraftingTable: true}},
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
	if compared < 10000 {
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
	if m.get([]byte(fmt.Sprint(memoLimit+9))) == nil || m.get([]byte("0")) != nil {
		t.Error("want the newest answers kept and the oldest gone")
	}
}

// TestReachIsEveryWayDown holds the reach sets, worked out by components,
// to a plain walk down every item's ways in both books.
func TestReachIsEveryWayDown(t *testing.T) {
	for _, version := range []string{"26.1", "1.21.4"} {
		b := book(t, version)
		for at := range 4 {
			for _, item := range b.Items() {
				want := map[string]bool{}
				stack := []string{item}
				for len(stack) > 0 {
					it := stack[len(stack)-1]
					stack = stack[:len(stack)-1]
					if want[it] {
						continue
					}
					want[it] = true
					for _, o := range b.ways[it] {
						if o.craft != nil {
							if !o.craft.FitsInventory() && at&tableAtHand == 0 {
								stack = append(stack, StationTable)
							}
							for _, s := range o.craft.Slots {
								stack = append(stack, s.Items...)
							}
							continue
						}
						if at&furnaceAtHand == 0 {
							stack = append(stack, StationFurnace)
						}
						stack = append(stack, o.smelt.Items...)
					}
				}
				set := b.reach.of(item, at)
				for _, other := range b.Items() {
					if b.reach.has(set, other) != want[other] {
						t.Fatalf("%s, stations %d: %s reaches %s is %v, want %v", version, at, item, other, !want[other], want[other])
					}
				}
			}
		}
	}
	b := book(t, "26.1")
	for _, tc := range []struct {
		item  string
		at    int
		other string
		want  bool
	}{
		{"wooden_pickaxe", 0, "spruce_log", true},
		{"oak_planks", 0, "crafting_table", false},
		{"iron_ingot", 0, "cobblestone", true}, // for the furnace
		{"iron_ingot", furnaceAtHand, "cobblestone", false},
		{"iron_ingot", furnaceAtHand, "furnace", false},
	} {
		if got := b.reach.has(b.reach.of(tc.item, tc.at), tc.other); got != tc.want {
			t.Errorf("%s with stations %d reaches %s: %v, want %v", tc.item, tc.at, tc.other, got, tc.want)
		}
	}
}
