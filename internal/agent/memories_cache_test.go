package agent

import (
	"cmp"
	"context"
	"errors"
	"io"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
	"beaweb/internal/gametest"
)

// fakeRecall is her memory as the live state reads it, kept in maps: the
// places of each world in name order (as the store lists them), and a map
// of blocks that answers NearestKinds the way the store does.
type fakeRecall struct {
	mu     sync.Mutex
	places map[string][]game.Place // by world
	blocks []game.KnownBlock       // World and Dimension set
	facts  map[string][]game.Fact  // by uuid
	fail   error                   // every read fails with it when set
	reads  int                     // Places calls
	asked  []string                // "world dimension (x, y, z) radius" of each NearestKinds
}

func (f *fakeRecall) Places(_ context.Context, world string) ([]game.Place, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.reads++
	if f.fail != nil {
		return nil, f.fail
	}
	out := slices.Clone(f.places[world])
	slices.SortFunc(out, func(a, b game.Place) int { return cmp.Compare(a.Name, b.Name) })
	return out, nil
}

func (f *fakeRecall) NearestKinds(_ context.Context, world, dim string, from game.Pos, radius int) ([]game.KnownBlock, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.asked = append(f.asked, world+" "+dim+" "+from.String()+" "+itoa(radius))
	if f.fail != nil {
		return nil, f.fail
	}
	best := map[string]game.KnownBlock{}
	for _, b := range f.blocks {
		if b.World != world || b.Dimension != dim || !game.UsefulBlock(b.Block) || b.Pos.Dist(from) > float64(radius) {
			continue
		}
		fam := game.BlockFamily(b.Block)
		if cur, ok := best[fam]; !ok || b.Pos.Dist(from) < cur.Pos.Dist(from) {
			best[fam] = b
		}
	}
	var out []game.KnownBlock
	for _, b := range best {
		out = append(out, b)
	}
	slices.SortFunc(out, func(a, b game.KnownBlock) int { return cmp.Compare(a.Pos.Dist(from), b.Pos.Dist(from)) })
	return out, nil
}

func (f *fakeRecall) Facts(_ context.Context, uuid string) ([]game.Fact, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.fail != nil {
		return nil, f.fail
	}
	return f.facts[uuid], nil
}

func (f *fakeRecall) readCount() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.reads
}

// viewAt is her view standing in block at of world w's dimension dim, with
// a survey of the usual 20-block cube.
func viewAt(world, dim string, at game.Pos) Snapshot {
	return Snapshot{
		World:  game.WorldID{Server: world, Dimension: dim},
		Body:   &Body{Position: game.Vec3{X: float64(at.X) + 0.5, Y: float64(at.Y), Z: float64(at.Z) + 0.5}},
		Survey: &Survey{Radius: 20},
	}
}

func placeNames(ps []PlaceNote) []string {
	var out []string
	for _, p := range ps {
		out = append(out, p.Name)
	}
	return out
}

func knownBlocks(ks []KnownNote) []string {
	var out []string
	for _, k := range ks {
		out = append(out, k.Block+" "+k.Pos.String())
	}
	return out
}

func TestMemoriesListThePlacesOfThisWorldNearestFirst(t *testing.T) {
	recall := &fakeRecall{places: map[string][]game.Place{
		"w:1": {
			{Name: "farm", Dimension: "overworld", Pos: game.Pos{X: 100, Y: 64, Z: 0}},
			{Name: "mine", Dimension: "overworld", Pos: game.Pos{X: 0, Y: 12, Z: 30}},
			{Name: "portal", Dimension: "the_nether", Pos: game.Pos{X: 1, Y: 70, Z: 1}},
			{Name: "home", Dimension: "overworld", Pos: game.Pos{X: 3, Y: 64, Z: 4}},
			{Name: "bastion", Dimension: "the_nether", Pos: game.Pos{X: 0, Y: 64, Z: 0}},
		},
		// Another server's place, nearer than any: never hers here.
		"other:2": {{Name: "camp", Dimension: "overworld", Pos: game.Pos{X: 0, Y: 64, Z: 1}}},
	}}
	c := &memoryCache{recall: recall, logger: discard(), now: time.Now}
	mem := c.memories(context.Background(), viewAt("w:1", "overworld", game.Pos{X: 0, Y: 64, Z: 0}))
	if got, want := placeNames(mem.Places), []string{"home", "mine", "farm", "bastion", "portal"}; !slices.Equal(got, want) {
		t.Fatalf("places = %v, want %v (this world's, nearest first, other dimensions after)", got, want)
	}
	if mem.Places[0].Distance != 5 || mem.Places[3].Distance != -1 || mem.Places[0].Pos != (game.Pos{X: 3, Y: 64, Z: 4}) {
		t.Errorf("places = %+v; want home 5 blocks away, the nether's without a distance", mem.Places)
	}

	// In the nether the nether's places come first.
	c = &memoryCache{recall: recall, logger: discard(), now: time.Now}
	mem = c.memories(context.Background(), viewAt("w:1", "the_nether", game.Pos{X: 2, Y: 70, Z: 2}))
	if got, want := placeNames(mem.Places)[:2], []string{"portal", "bastion"}; !slices.Equal(got, want) {
		t.Errorf("in the nether, places start %v, want %v", got, want)
	}

	// The world is the one the hello named when no state, nor a change of
	// dimension, has said it.
	live := NewLive("Bea", nil, nil)
	senses := NewSenses(live, nil, nil, nil, discard(), func(Perception) {})
	senses.Handle(context.Background(), protocol.Hello{World: game.WorldID{Server: "other:2"}})
	senses.Handle(context.Background(), protocol.WorldChange{Dimension: "overworld"})
	senses.Handle(context.Background(), protocol.State{})
	v := live.Snapshot()
	c = &memoryCache{recall: recall, logger: discard(), now: time.Now}
	if got := placeNames(c.memories(context.Background(), v).Places); !slices.Equal(got, []string{"camp"}) {
		t.Errorf("places of the hello's world = %v, want [camp]", got)
	}
}

func TestMemoriesNameTheNearestKindBeyondTheSurvey(t *testing.T) {
	at := game.Pos{X: 0, Y: 64, Z: 0}
	in := func(world, dim, block string, p game.Pos) game.KnownBlock {
		return game.KnownBlock{World: world, Dimension: dim, Block: block, Pos: p}
	}
	recall := &fakeRecall{blocks: []game.KnownBlock{
		in("w:1", "overworld", "oak_log", game.Pos{X: 10, Y: 64, Z: 0}),            // inside the survey: it shows the logs
		in("w:1", "overworld", "birch_log", game.Pos{X: 60, Y: 64, Z: 0}),          // a log, but not the nearest
		in("w:1", "overworld", "iron_ore", game.Pos{X: 0, Y: 24, Z: 0}),            // 40 away
		in("w:1", "overworld", "deepslate_iron_ore", game.Pos{X: 0, Y: -26, Z: 0}), // iron, but not the nearest
		in("w:1", "overworld", "chest", game.Pos{X: 25, Y: 64, Z: 0}),              // just outside the cube
		in("w:1", "overworld", "diamond_ore", game.Pos{X: 15, Y: 50, Z: 15}),       // 25 away, but in the cube's corner
		in("w:1", "overworld", "cobblestone", game.Pos{X: 50, Y: 64, Z: 0}),        // not a useful kind
		in("w:1", "the_nether", "ancient_debris", game.Pos{X: 30, Y: 64, Z: 0}),    // another dimension
		in("other:2", "overworld", "lava", game.Pos{X: 30, Y: 64, Z: 0}),           // another world
		in("w:1", "overworld", "crafting_table", game.Pos{X: 300, Y: 64, Z: 0}),    // past the recall radius
		in("w:1", "overworld", "furnace", game.Pos{X: -100, Y: 64, Z: 100}),        // far, but within it
	}}
	c := &memoryCache{recall: recall, logger: discard(), now: time.Now}
	v := viewAt("w:1", "overworld", at)
	mem := c.memories(context.Background(), v)
	want := []string{"chest (25, 64, 0)", "iron_ore (0, 24, 0)", "furnace (-100, 64, 100)"}
	if got := knownBlocks(mem.Known); !slices.Equal(got, want) {
		t.Fatalf("remembered further out = %v, want %v", got, want)
	}
	if mem.Known[1].Distance != 40 {
		t.Errorf("iron_ore distance = %v, want 40", mem.Known[1].Distance)
	}
	if got := recall.asked; len(got) != 1 || got[0] != "w:1 overworld (0, 64, 0) 256" {
		t.Errorf("NearestKinds was asked %v", got)
	}

	// Before any survey has come nothing shows the near ones: they are named too.
	v.Survey = nil
	mem = c.memories(context.Background(), v)
	want = []string{"oak_log (10, 64, 0)", "chest (25, 64, 0)", "diamond_ore (15, 50, 15)", "iron_ore (0, 24, 0)", "furnace (-100, 64, 100)"}
	if got := knownBlocks(mem.Known); !slices.Equal(got, want) {
		t.Errorf("without a survey, remembered = %v, want %v", got, want)
	}
	// A survey of a smaller cube leaves more to name.
	v.Survey = &Survey{Radius: 12}
	mem = c.memories(context.Background(), v)
	if got := knownBlocks(mem.Known); len(got) != 4 || got[0] != "chest (25, 64, 0)" || !slices.Contains(got, "diamond_ore (15, 50, 15)") {
		t.Errorf("with a 12-block survey, remembered = %v", got)
	}
}

// TestMemoriesAreReadAtMostEveryFewSeconds: her memory is read once per
// memoryRefresh however she moves, the distances following her all the
// same, and again at once in another world or dimension.
func TestMemoriesAreReadAtMostEveryFewSeconds(t *testing.T) {
	recall := &fakeRecall{
		places: map[string][]game.Place{"w:1": {{Name: "home", Dimension: "overworld", Pos: game.Pos{X: 9, Y: 64, Z: 0}}}},
		facts:  map[string][]game.Fact{"u-alex": {{Text: "likes birch"}}},
	}
	clock := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	c := &memoryCache{recall: recall, logger: discard(), now: func() time.Time { return clock }}
	ctx := context.Background()
	v := viewAt("w:1", "overworld", game.Pos{X: 0, Y: 64, Z: 0})
	v.Body.Players = []game.NearPlayer{{Name: "Alex", UUID: "u-alex"}, {Name: "Steve", UUID: "u-steve"}, {Name: "Ghost"}}
	mem := c.memories(ctx, v)
	if recall.readCount() != 1 || len(mem.People) != 1 || mem.People[0].Name != "Alex" || mem.People[0].Facts[0] != "likes birch" {
		t.Fatalf("first read: %d reads, people %+v", recall.readCount(), mem.People)
	}
	// A new place is not seen until her memory is read again.
	recall.mu.Lock()
	recall.places["w:1"] = append(recall.places["w:1"], game.Place{Name: "cave", Dimension: "overworld", Pos: game.Pos{X: 1, Y: 60, Z: 0}})
	recall.mu.Unlock()

	// Five blocks in a second, then standing still until just short of
	// memoryRefresh: no read, but each distance is from where she stands.
	for x := 1; x <= 5; x++ {
		clock = clock.Add(200 * time.Millisecond)
		mem = c.memories(ctx, viewAt("w:1", "overworld", game.Pos{X: x, Y: 64, Z: 0}))
		if recall.readCount() != 1 || len(mem.Places) != 1 || mem.Places[0].Distance != float64(9-x) {
			t.Fatalf("%d blocks on: %d reads, places %+v; want 1 read and home %d away", x, recall.readCount(), mem.Places, 9-x)
		}
	}
	clock = clock.Add(memoryRefresh - time.Second - time.Nanosecond)
	if mem := c.memories(ctx, v); recall.readCount() != 1 || len(mem.Places) != 1 || mem.Places[0].Distance != 9 {
		t.Fatalf("within %v: %d reads, places %+v", memoryRefresh, recall.readCount(), mem.Places)
	}
	clock = clock.Add(time.Nanosecond)
	if mem := c.memories(ctx, v); recall.readCount() != 2 || !slices.Equal(placeNames(mem.Places), []string{"cave", "home"}) {
		t.Fatalf("after %v: %d reads, places %v", memoryRefresh, recall.readCount(), placeNames(mem.Places))
	}
	// Her memory was read where she stood then; standing 11 blocks from
	// home puts home first.
	if mem := c.memories(ctx, viewAt("w:1", "overworld", game.Pos{X: 20, Y: 64, Z: 0})); recall.readCount() != 2 || mem.Places[0].Name != "home" || mem.Places[0].Distance != 11 {
		t.Fatalf("after a walk: %d reads, places %+v", recall.readCount(), mem.Places)
	}
	if mem := c.memories(ctx, viewAt("w:2", "overworld", game.Pos{X: 20, Y: 64, Z: 0})); recall.readCount() != 3 || len(mem.Places) != 0 {
		t.Fatalf("in another world: %d reads, places %+v", recall.readCount(), mem.Places)
	}
	if c.memories(ctx, viewAt("w:2", "the_nether", game.Pos{X: 20, Y: 64, Z: 0})); recall.readCount() != 4 {
		t.Fatalf("in another dimension: %d reads, want 4", recall.readCount())
	}
	c.forget()
	if c.memories(ctx, viewAt("w:2", "the_nether", game.Pos{X: 20, Y: 64, Z: 0})); recall.readCount() != 5 {
		t.Fatalf("after forget: %d reads, want 5", recall.readCount())
	}
}

// blockingRecall is a memory whose Places waits until it is let go, to
// show what the cache holds while a read is under way.
type blockingRecall struct {
	fakeRecall
	reading chan struct{} // closed when Places has begun
	release chan struct{}
}

func (b *blockingRecall) Places(ctx context.Context, world string) ([]game.Place, error) {
	close(b.reading)
	<-b.release
	return b.fakeRecall.Places(ctx, world)
}

// TestMemoriesAreReadOutsideTheLock: while her memory is read the cache's
// lock is free, and a forget that comes during the read keeps what that
// read found from being kept.
func TestMemoriesAreReadOutsideTheLock(t *testing.T) {
	recall := &blockingRecall{
		fakeRecall: fakeRecall{places: map[string][]game.Place{"w:1": {{Name: "home", Dimension: "overworld"}}}},
		reading:    make(chan struct{}), release: make(chan struct{}),
	}
	c := &memoryCache{recall: recall, logger: discard(), now: time.Now}
	done := make(chan *Memories)
	go func() { done <- c.memories(context.Background(), viewAt("w:1", "overworld", game.Pos{})) }()
	<-recall.reading
	if !c.mu.TryLock() {
		t.Fatal("the cache's lock is held while her memory is read")
	}
	c.mu.Unlock()
	c.forget()
	close(recall.release)
	if mem := <-done; len(mem.Places) != 1 {
		t.Fatalf("the read found %+v", mem)
	}
	c.mu.Lock()
	kept := c.read
	c.mu.Unlock()
	if kept != nil {
		t.Error("a read begun before forget was kept")
	}
}

func TestMemoriesWithoutWhereOrWhat(t *testing.T) {
	recall := &fakeRecall{places: map[string][]game.Place{"w:1": {{Name: "home", Dimension: "overworld"}}}}
	c := &memoryCache{recall: recall, logger: discard(), now: time.Now}
	v := viewAt("w:1", "overworld", game.Pos{})
	v.Body = nil
	if mem := c.memories(context.Background(), v); mem != nil {
		t.Errorf("before any state: %+v, want none", mem)
	}
	if mem := c.memories(context.Background(), viewAt("", "overworld", game.Pos{})); mem != nil || recall.readCount() != 0 {
		t.Errorf("with no world named: %+v after %d reads, want none and no read", mem, recall.readCount())
	}
	var none *memoryCache
	if none.memories(context.Background(), viewAt("w:1", "overworld", game.Pos{})) != nil {
		t.Error("a mind without memory has memories")
	}

	// A memory that cannot be read is logged; the live state goes on without it.
	var logs strings.Builder
	recall.fail = errors.New("disk on fire")
	c = &memoryCache{recall: recall, logger: textLogger(&logs), now: time.Now}
	mem := c.memories(context.Background(), viewAt("w:1", "overworld", game.Pos{}))
	if mem == nil || len(mem.Places) != 0 || len(mem.Known) != 0 {
		t.Errorf("after failed reads: %+v", mem)
	}
	if !strings.Contains(logs.String(), "her places could not be read") || !strings.Contains(logs.String(), "disk on fire") {
		t.Errorf("the failure was not logged: %s", logs.String())
	}
}

// textLogger writes what is logged, warnings and above, to w.
func textLogger(w io.Writer) *slog.Logger {
	return slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: slog.LevelWarn}))
}

// rememberingTools is the test toolbox with a remember_place that writes to
// her memory, as the real one does through the store.
type rememberingTools struct {
	toolbox
	recall *fakeRecall
}

func (r rememberingTools) Specs() []ToolSpec {
	return append(r.toolbox.Specs(), ToolSpec{Name: "remember_place"})
}

func (r rememberingTools) Invoke(ctx context.Context, c ToolCall) Outcome {
	if c.Name != "remember_place" {
		return r.toolbox.Invoke(ctx, c)
	}
	r.recall.mu.Lock()
	r.recall.places["w:1"] = append(r.recall.places["w:1"], game.Place{Name: "camp", Dimension: "overworld", Pos: game.Pos{X: 4, Y: 64, Z: 4}})
	r.recall.mu.Unlock()
	return Outcome{Answer: "SUCCESS: remembered camp at (4, 64, 4) in overworld.", Remembered: true}
}

// TestAPlaceSheRemembersShowsAtTheNextStep: her memory is read every few
// seconds, but a call that changed it is seen at once, in the live state of
// the very next step of the same turn.
func TestAPlaceSheRemembersShowsAtTheNextStep(t *testing.T) {
	recall := &fakeRecall{places: map[string][]game.Place{"w:1": {{Name: "home", Dimension: "overworld", Pos: game.Pos{X: 9, Y: 64, Z: 0}}}}}
	model := &scripted{steps: []ModelResponse{
		{ToolCalls: []ToolCall{call("1", "remember_place", `{"name":"camp"}`)}},
		{ToolCalls: []ToolCall{call("2", "stay_silent", `{}`)}},
	}}
	m := wireMind(model, &gametest.Game{}, MindConfig{Prompt: youAre},
		testParts{recall: recall, tools: rememberingTools{recall: recall}})
	v := viewAt("w:1", "overworld", game.Pos{X: 4, Y: 64, Z: 4})
	m.Senses.Handle(context.Background(), protocol.Hello{Protocol: 2, World: v.World})
	m.Senses.Handle(context.Background(), stateOf(v))

	m.turn(context.Background(), []Perception{{Source: SourceChat, Kind: KindChat, Addressed: true, Text: "Alex says: remember this spot"}})
	reqs := model.requests()
	if len(reqs) != 2 {
		t.Fatalf("%d model calls, want 2", len(reqs))
	}
	if strings.Contains(reqs[0].Now, "camp") || !strings.Contains(reqs[0].Now, "home") {
		t.Fatalf("the first step's live state should know home and not camp yet:\n%s", reqs[0].Now)
	}
	if !strings.Contains(reqs[1].Now, "camp") {
		t.Errorf("the step after remember_place does not show camp:\n%s", reqs[1].Now)
	}
}
