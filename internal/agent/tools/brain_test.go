package tools

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"beaweb/internal/agent"
	"beaweb/internal/fault"
	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
	"beaweb/internal/gametest"
	"beaweb/internal/planner/blueprint"
)

// standing is her situation at (10, 64, 10) facing east, in world w.
// mapOf is her map kept in mem, placed by what sit shows.
func mapOf(mem agent.MapStore, sit agent.Snapshots) *agent.MapWriter {
	return agent.NewMapWriter(mem, sit, slog.New(slog.DiscardHandler))
}

func standing(dim string) fakeSit {
	return fakeSit{v: agent.Snapshot{
		GameSide: &agent.GameSide{Version: "26.2"},
		World:    game.WorldID{Server: "w", Dimension: dim},
		Body: &agent.Body{Position: game.Vec3{X: 10.5, Y: 64, Z: 10.5}, Yaw: 270,
			Players:   []game.NearPlayer{{Name: "Alex", UUID: "u-alex", Distance: 3}},
			Inventory: []game.Slot{{Item: "oak_log", Count: 2}}},
	}}
}

func invoke(r *Registry, name, args string) agent.Outcome {
	return r.Invoke(context.Background(), agent.ToolCall{Name: name, Args: json.RawMessage(args)})
}

func TestPlaces(t *testing.T) {
	g := &gametest.Game{}
	over := fullRegistryAt(g, standing("overworld"))
	if out := invoke(over, "remember_place", `{"name":"home","note":"by the oak"}`); out.Failed || !out.Remembered || !strings.Contains(out.Answer, "remembered home at (10, 64, 10)") {
		t.Errorf("remember_place: %+v, want a success that marks her memory changed", out)
	}
	if out := invoke(over, "remember_place", `{"name":"   "}`); !out.Failed || out.Remembered || !strings.Contains(out.Answer, "only of spaces") {
		t.Errorf("a name of spaces: %+v", out)
	}
	out := invoke(over, "go_to_place", `{"name":"home"}`)
	if out.Action == nil || out.Action.Name != "move_to" {
		t.Fatalf("go_to_place did not become a move_to: %+v", out)
	}
	if b, _ := json.Marshal(out.Action.Params); string(b) != `{"x":10.5,"y":64,"z":10.5}` {
		t.Errorf("go_to_place sends %s", b)
	}
	if out := invoke(over, "go_to_place", `{"name":"castle"}`); !out.Failed || !strings.Contains(out.Answer, "home") {
		t.Errorf("an unknown place did not list the known ones: %+v", out)
	}
	invoke(over, "remember_place", `{"name":"mine"}`)
	if out := invoke(over, "forget_place", `{"name":"Home"}`); out.Failed || !out.Remembered || out.Action != nil || !strings.Contains(out.Answer, "forgot Home") {
		t.Errorf("forget_place: %+v, want a quick success that marks her memory changed", out)
	}
	if out := invoke(over, "go_to_place", `{"name":"home"}`); !out.Failed || out.Action != nil {
		t.Errorf("go_to_place to a place forgotten: %+v, want a refusal", out)
	}
	if out := invoke(over, "forget_place", `{"name":"home"}`); !out.Failed || !strings.Contains(out.Answer, "the places you know here are mine") {
		t.Errorf("forget_place of a place she does not know: %+v, want the names she knows", out)
	}
	if out := invoke(over, "forget_place", `{"name":""}`); !out.Failed {
		t.Errorf("forget_place without a name: %+v", out)
	}
}

func TestPlaceInAnotherDimensionIsRefused(t *testing.T) {
	mem := newMemory()
	g := &gametest.Game{}
	over := New(Deps{Game: g, Situation: standing("overworld"), Places: mem})
	nether := New(Deps{Game: g, Situation: standing("the_nether"), Places: mem})
	invoke(over, "remember_place", `{"name":"home"}`)
	out := invoke(nether, "go_to_place", `{"name":"home"}`)
	if out.Action != nil || !strings.Contains(out.Answer, "home is in overworld and you are in the_nether") {
		t.Errorf("a place in another dimension: %+v", out)
	}
}

func TestRememberPersonAndRecall(t *testing.T) {
	mem := newMemory()
	r := New(Deps{Game: &gametest.Game{}, Situation: standing("overworld"), People: mem, Blocks: mem, Map: mapOf(mem, standing("overworld"))})
	if out := invoke(r, "remember_person", `{"player":"Alex","fact":"lives by the lake"}`); out.Failed || !out.Remembered {
		t.Errorf("remember_person for a player nearby: %+v, want a success that marks her memory changed", out)
	}
	if out := invoke(r, "remember_person", `{"player":"Nobody","fact":"x"}`); !out.Failed || out.Remembered || !strings.Contains(out.Answer, "not met") {
		t.Errorf("remember_person for a stranger: %+v", out)
	}
	if out := invoke(r, "remember_person", `{"player":"Alex","fact":"`+strings.Repeat("a", 501)+`"}`); !out.Failed || !strings.Contains(out.Answer, "500") {
		t.Errorf("a fact over 500 characters: %+v", out)
	}
	_ = mem.RememberBlocks(context.Background(), "w", "overworld", []game.KnownBlock{{Pos: game.Pos{X: 40, Y: 12, Z: 10}, Block: "deepslate_iron_ore"}}, nil)
	if out := invoke(r, "recall_blocks", `{"kind":"iron_ore"}`); !strings.Contains(out.Answer, "(40, 12, 10)") {
		t.Errorf("recall_blocks: %+v", out)
	}
}

func TestCraftingPlanAnswersAtOnce(t *testing.T) {
	r := fullRegistryAt(&gametest.Game{}, standing("overworld"))
	out := invoke(r, "crafting_plan", `{"item":"wooden_pickaxe"}`)
	if out.Failed || out.Action != nil || !strings.Contains(out.Answer, "crafting_table") {
		t.Errorf("crafting_plan: %+v", out)
	}
	if out := invoke(r, "crafting_plan", `{"item":"oak_plank"}`); !out.Failed || !strings.Contains(out.Answer, "oak_planks") {
		t.Errorf("a misspelt item did not get the closest names: %+v", out)
	}
}

func TestBuildRefusesMalformedArgumentsWithTheSentence(t *testing.T) {
	r := fullRegistryAt(&gametest.Game{}, standing("overworld"))
	out := invoke(r, "build", `{"origin":{"x":0,"y":64,"z":0},"layers":["ab"],"palette":{"a":"stone","b":"dirt"}}`)
	if out.Action != nil || !out.Failed || !strings.Contains(out.Answer, "FAILURE_INVALID") {
		t.Errorf("a flattened layers was not refused: %+v", out)
	}
	ok := invoke(r, "build", `{"origin":{"x":0,"y":64,"z":0},"layers":[["ss","ss"]],"palette":{"s":"stone"}}`)
	if ok.Action == nil || ok.Action.Name != "build" {
		t.Errorf("a good build did not start: %+v", ok)
	}
}

func TestBuildScriptPreviewsBeforeItBuilds(t *testing.T) {
	r := fullRegistryAt(&gametest.Game{}, standing("overworld"))
	script := `{"script":"0 0 0 stone\n1 0 0 stone","confirm":true}`
	if out := invoke(r, "build_script", script); out.Action != nil || !strings.Contains(out.Answer, "preview this script first") {
		t.Errorf("a script was built without a preview: %+v", out)
	}
	prev := invoke(r, "build_script", `{"script":"0 0 0 stone\n1 0 0 stone"}`)
	if prev.Action != nil || !strings.Contains(prev.Answer, "nothing is built yet") {
		t.Errorf("preview: %+v", prev)
	}
	if out := invoke(r, "build_script", script); out.Action == nil || out.Action.Name != "build" {
		t.Errorf("the previewed script was not built: %+v", out)
	}
}

func TestBuildTemplateBecomesABuild(t *testing.T) {
	r := fullRegistryAt(&gametest.Game{}, standing("overworld"))
	out := invoke(r, "build_template", `{"name":"dirt_shelter"}`)
	if out.Action == nil || out.Action.Name != "build" {
		t.Fatalf("build_template: %+v", out)
	}
	b, _ := json.Marshal(out.Action.Params)
	if !strings.Contains(string(b), `"clear":true`) {
		t.Errorf("a template build does not ask to clear: %s", b)
	}
	if out := invoke(r, "build_template", `{"name":"castle"}`); !out.Failed || !strings.Contains(out.Answer, "dirt_shelter") {
		t.Errorf("an unknown template: %+v", out)
	}
	if list := invoke(r, "list_templates", `{}`); !strings.Contains(list.Answer, "small_wood_house") {
		t.Errorf("list_templates: %+v", list)
	}
}

func TestScanHitsGoToTheMap(t *testing.T) {
	mem := newMemory()
	g := &gametest.Game{Answer: protocol.Answer{Result: protocol.Success, Message: "found 1 iron_ore",
		Data: json.RawMessage(`{"block":"iron_ore","radius":32,"count":1,"hits":[{"block":"iron_ore","x":30,"y":40,"z":10,"distance":20}]}`)}}
	r := New(Deps{Game: g, Situation: standing("overworld"), Blocks: mem, Map: mapOf(mem, standing("overworld"))})
	if out := invoke(r, "scan", `{"block":"iron_ore"}`); out.Failed {
		t.Fatalf("scan: %+v", out)
	}
	if out := invoke(r, "recall_blocks", `{"kind":"iron_ore"}`); !strings.Contains(out.Answer, "(30, 40, 10)") {
		t.Errorf("the scan's hit was not remembered: %+v", out)
	}
}

func TestPlacedBlocksGoToTheMap(t *testing.T) {
	mem := newMemory()
	g := &gametest.Game{Answer: protocol.Answer{Result: protocol.Success}}
	r := New(Deps{Game: g, Situation: standing("overworld"), Blocks: mem, Map: mapOf(mem, standing("overworld"))})
	out := invoke(r, "place_block", `{"block":"chest","x":10,"y":63,"z":10,"face":"top"}`)
	out.Action.Read(context.Background(), protocol.Answer{Result: protocol.Success})
	if got := invoke(r, "recall_blocks", `{"kind":"chest"}`); !strings.Contains(got.Answer, "(10, 64, 10)") || !strings.Contains(got.Answer, "placed by you") {
		t.Errorf("the placed chest was not remembered: %+v", got)
	}
}

func TestAConfirmedScriptIsBuiltWhereItWasPreviewed(t *testing.T) {
	here := standing("overworld")
	sit := &fakeSit{v: here.v} // a pointer, so the test can move her
	r := fullRegistryAt(&gametest.Game{}, sit)
	invoke(r, "build_script", `{"script":"0 0 0 stone"}`)
	moved := *sit.v.Body
	moved.Position = game.Vec3{X: 50.5, Y: 64, Z: 50.5}
	sit.v.Body = &moved
	out := invoke(r, "build_script", `{"script":"0 0 0 stone","confirm":true}`)
	if out.Action == nil {
		t.Fatalf("confirm: %+v", out)
	}
	b, _ := json.Marshal(out.Action.Params)
	if !strings.Contains(string(b), `"origin":{"x":12,"y":64,"z":10}`) {
		t.Errorf("the build went to %s, not where it was previewed (12, 64, 10)", b)
	}
}

// TestBuildRefusesEveryVectorWithItsSentence: the brain refuses each
// malformed build of the shared vectors with the very sentence the game
// side uses.
func TestBuildRefusesEveryVectorWithItsSentence(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "..", "..", "testdata", "minecraft_blueprints", "e*.json"))
	if err != nil || len(files) < 30 {
		t.Fatalf("found %d refusal vectors (%v)", len(files), err)
	}
	r := fullRegistryAt(&gametest.Game{}, standing("overworld"))
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var v struct {
			Args  json.RawMessage `json:"args"`
			Error string          `json:"error"`
		}
		if err := json.Unmarshal(b, &v); err != nil {
			t.Fatal(err)
		}
		for _, tool := range []string{"build", "plan_build"} {
			out := r.Invoke(context.Background(), agent.ToolCall{Name: tool, Args: v.Args})
			if !out.Failed || out.Action != nil || !strings.Contains(out.Answer, v.Error) {
				t.Errorf("%s %s: %q, want a refusal with %q", tool, filepath.Base(f), out.Answer, v.Error)
			}
		}
	}
}

// TestBuildAnswersGoToTheMap: a build's answer corrects her map: cells it
// placed are hers, cells it emptied are forgotten, and a build that stopped
// part-way counts only what it did. A map that cannot be written is logged
// and the answer still reaches her.
func TestBuildAnswersGoToTheMap(t *testing.T) {
	templates, err := blueprint.LoadTemplates(os.DirFS(filepath.Join("..", "..", "..", "data")))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	mem := newMemory()
	_ = mem.RememberBlocks(ctx, "w", "overworld", []game.KnownBlock{
		{Pos: game.Pos{X: 1, Y: 65, Z: 0}, Block: "chest"},   // in a cell the build empties
		{Pos: game.Pos{X: 2, Y: 65, Z: 0}, Block: "oak_log"}, // in one it could not
	}, nil)
	var logs strings.Builder
	logger := slog.New(slog.NewTextHandler(&logs, nil))
	r := New(Deps{Game: &gametest.Game{}, Situation: standing("overworld"), Building: templates, Blocks: mem,
		Map: agent.NewMapWriter(mem, standing("overworld"), logger), Logger: logger})
	recall := func(kind string) string { return invoke(r, "recall_blocks", `{"kind":"`+kind+`"}`).Answer }

	out := invoke(r, "build", `{"origin":{"x":0,"y":64,"z":0},"layers":[["ppc"],["paa"]],"palette":{"p":"oak_planks","c":"chest","a":"air"}}`)
	if out.Action == nil || out.Action.Read == nil {
		t.Fatalf("build did not start: %+v", out)
	}
	partial := protocol.Answer{Result: protocol.Failure, Message: "built 4 of 6 cells; 2 still wrong",
		Data: json.RawMessage(`{"cells":6,"right":4,"wrong":[{"x":2,"y":64,"z":0,"block":"chest"},{"x":2,"y":65,"z":0,"block":"air"}]}`)}
	if got := out.Action.Read(context.Background(), partial); !strings.Contains(got, "2 still wrong") {
		t.Errorf("the answer read %q", got)
	}
	if got := recall("chest"); !strings.Contains(got, "remember no chest") {
		t.Errorf("after a build that emptied the chest's cell and never placed its own: %s", got)
	}
	if got := recall("log"); !strings.Contains(got, "(2, 65, 0)") {
		t.Errorf("the log in a cell still wrong was forgotten: %s", got)
	}
	if got := recall("oak_planks"); !strings.Contains(got, "(0, 65, 0)") || !strings.Contains(got, "placed by you") {
		t.Errorf("the planks the build placed: %s", got)
	}

	out.Action.Read(context.Background(), protocol.Answer{Result: protocol.Success})
	if got := recall("chest"); !strings.Contains(got, "(2, 64, 0)") || !strings.Contains(got, "placed by you") {
		t.Errorf("the chest of the finished build: %s", got)
	}
	if got := recall("log"); !strings.Contains(got, "remember no log") {
		t.Errorf("the log the finished build cleared: %s", got)
	}

	mem.fail = errors.New("disk full")
	if got := out.Action.Read(context.Background(), protocol.Answer{Result: protocol.Success, Message: "built all 6 cells"}); !strings.Contains(got, "built all 6 cells") {
		t.Errorf("with a failing map the answer read %q", got)
	}
	if !strings.Contains(logs.String(), "disk full") {
		t.Errorf("the failed update was not logged: %s", logs.String())
	}
}

// TestAMinedBlockLeavesHerMap: once the game says mine_block broke a
// block, she no longer remembers it there; a block that did not break stays.
func TestAMinedBlockLeavesHerMap(t *testing.T) {
	ctx := context.Background()
	mem := newMemory()
	_ = mem.RememberBlocks(ctx, "w", "overworld", []game.KnownBlock{
		{Pos: game.Pos{X: 3, Y: 60, Z: 1}, Block: "iron_ore"},
		{Pos: game.Pos{X: 5, Y: 60, Z: 1}, Block: "iron_ore"},
	}, nil)
	r := New(Deps{Game: &gametest.Game{}, Situation: standing("overworld"), Blocks: mem, Map: mapOf(mem, standing("overworld"))})
	recall := func() string { return invoke(r, "recall_blocks", `{"kind":"iron_ore"}`).Answer }

	mined := invoke(r, "mine_block", `{"x":3,"y":60,"z":1}`)
	if mined.Action == nil || mined.Action.Read == nil {
		t.Fatalf("mine_block did not start: %+v", mined)
	}
	mined.Action.Read(context.Background(), protocol.Answer{Result: protocol.Success, Message: "you mined iron_ore"})
	if got := recall(); strings.Contains(got, "(3, 60, 1)") || !strings.Contains(got, "(5, 60, 1)") {
		t.Errorf("after mining the ore at (3, 60, 1): %s", got)
	}

	failed := invoke(r, "mine_block", `{"x":5,"y":60,"z":1}`)
	failed.Action.Read(context.Background(), protocol.Answer{Result: protocol.Failure, Message: "you need a stone pickaxe for iron_ore"})
	if got := recall(); !strings.Contains(got, "(5, 60, 1)") {
		t.Errorf("a block that did not break was forgotten: %s", got)
	}
}

// brokenPlaces fails as the store does when SQLite fails under it: its
// errors start with the package's name, and one of them is a refusal
// with a sentence for her.
type brokenPlaces struct{ memory }

func (b *brokenPlaces) RememberPlace(_ context.Context, _ string, p game.Place) (*game.Place, error) {
	if p.Name == "long" {
		return nil, fmt.Errorf("store: remember place: %w", fault.Invalidf("the note of %q is too long", p.Name))
	}
	return nil, fmt.Errorf("store: remember place %q: %w", p.Name, errors.New("sqlite: database is locked (5)"))
}

// TestStoreFailuresReadAsSentences: a failing store never shows her a Go
// package name. A failure with a sentence for her gives that sentence; one
// without gives the plain one, and its cause goes to the log.
func TestStoreFailuresReadAsSentences(t *testing.T) {
	var logged strings.Builder
	r := New(Deps{Game: &gametest.Game{}, Situation: standing("overworld"), Places: &brokenPlaces{*newMemory()},
		Logger: slog.New(slog.NewTextHandler(&logged, nil))})
	out := invoke(r, "remember_place", `{"name":"home"}`)
	if want := "FAILURE: " + fault.Message(errors.New("")); !out.Failed || out.Answer != want {
		t.Errorf("a locked database: %+v, want %q", out, want)
	}
	if !strings.Contains(logged.String(), "database is locked") {
		t.Errorf("the cause is not in the log: %q", logged.String())
	}
	out = invoke(r, "remember_place", `{"name":"long"}`)
	if want := `FAILURE: the note of "long" is too long`; out.Answer != want {
		t.Errorf("a refusal: %q, want %q", out.Answer, want)
	}
	for _, o := range []agent.Outcome{out, invoke(r, "remember_place", `{"name":"home"}`)} {
		if strings.Contains(o.Answer, "store") || strings.Contains(o.Answer, "sqlite") {
			t.Errorf("she reads a package name: %q", o.Answer)
		}
	}
}
