package tools

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"

	"beaweb/internal/agent"
	"beaweb/internal/fault"
	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
	"beaweb/internal/planner/blueprint"
	"beaweb/internal/planner/script"
)

// Building is the set of ready-made buildings she can put up.
type Building interface {
	// Text lists the templates, one line each, for list_templates.
	Text() string
	// List is the templates, in the order of their names.
	List() []*blueprint.Template
	// ResolveParts turns a template into the builds that make it, one after
	// another (one for a template of blueprint.MaxCells cells or fewer).
	ResolveParts(name string, origin game.Pos, rotation int, have game.Inventory) ([]blueprint.Args, error)
}

// Scripts run a build script in its sandbox and give back its cells,
// relative to the script's own origin, and its notes.
type Scripts interface {
	Run(ctx context.Context, src string) ([]blueprint.Cell, []string, error)
}

// buildTools are build, plan_build and the templates and scripts that
// become a build.
type buildTools struct {
	sit       Situation
	log       *slog.Logger
	templates Building
	scripts   Scripts

	placed *placedMap

	mu       sync.Mutex
	previews map[[32]byte]game.Pos // where each script she previewed was to stand, by content
	// nextPart is, for a template built in parts, the part to build next,
	// by name, place and rotation: a part built moves it on.
	nextPart map[string]int
}

// have is what she carries now.
func (b *buildTools) have() game.Inventory {
	return b.sit.Snapshot().Inventory()
}

// blockAt answers from her close view: the blocks she sees within a few
// blocks. Anything further is unknown, which the plan says.
func (b *buildTools) blockAt() func(game.Pos) string {
	st := b.sit.Snapshot().Body
	if st == nil {
		return nil
	}
	seen := make(map[game.Pos]string, len(st.Blocks))
	for _, bl := range st.Blocks {
		seen[bl.Pos()] = bl.Block
	}
	return func(p game.Pos) string { return seen[p] }
}

// startBuild checks a build before her hands take it, so a malformed one
// is refused here with the same sentence the game would give.
func (b *buildTools) startBuild(args blueprint.Args, call string) agent.Outcome {
	plan, err := blueprint.Plan(args, b.have(), b.blockAt())
	if err != nil {
		return invalid(b.log, err)
	}
	out := start("build", args)
	out.Action.Call = call
	cells := make([]game.KnownBlock, 0, len(plan.Cells))
	for _, c := range plan.Cells {
		cells = append(cells, game.KnownBlock{Pos: c.Pos, Block: c.Block})
	}
	out.Action.Read = func(ctx context.Context, a protocol.Answer) string {
		b.placed.built(ctx, cells, a)
		return agent.ReadAnswer(a)
	}
	summary := fmt.Sprintf("started: %s, %d cells, about %d s.", call, len(plan.Cells), plan.SecondsEstimate)
	if len(plan.Missing) > 0 {
		summary += " You are short of " + countText(plan.Missing) + "; the build will stop where those were needed."
	}
	if plan.OverBudget {
		summary += " It may run past the game's 600 s for one build; send the same build again to carry on."
	}
	out.Answer = summary + " Its result will reach you when it is over."
	return out
}

// buildParams are build's: a build's arguments, which read themselves
// with the sentences the game side uses (blueprint.Args), and plan, which
// costs the build instead of starting it (what plan_build answers).
type buildParams struct {
	blueprint.Args
	Plan bool
}

// UnmarshalJSON takes plan out and reads the rest as a build's arguments.
func (p *buildParams) UnmarshalJSON(data []byte) error {
	var fields map[string]json.RawMessage
	if json.Unmarshal(data, &fields) == nil {
		if raw, ok := fields["plan"]; ok {
			if string(raw) != "null" && json.Unmarshal(raw, &p.Plan) != nil {
				return errors.New("plan must be true or false")
			}
			delete(fields, "plan")
			data, _ = json.Marshal(fields)
		}
	}
	return json.Unmarshal(data, &p.Args)
}

// schema is build's, in a few lines: what each argument holds is in its
// description, which says it once.
func (buildParams) schema() json.RawMessage {
	return json.RawMessage(`{"properties":{"origin":{"properties":{"x":{"type":"integer"},"y":{"type":"integer"},"z":{"type":"integer"}},"type":"object"},` +
		`"layers":{"items":{"items":{"type":"string"},"type":"array"},"type":"array"},"palette":{"additionalProperties":{"type":"string"},"type":"object"},` +
		`"ops":{"items":{"type":"object"},"type":"array"},"rotation":{"type":"integer","enum":[0,90,180,270]},"clear":{"type":"boolean"},"plan":{"type":"boolean"}},` +
		`"type":"object","required":["origin"]}`)
}

func (b *buildTools) build(ctx context.Context, p buildParams) agent.Outcome {
	if p.Plan {
		return b.planBuild(ctx, p.Args)
	}
	return b.startBuild(p.Args, fmt.Sprintf("build(origin=%s, rotation=%d)", p.Args.Origin, p.Args.Rotation))
}

func (b *buildTools) planBuild(_ context.Context, args blueprint.Args) agent.Outcome {
	plan, err := blueprint.Plan(args, b.have(), b.blockAt())
	if err != nil {
		return invalid(b.log, err)
	}
	return agent.Outcome{Answer: plan.Text()}
}

type templateParams struct {
	Name     string `json:"name"`
	Rotation *int   `json:"rotation,omitempty" jsonschema:"enum=0,enum=90,enum=180,enum=270"`
	X        *int   `json:"x,omitempty"`
	Y        *int   `json:"y,omitempty"`
	Z        *int   `json:"z,omitempty"`
	Plan     *bool  `json:"plan,omitempty"`
}

func (p *templateParams) validate() error {
	if err := nonEmpty("name", p.Name); err != nil {
		return err
	}
	if p.Rotation != nil && *p.Rotation%90 != 0 || p.Rotation != nil && (*p.Rotation < 0 || *p.Rotation > 270) {
		return fmt.Errorf("rotation must be 0, 90, 180 or 270, not %d", *p.Rotation)
	}
	return optPos{X: p.X, Y: p.Y, Z: p.Z}.check()
}

// origin is where a build starts: the given corner, or two blocks in front
// of her at the level she stands on.
func (b *buildTools) origin(x, y, z *int) (game.Pos, error) {
	if x != nil {
		return game.Pos{X: *x, Y: *y, Z: *z}, nil
	}
	st := b.sit.Snapshot().Body
	if st == nil {
		return game.Pos{}, fault.New(fault.CodeUnavailable, "the game has not told you where you are yet; give x, y and z")
	}
	feet := st.Position.Block()
	fwd, _ := game.SnapYaw(st.Yaw).Forward().Offset()
	return feet.Add(game.Pos{X: 2 * fwd.X, Z: 2 * fwd.Z}), nil
}

func (b *buildTools) buildTemplate(_ context.Context, p templateParams) agent.Outcome {
	origin, err := b.origin(p.X, p.Y, p.Z)
	if err != nil {
		return failed(b.log, err)
	}
	rot := 0
	if p.Rotation != nil {
		rot = *p.Rotation
	}
	parts, err := b.templates.ResolveParts(p.Name, origin, rot, b.have())
	if err != nil {
		return invalid(b.log, err)
	}
	if p.Plan != nil && *p.Plan {
		return b.planTemplate(p.Name, origin, parts)
	}
	call := fmt.Sprintf("build_template(name=%s, at=%s, rotation=%d)", p.Name, origin, rot)
	if len(parts) == 1 {
		return b.startBuild(parts[0], call)
	}
	return b.buildPart(p.Name, call, parts)
}

// planTemplate is what a template takes where it would stand: its line of
// the list (size, door) and the plan of each of its parts.
func (b *buildTools) planTemplate(name string, origin game.Pos, parts []blueprint.Args) agent.Outcome {
	var sb strings.Builder
	for _, tp := range b.templates.List() {
		if tp.Name == name {
			sb.WriteString(tp.Describe() + "\n")
		}
	}
	fmt.Fprintf(&sb, "Where it would stand, from %s (nothing is built yet):", origin)
	for i, args := range parts {
		plan, err := blueprint.Plan(args, b.have(), b.blockAt())
		if err != nil {
			return invalid(b.log, err)
		}
		if len(parts) > 1 {
			fmt.Fprintf(&sb, "\npart %d of %d:", i+1, len(parts))
		}
		sb.WriteString("\n" + plan.Text())
	}
	return agent.Outcome{Answer: sb.String()}
}

// buildPart starts the next part of a template too big for one build, the
// parts in the order that keeps every block standing on the ones before;
// each one built says which comes next.
func (b *buildTools) buildPart(name, call string, parts []blueprint.Args) agent.Outcome {
	b.mu.Lock()
	if b.nextPart == nil {
		b.nextPart = map[string]int{}
	}
	i := b.nextPart[call] % len(parts)
	b.mu.Unlock()
	out := b.startBuild(parts[i], fmt.Sprintf("%s, part %d of %d", call, i+1, len(parts)))
	if out.Action == nil {
		return out
	}
	read := out.Action.Read
	out.Action.Read = func(ctx context.Context, a protocol.Answer) string {
		text := read(ctx, a)
		// A part that ran out of the game's time goes on where it stopped;
		// one built as far as it goes (a block short, a cell out of reach)
		// leaves the rest of the template to the next parts all the same.
		if a.Result != protocol.Success && a.Result != protocol.Failure {
			return text
		}
		b.mu.Lock()
		b.nextPart[call] = i + 1
		b.mu.Unlock()
		stands := "stands"
		if !a.Result.OK() {
			stands = "is built as far as it goes"
		}
		if i+1 == len(parts) {
			return fmt.Sprintf("%s That was the last of its %d parts of %s.", text, len(parts), name)
		}
		return fmt.Sprintf("%s Part %d of %d of %s %s; build_template again with the same name and place builds part %d.",
			text, i+1, len(parts), name, stands, i+2)
	}
	return out
}

type scriptParams struct {
	Script  string `json:"script"`
	Confirm *bool  `json:"confirm,omitempty"`
	X       *int   `json:"x,omitempty"`
	Y       *int   `json:"y,omitempty"`
	Z       *int   `json:"z,omitempty"`
}

func (p *scriptParams) validate() error {
	return optPos{X: p.X, Y: p.Y, Z: p.Z}.check()
}

// buildScript previews a script, or builds one she has previewed. A
// confirmed script without x, y, z is built where its preview was, however
// she has moved since. An empty script answers with the guide to writing
// one: it is long, and read only by a model about to write a script, so it
// travels in this answer rather than with every call.
func (b *buildTools) buildScript(ctx context.Context, p scriptParams) agent.Outcome {
	if strings.TrimSpace(p.Script) == "" {
		return agent.Outcome{Answer: script.Guide}
	}
	key := sha256.Sum256([]byte(p.Script))
	confirm := p.Confirm != nil && *p.Confirm
	b.mu.Lock()
	previewedAt, previewed := b.previews[key]
	b.mu.Unlock()
	if confirm && !previewed {
		return failf("preview this script first with confirm=false; nothing is built until the same script comes back with confirm=true")
	}
	origin, err := b.origin(p.X, p.Y, p.Z)
	if confirm && p.X == nil {
		origin, err = previewedAt, nil
	}
	if err != nil {
		return failed(b.log, err)
	}
	cells, notes, err := b.scripts.Run(ctx, p.Script)
	if err != nil {
		return failf("the script was refused: %s", sentence(b.log, err))
	}
	args, err := blueprint.FromCells(origin, cells)
	if err != nil {
		return invalid(b.log, err)
	}
	if !confirm {
		b.mu.Lock()
		b.previews[key] = origin
		b.mu.Unlock()
	}
	if confirm {
		return b.startBuild(args, fmt.Sprintf("build_script(at=%s, %d cells)", origin, len(cells)))
	}
	plan, err := blueprint.Plan(args, b.have(), b.blockAt())
	if err != nil {
		return invalid(b.log, err)
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "Preview of your script at %s (nothing is built yet):\n%s", origin, plan.Text())
	for _, n := range notes {
		sb.WriteString("\nnote: " + n)
	}
	sb.WriteString("\nTo build it, call build_script again with the same script and confirm=true.")
	return agent.Outcome{Answer: sb.String()}
}

func countText(m map[string]int) string {
	parts := make([]string, 0, len(m))
	for _, k := range sortedKeys(m) {
		parts = append(parts, fmt.Sprintf("%d %s", m[k], k))
	}
	return strings.Join(parts, ", ")
}
