package tools

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"beaweb/internal/agent"
	"beaweb/internal/game/protocol"
	"beaweb/internal/gametest"
	"beaweb/internal/planner/blueprint"
	"beaweb/internal/planner/recipes"
)

type fakeSit struct{ v agent.Snapshot }

func (f fakeSit) Snapshot() agent.Snapshot { return f.v }
func (fakeSit) Now() time.Time             { return time.Now() }

func newTestRegistry(g *gametest.Game) *Registry {
	return New(Deps{Game: g, Situation: fakeSit{}})
}

// fullRegistry has every tool, with every optional dependency wired: the
// real planners over the repository's data, and memory fakes.
func fullRegistry(g *gametest.Game) *Registry {
	return fullRegistryAt(g, fakeSit{})
}

func fullRegistryAt(g *gametest.Game, sit Situation) *Registry {
	data := os.DirFS(filepath.Join("..", "..", "..", "data"))
	templates, err := blueprint.LoadTemplates(data)
	if err != nil {
		panic(err)
	}
	mem := newMemory()
	return New(Deps{Game: g, Situation: sit, Crafting: books{data}, Building: templates,
		Scripts: drawScripts{}, Places: mem, People: mem, Blocks: mem, Map: mapOf(mem, sit)})
}

// books loads the recipe book from the repository's data.
type books struct{ fsys fs.FS }

func (b books) Book(v string) (*recipes.Book, error) { return recipes.Load(b.fsys, v) }

// drawScripts stands in for the sandbox: each line "x y z block" is a cell.
type drawScripts struct{}

func (drawScripts) Run(_ context.Context, src string) ([]blueprint.Cell, []string, error) {
	var cells []blueprint.Cell
	for _, line := range strings.Split(strings.TrimSpace(src), "\n") {
		var c blueprint.Cell
		if _, err := fmt.Sscan(line, &c.X, &c.Y, &c.Z, &c.Block); err != nil {
			return nil, nil, fmt.Errorf("line %q: %v", line, err)
		}
		cells = append(cells, c)
	}
	return cells, []string{"drawn"}, nil
}

// secondPerson finds "you" or "your" as a word; failureSentence finds a
// sentence about failing: "Fails when…", "…it fails only…", "It never
// fails." (a word, not a FAILURE_ code alone).
var (
	secondPerson    = regexp.MustCompile(`(?i)\byou(r)?\b`)
	failureSentence = regexp.MustCompile(`(?i)\b(fails|never fails)\b[^.]*\.`)
)

func TestSchemasAreObjectsWithDescriptions(t *testing.T) {
	r := fullRegistry(&gametest.Game{})
	for _, s := range r.Specs() {
		var sch struct {
			Type       string                     `json:"type"`
			Properties map[string]json.RawMessage `json:"properties"`
		}
		if err := json.Unmarshal(s.Schema, &sch); err != nil {
			t.Fatalf("%s: schema is not JSON: %v", s.Name, err)
		}
		if sch.Type != "object" {
			t.Errorf("%s: schema type %q, want object: %s", s.Name, sch.Type, s.Schema)
		}
		// A schema says nothing of extra properties (it travels with every
		// call); the registry refuses one (TestBadArgumentsAnswerWithWhatIsValid
		// holds the sentences).
		if out := r.Invoke(context.Background(), agent.ToolCall{Name: s.Name, Args: json.RawMessage(`{"bogus":1}`)}); !strings.HasPrefix(out.Answer, "FAILURE_INVALID") {
			t.Errorf("%s: an unknown parameter was not refused: %q", s.Name, out.Answer)
		}
		if !secondPerson.MatchString(s.Description) {
			t.Errorf("%s: the description does not speak to her in the second person: %q", s.Name, s.Description)
		}
		if !failureSentence.MatchString(s.Description) {
			t.Errorf("%s: the description has no sentence saying what it answers when it fails: %q", s.Name, s.Description)
		}
	}
	tool, _ := r.Tool("store_item")
	if !strings.Contains(string(tool.Spec().Schema), `"x"`) {
		t.Errorf("store_item's embedded x, y, z are missing from its schema: %s", tool.Spec().Schema)
	}
}

func TestBadArgumentsAnswerWithWhatIsValid(t *testing.T) {
	g := &gametest.Game{}
	r := newTestRegistry(g)
	cases := []struct {
		tool, args, want string
	}{
		{"find_block", `{}`, "block is required"},
		{"find_block", `{"block":"log","count":"four"}`, "count must be a whole number"},
		{"find_block", `{"block":"log","count":0}`, "count must be between 1 and 256"},
		{"find_block", `{"block":"log","colour":"red"}`, `there is no parameter "colour"`},
		{"find_block", `not json`, "not a JSON object"},
		{"store_item", `{"item":"dirt","x":1}`, "give all three of x, y and z"},
		{"bridge", `{"direction":"up","distance":3}`, "direction must be one of north, south, east, west"},
		{"place_block", `{"block":"dirt","x":1,"y":2,"z":3,"dx":1,"dy":0,"dz":0,"face":"up"}`, "not both"},
	}
	for _, c := range cases {
		out := r.Invoke(context.Background(), agent.ToolCall{Name: c.tool, Args: json.RawMessage(c.args)})
		if !out.Failed || !strings.Contains(out.Answer, c.want) {
			t.Errorf("%s(%s) = %q, want a failure containing %q", c.tool, c.args, out.Answer, c.want)
		}
		if !strings.Contains(out.Answer, c.tool+" takes:") {
			t.Errorf("%s(%s): the answer does not list the valid parameters: %q", c.tool, c.args, out.Answer)
		}
	}
	if len(g.Sent()) != 0 {
		t.Errorf("bad arguments reached the game: %v", g.Sent())
	}
	out := r.Invoke(context.Background(), agent.ToolCall{Name: "fly", Args: json.RawMessage(`{}`)})
	if !out.Failed || !strings.Contains(out.Answer, "find_block") {
		t.Errorf("an unknown tool answered %q, want the list of tools", out.Answer)
	}
}

func TestLongRunningToolsStartActions(t *testing.T) {
	r := newTestRegistry(&gametest.Game{})
	out := r.Invoke(context.Background(), agent.ToolCall{Name: "find_block", Args: json.RawMessage(`{"block":"log","count":4}`)})
	if out.Action == nil {
		t.Fatalf("find_block did not start an action: %+v", out)
	}
	if got, want := out.Action.Call, "find_block(block=log, count=4)"; got != want {
		t.Errorf("call text %q, want %q", got, want)
	}
}

// TestTheBrainToolsAreThere: with every dependency wired she has each tool
// worked out in the brain, beside the game's.
func TestTheBrainToolsAreThere(t *testing.T) {
	r := fullRegistry(&gametest.Game{})
	for _, name := range []string{"crafting_plan", "remember_place", "forget_place", "go_to_place", "plan_build", "list_templates",
		"build_template", "build_script", "speak", "stay_silent", "remember_person", "recall_blocks"} {
		if _, ok := r.Tool(name); !ok {
			t.Errorf("no %s tool", name)
		}
	}
}

// TestSpeakIsHerVoiceAndMcChatTheGame: speak never reaches the game, and
// what it says is handed to the mind as her voice; mc_chat goes to the game
// and is not her voice. Both answer someone; stay_silent ends the turn.
func TestSpeakIsHerVoiceAndMcChatTheGame(t *testing.T) {
	g := &gametest.Game{Answer: protocol.Answer{Result: protocol.Success, Message: "sent"}}
	r := newTestRegistry(g)
	spoke := r.Invoke(context.Background(), agent.ToolCall{Name: "speak", Args: json.RawMessage(`{"text":"what a cave"}`)})
	if spoke.Said != "what a cave" || !spoke.Answered || spoke.Failed || len(g.Sent()) != 0 {
		t.Errorf("speak: %+v; the game got %v", spoke, g.Sent())
	}
	chat := r.Invoke(context.Background(), agent.ToolCall{Name: "mc_chat", Args: json.RawMessage(`{"message":"hi Alex"}`)})
	if chat.Said != "" || !chat.Answered || len(g.Sent()) != 1 || g.Sent()[0].Action != "mc_chat" || string(g.Sent()[0].Parameters) != `{"message":"hi Alex"}` {
		t.Errorf("mc_chat: %+v; the game got %v", chat, g.Sent())
	}
	if silent := r.Invoke(context.Background(), agent.ToolCall{Name: "stay_silent", Args: json.RawMessage(`{}`)}); !silent.Silent {
		t.Errorf("stay_silent: %+v", silent)
	}
}
