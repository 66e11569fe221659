package blueprint

import (
	"encoding/json"
	"errors"
	"maps"
	"os"
	"slices"
	"strings"
	"testing"

	"beaweb/internal/game"
)

func mustParse(t *testing.T, s string) Args {
	t.Helper()
	a, err := ParseArgs([]byte(s))
	if err != nil {
		t.Fatalf("ParseArgs(%s): %v", s, err)
	}
	return a
}

func mustExpand(t *testing.T, a Args) *Expansion {
	t.Helper()
	e, err := Expand(a)
	if err != nil {
		t.Fatalf("Expand: %v", err)
	}
	return e
}

func TestRotationTurnsEastToSouth(t *testing.T) {
	for _, c := range []struct {
		rotation int
		want     game.Pos
	}{{0, game.Pos{X: 1}}, {90, game.Pos{Z: 1}}, {180, game.Pos{X: -1}}, {270, game.Pos{Z: -1}}} {
		if got := rotate(game.Pos{X: 1}, c.rotation); got != c.want {
			t.Errorf("rotate(east, %d) = %v, want %v", c.rotation, got, c.want)
		}
	}
}

func TestRotatedStatesFollowCells(t *testing.T) {
	// A stair facing east at the east end of a row keeps facing away from
	// the row's start whichever way the row is turned.
	for _, rotation := range []int{0, 90, 180, 270} {
		a := Args{Layers: [][]string{{"#S"}}, Palette: map[string]string{"#": "stone", "S": "oak_stairs[facing=east]"}, Rotation: rotation}
		e := mustExpand(t, a)
		var stair game.Pos
		for _, c := range e.Cells {
			if Kind(c.Block) == "oak_stairs" {
				stair = c.Pos
				face, _ := game.ParseFace(strings.TrimSuffix(strings.TrimPrefix(c.Block, "oak_stairs[facing="), "]"))
				off, _ := face.Offset()
				if off != stair {
					t.Errorf("rotation %d: the stair at %v faces %s", rotation, stair, face)
				}
			}
		}
	}
}

func TestMarshalRoundTrip(t *testing.T) {
	a := mustParse(t, `{"origin": {"x": 3, "y": 64, "z": -7}, "layers": [["#.", "é"]], "palette": {"#": "minecraft:stone", ".": "air", "é": "oak_log[axis=x]"},
		"ops": [{"op": "fill", "from": [0, 1, 0], "to": [2, 3, 2], "block": "glass", "hollow": true}, {"op": "set", "at": {"x": 1, "y": 5, "z": 1}, "block": "torch"}],
		"rotation": 270, "clear": true}`)
	b, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(b), `\u`) {
		t.Errorf("marshalled arguments escape characters: %s", b)
	}
	back := mustParse(t, string(b))
	if !slices.Equal(mustExpand(t, a).Cells, mustExpand(t, back).Cells) {
		t.Errorf("the arguments changed on their way through JSON: %s", b)
	}
	if a.Palette["#"] != "stone" {
		t.Errorf("the namespace was kept: %q", a.Palette["#"])
	}
}

func TestArgsInsideAStruct(t *testing.T) {
	var req struct {
		Build Args `json:"build"`
	}
	if err := json.Unmarshal([]byte(`{"build": {"origin": {"x": 0, "y": 0, "z": 0}, "ops": [{"op": "walls", "from": [0, 0, 0], "to": [2, 0, 2], "block": "stone", "hollow": false}]}}`), &req); err == nil {
		t.Fatal("walls with hollow was accepted inside a struct")
	} else if !errors.Is(err, ErrInvalid) {
		t.Errorf("the refusal inside a struct lost its kind: %v", err)
	}
	if err := json.Unmarshal([]byte(`{"build": {"origin": {"x": 0, "y": 0, "z": 0}, "layers": [["#"]], "palette": {"#": "stone"}}}`), &req); err != nil {
		t.Fatal(err)
	}
	if len(req.Build.Layers) != 1 {
		t.Errorf("layers were lost: %+v", req.Build)
	}
}

func TestGoBuiltArgsGetTheSameSentences(t *testing.T) {
	for _, c := range []struct {
		args Args
		want string
	}{
		{Args{Ops: []Op{{Kind: "sphere", Block: "stone"}}}, `ops[0]: "sphere" is not an op; use fill, walls, set or roof`},
		{Args{Ops: []Op{{Kind: OpWalls, Block: "stone", Hollow: true}}}, `ops[0]: walls takes from, to and block, not "hollow"`},
		{Args{Ops: []Op{{Kind: OpSet, At: game.Pos{X: 40_000_000}, Block: "stone"}}}, "ops[0].at[0] must be a whole number between -30000000 and 30000000"},
		{Args{Ops: []Op{{Kind: OpSet, Block: "Stone"}}}, `ops[0].block: "Stone" is not a block name; write a vanilla id such as oak_planks, with any states in brackets like oak_door[facing=north]`},
		{Args{Layers: [][]string{{"#"}}, Palette: map[string]string{"#": "stone"}, Rotation: 45}, "rotation must be 0, 90, 180 or 270 (degrees clockwise seen from above)"},
		{Args{Layers: [][]string{{"##"}}, Palette: map[string]string{"##": "stone"}}, `palette key "##" must be exactly one character`},
		{Args{}, "nothing to build: give layers with a palette, or ops"},
	} {
		_, err := Expand(c.args)
		if err == nil || err.Error() != c.want {
			t.Errorf("Expand(%+v) = %v, want %q", c.args, err, c.want)
		}
	}
}

func TestLayersRefusedBeforeTheyAreLaidOut(t *testing.T) {
	// A row of a million spaces and one block far out is refused on its
	// span, not laid out.
	row := strings.Repeat(" ", 1_000_000) + "#"
	_, err := Expand(Args{Layers: [][]string{{row}}, Palette: map[string]string{"#": "stone"}})
	if err == nil || !strings.Contains(err.Error(), "spans 1000001 blocks along x") {
		t.Fatalf("got %v", err)
	}
	// 21 rows of 100 blocks are too many cells, though they span little.
	rows := make([]string, 21)
	for i := range rows {
		rows[i] = strings.Repeat("#", 100)
	}
	_, err = Expand(Args{Layers: [][]string{rows}, Palette: map[string]string{"#": "stone"}})
	if err == nil || !strings.Contains(err.Error(), "more than 2000 cells") {
		t.Fatalf("got %v", err)
	}
}

func TestExpansionOrder(t *testing.T) {
	e := mustExpand(t, mustParse(t, `{"origin": {"x": 0, "y": 0, "z": 0}, "ops": [{"op": "fill", "from": [0, 0, 0], "to": [2, 2, 2], "block": "stone", "hollow": true}, {"op": "set", "at": [1, 3, 1], "block": "air"}]}`))
	for i := 1; i < len(e.Cells); i++ {
		if byBuildOrder(e.Cells[i-1].Pos, e.Cells[i].Pos) >= 0 {
			t.Fatalf("cells out of build order at %d: %v then %v", i, e.Cells[i-1], e.Cells[i])
		}
	}
	want := []game.Pos{{X: 1, Y: 3, Z: 1}, {X: 1, Y: 1, Z: 1}}
	if !slices.Equal(e.Clear, want) {
		t.Errorf("clear = %v, want %v (top-down)", e.Clear, want)
	}
	if got := len(e.Place()); got != 26 {
		t.Errorf("%d cells to place, want 26", got)
	}
	if e.Box != (Box{Min: game.Pos{}, Max: game.Pos{X: 2, Y: 3, Z: 2}}) {
		t.Errorf("box = %v", e.Box)
	}
}

func TestPlanAgainstTheWorld(t *testing.T) {
	// A 3-long wall of cobblestone with an air cell above its middle.
	a := mustParse(t, `{"origin": {"x": 0, "y": 64, "z": 0}, "layers": [["###"], [" . "]], "palette": {"#": "cobblestone", ".": "air"}}`)
	world := map[game.Pos]string{
		{X: 0, Y: 64, Z: 0}: "cobblestone",         // already right
		{X: 1, Y: 64, Z: 0}: "chest[facing=north]", // protected, in the way
		{X: 2, Y: 64, Z: 0}: "stone",               // in the way, clear is false
		{X: 1, Y: 65, Z: 0}: "oak_leaves",          // must be emptied
	}
	blockAt := func(p game.Pos) string {
		if b, ok := world[p]; ok {
			return b
		}
		return "air"
	}
	p, err := Plan(a, game.Inventory{"cobblestone": 1}, blockAt)
	if err != nil {
		t.Fatal(err)
	}
	if p.AlreadyRight != 1 || len(p.Protected) != 1 || p.Protected[0].Block != "chest" || len(p.InWay) != 1 {
		t.Errorf("plan = %+v", p)
	}
	if len(p.Needs) != 0 || len(p.Missing) != 0 {
		t.Errorf("needs %v, missing %v: nothing can be placed", p.Needs, p.Missing)
	}
	if !slices.Equal(p.Clear, []game.Pos{{X: 1, Y: 65, Z: 0}}) {
		t.Errorf("clear = %v", p.Clear)
	}
	text := p.Text()
	for _, want := range []string{"chest at (1, 64, 0)", "stone at (2, 64, 0)", "clear: true", "Already right: 1 of the cells."} {
		if !strings.Contains(text, want) {
			t.Errorf("the plan's text lacks %q:\n%s", want, text)
		}
	}

	a.Clear = true
	p, err = Plan(a, game.Inventory{"cobblestone": 1}, blockAt)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.InWay) != 0 || len(p.Protected) != 1 || p.Needs["cobblestone"] != 1 {
		t.Errorf("with clear: %+v", p)
	}
	if !slices.Equal(p.Clear, []game.Pos{{X: 1, Y: 65, Z: 0}, {X: 2, Y: 64, Z: 0}}) {
		t.Errorf("with clear, clear = %v", p.Clear)
	}
	if p.Work != 2 {
		t.Errorf("work = %d, want 2 (one emptied, one broken and placed)", p.Work)
	}
}

func TestPlanCostsAndBudget(t *testing.T) {
	a := mustParse(t, `{"origin": {"x": 0, "y": 64, "z": 0}, "ops": [{"op": "fill", "from": [0, 0, 0], "to": [4, 2, 0], "block": "cobblestone"}]}`)
	p, err := Plan(a, game.Inventory{"cobblestone": 10}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if p.Needs["cobblestone"] != 15 || p.Missing["cobblestone"] != 5 || p.OverBudget {
		t.Errorf("plan = %+v", p)
	}
	if p.SecondsMin != 9 || p.SecondsMax != 14 || p.SecondsEstimate != 11 {
		t.Errorf("seconds %d..%d ~%d, want 9..14 ~11", p.SecondsMin, p.SecondsMax, p.SecondsEstimate)
	}
	if !strings.Contains(p.Text(), "You are short of 5 cobblestone (you have 10);") {
		t.Errorf("text:\n%s", p.Text())
	}

	big := mustParse(t, `{"origin": {"x": 0, "y": 64, "z": 0}, "ops": [{"op": "fill", "from": [0, 0, 0], "to": [19, 9, 9], "block": "stone"}]}`)
	p, err = Plan(big, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !p.OverBudget || !strings.Contains(p.Text(), "send the same build again") {
		t.Errorf("a 2000-cell build is not over budget: %+v", p.Text())
	}
	b, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(b, &fields); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"cells", "box", "needs", "missing", "clear", "protected", "seconds_estimate", "over_budget", "notes"} {
		if v, ok := fields[k]; !ok || string(v) == "null" {
			t.Errorf("the plan's JSON has %s = %s", k, v)
		}
	}
}

func TestFromCellsRoundTrip(t *testing.T) {
	origin := game.Pos{X: 100, Y: 64, Z: -50}
	var cells []Cell
	for i := range 40 {
		cells = append(cells, Cell{Pos: game.Pos{X: i%7 - 3, Y: i % 3, Z: i%5 - 10}, Block: []string{"stone", "air", "oak_log[axis=x]", "minecraft:glass"}[i%4]})
	}
	cells = append(cells, Cell{Pos: game.Pos{X: -3, Y: 0, Z: -10}, Block: "dirt"}) // replaces the first
	a, err := FromCells(origin, cells)
	if err != nil {
		t.Fatal(err)
	}
	e := mustExpand(t, a)
	want := map[game.Pos]string{}
	for _, c := range cells {
		b, _ := canonicalBlock(c.Block)
		want[origin.Add(c.Pos)] = b
	}
	got := map[game.Pos]string{}
	for _, c := range e.Cells {
		got[c.Pos] = c.Block
	}
	if !maps.Equal(got, want) {
		t.Errorf("FromCells then Expand gives %v, want %v", got, want)
	}
	for _, layer := range a.Layers {
		for _, row := range layer {
			if strings.HasSuffix(row, " ") {
				t.Errorf("row %q ends in a space", row)
			}
		}
	}
}

func TestFromCellsRefusals(t *testing.T) {
	_, err := FromCells(game.Pos{}, []Cell{{Pos: game.Pos{}, Block: "stone"}, {Pos: game.Pos{Y: 300}, Block: "stone"}})
	if err == nil || err.Error() != "the cells span 301 blocks along y (from 0 to 300); the most one build spans is 256" {
		t.Errorf("got %v", err)
	}
	_, err = FromCells(game.Pos{}, []Cell{{Block: "Not A Block"}})
	if !errors.Is(err, ErrInvalid) {
		t.Errorf("got %v", err)
	}
	many := make([]Cell, 0, 2001)
	for i := range 2001 {
		many = append(many, Cell{Pos: game.Pos{X: i % 100, Z: i / 100}, Block: "stone"})
	}
	if _, err = FromCells(game.Pos{}, many); err == nil || !strings.Contains(err.Error(), "more than 2000") {
		t.Errorf("got %v", err)
	}
	if _, err = FromCells(game.Pos{}, nil); !errors.Is(err, ErrInvalid) {
		t.Errorf("no cells: %v", err)
	}
	kinds := make([]Cell, 0, 100)
	for i := range 100 {
		kinds = append(kinds, Cell{Pos: game.Pos{X: i}, Block: "block_" + strings.Repeat("a", i+1)})
	}
	if _, err = FromCells(game.Pos{}, kinds); err == nil || !strings.Contains(err.Error(), "kinds of block") {
		t.Errorf("got %v", err)
	}
}

func loadTemplates(t testing.TB) *Templates {
	t.Helper()
	ts, err := LoadTemplates(os.DirFS("../../../data"))
	if err != nil {
		t.Fatal(err)
	}
	return ts
}

func TestTemplatesList(t *testing.T) {
	ts := loadTemplates(t)
	var names []string
	for _, tp := range ts.List() {
		names = append(names, tp.Name)
	}
	if !slices.Equal(names, []string{"dirt_shelter", "small_stone_house", "small_wood_house"}) {
		t.Fatalf("templates %v", names)
	}
	for _, tp := range ts.List() {
		if !strings.Contains(tp.Source, "mindcraft") || !strings.Contains(tp.Source, "MIT") {
			t.Errorf("%s does not say where it comes from: %q", tp.Name, tp.Source)
		}
	}
	if _, err := os.Stat("../../../data/blueprints/LICENSE-mindcraft.txt"); err != nil {
		t.Errorf("the templates' licence is not beside them: %v", err)
	}
	text := ts.Text()
	if !strings.Contains(text, "small_wood_house: 5 wide (x) by 7 deep (z) by 4 high, its floor 1 below ground, door on the south side; takes 55 planks, 8 log, 4 torch, 1 bed, 1 chest and 1 door") {
		t.Errorf("list:\n%s", text)
	}
}

func TestTemplateResolvesFromWhatSheCarries(t *testing.T) {
	ts := loadTemplates(t)
	args, err := ts.Resolve("small_wood_house", game.Pos{X: 10, Y: 64, Z: 10}, 0,
		game.Inventory{"spruce_log": 5, "birch_planks": 3, "dark_oak_log": 4, "red_wool": 3, "blue_wool": 2})
	if err != nil {
		t.Fatal(err)
	}
	if args.Origin != (game.Pos{X: 10, Y: 63, Z: 10}) || !args.Clear || args.Rotation != 0 {
		t.Errorf("args %+v", args)
	}
	blocks := slices.Sorted(maps.Values(args.Palette))
	want := []string{"air", "chest", "red_bed", "spruce_door[facing=north]", "spruce_log", "spruce_planks", "torch"}
	if !slices.Equal(blocks, want) {
		t.Errorf("palette %v, want %v", blocks, want)
	}
	p, err := Plan(args, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	wantNeeds := map[string]int{"spruce_planks": 55, "spruce_log": 8, "torch": 4, "red_bed": 1, "spruce_door": 1, "chest": 1}
	if !maps.Equal(p.Needs, wantNeeds) {
		t.Errorf("needs %v, want %v", p.Needs, wantNeeds)
	}

	// A bed she carries wins over wool; with nothing, oak and white.
	args, _ = ts.Resolve("dirt_shelter", game.Pos{}, 0, game.Inventory{"cyan_bed": 1, "red_wool": 9})
	if !slices.Contains(slices.Collect(maps.Values(args.Palette)), "cyan_bed") {
		t.Errorf("palette %v lacks her cyan_bed", args.Palette)
	}
	args, _ = ts.Resolve("dirt_shelter", game.Pos{}, 0, nil)
	if !slices.Contains(slices.Collect(maps.Values(args.Palette)), "oak_door[facing=north]") ||
		!slices.Contains(slices.Collect(maps.Values(args.Palette)), "white_bed") {
		t.Errorf("palette %v", args.Palette)
	}
}

func TestTemplateDoorFacesInFromOutside(t *testing.T) {
	ts := loadTemplates(t)
	for _, c := range []struct {
		rotation     int
		side, facing string
	}{{0, "south", "north"}, {90, "west", "east"}, {180, "north", "south"}, {270, "east", "west"}} {
		tp, _ := ts.Get("small_wood_house")
		if side, _ := tp.DoorSide(c.rotation); string(side) != c.side {
			t.Errorf("rotation %d: door on the %s side, want %s", c.rotation, side, c.side)
		}
		args, err := ts.Resolve("small_wood_house", game.Pos{}, c.rotation, nil)
		if err != nil {
			t.Fatal(err)
		}
		e := mustExpand(t, args)
		for _, cell := range e.Cells {
			if isKind(cell.Block, "door") && cell.Block != "oak_door[facing="+c.facing+"]" {
				t.Errorf("rotation %d: %v, want facing %s", c.rotation, cell, c.facing)
			}
		}
	}
}

func TestUnknownTemplate(t *testing.T) {
	_, err := loadTemplates(t).Resolve("castle", game.Pos{}, 0, nil)
	want := `there is no template "castle"; there are dirt_shelter, small_stone_house and small_wood_house`
	if err == nil || err.Error() != want {
		t.Errorf("got %v, want %q", err, want)
	}
}

func TestLoadTemplatesRefusesBadFiles(t *testing.T) {
	for name, body := range map[string]string{
		"wrong_name": `{"name": "other", "blocks": [[["stone"]]]}`,
		"bad_block":  `{"name": "bad_block", "blocks": [[["Stone Wall"]]]}`,
		"unknown":    `{"name": "unknown", "blocks": [[["stone"]]], "size": 3}`,
		"no_blocks":  `{"name": "no_blocks"}`,
		"raised":     `{"name": "raised", "offset": 2, "blocks": [[["stone"]]]}`,
	} {
		dir := t.TempDir()
		if err := os.MkdirAll(dir+"/blueprints", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(dir+"/blueprints/"+name+".json", []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := LoadTemplates(os.DirFS(dir)); err == nil || !strings.HasPrefix(err.Error(), "blueprint: ") {
			t.Errorf("%s: got %v", name, err)
		}
	}
	if _, err := LoadTemplates(os.DirFS(t.TempDir())); err == nil {
		t.Error("an empty directory gave templates")
	}
}

func TestGridDenseAndSparseAgree(t *testing.T) {
	box := Box{Min: game.Pos{X: -3, Y: 0, Z: -2}, Max: game.Pos{X: 4, Y: 2, Z: 5}}
	dense := newGrid(box)
	sparse := &grid{box: box, size: box.Size(), sparse: map[game.Pos]int32{}, index: map[string]int32{}}
	for i := range 60 {
		p := game.Pos{X: i*7%8 - 3, Y: i % 3, Z: i*5%8 - 2}
		block := []string{"stone", "dirt", "air"}[i%3]
		dense.set(p, block)
		sparse.set(p, block)
	}
	if dense.count != sparse.count {
		t.Fatalf("counts %d and %d", dense.count, sparse.count)
	}
	for _, rotation := range []int{0, 90, 180, 270} {
		var a, b []Cell
		dense.each(rotation, func(p game.Pos, id int32) { a = append(a, Cell{Pos: p, Block: dense.blocks[id-1]}) })
		sparse.each(rotation, func(p game.Pos, id int32) { b = append(b, Cell{Pos: p, Block: sparse.blocks[id-1]}) })
		if !slices.Equal(a, b) {
			t.Errorf("rotation %d: dense %v, sparse %v", rotation, a, b)
		}
		if !slices.IsSortedFunc(a, func(x, y Cell) int { return byBuildOrder(x.Pos, y.Pos) }) {
			t.Errorf("rotation %d: out of build order", rotation)
		}
	}
}

func TestSparseBuild(t *testing.T) {
	e := mustExpand(t, mustParse(t, `{"origin": {"x": 0, "y": 0, "z": 0}, "ops": [{"op": "set", "at": [254, 255, 1], "block": "stone"}, {"op": "set", "at": [-1, 0, 0], "block": "dirt"}], "rotation": 90}`))
	want := []Cell{{Pos: game.Pos{X: 0, Y: 0, Z: -1}, Block: "dirt"}, {Pos: game.Pos{X: -1, Y: 255, Z: 254}, Block: "stone"}}
	if !slices.Equal(e.Cells, want) {
		t.Errorf("cells %v, want %v", e.Cells, want)
	}
}

func TestBox(t *testing.T) {
	box := Box{Min: game.Pos{X: -1, Y: 0, Z: -1}, Max: game.Pos{X: 1, Y: 2, Z: 1}}
	if !box.Contains(game.Pos{X: 1, Y: 2, Z: -1}) || box.Contains(game.Pos{X: 2}) || box.Volume() != 27 {
		t.Errorf("box %v", box)
	}
}

func TestParseArgsRefusesWhatIsNotJSON(t *testing.T) {
	for _, s := range []string{``, `{"origin":`, `{"origin": {"x": 0, "y": 0, "z": 0}, "ops": [{"op": "set", "at": [0, 0, 0], "block": "stone"}]} {}`} {
		_, err := ParseArgs([]byte(s))
		if err == nil || err.Error() != "the build arguments are not valid JSON" {
			t.Errorf("ParseArgs(%q) = %v", s, err)
		}
	}
}

func TestDoorInASideWall(t *testing.T) {
	// A hut whose door is in its west wall, so a player outside stands to
	// the west and faces east.
	dir := t.TempDir()
	if err := os.MkdirAll(dir+"/blueprints", 0o755); err != nil {
		t.Fatal(err)
	}
	hut := `{"name": "hut", "blocks": [
		[["planks", "planks", "planks", "planks"], ["door", "air", "air", "planks"], ["planks", "planks", "planks", "planks"]],
		[["planks", "planks", "planks", "planks"], ["door", "air", "air", "planks"], ["planks", "planks", "planks", "planks"]]]}`
	if err := os.WriteFile(dir+"/blueprints/hut.json", []byte(hut), 0o644); err != nil {
		t.Fatal(err)
	}
	ts, err := LoadTemplates(os.DirFS(dir))
	if err != nil {
		t.Fatal(err)
	}
	tp, _ := ts.Get("hut")
	if side, ok := tp.DoorSide(0); !ok || side != game.FaceWest {
		t.Errorf("door on the %s side", side)
	}
	args, err := ts.Resolve("hut", game.Pos{}, 0, game.Inventory{"birch_log": 1})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(slices.Collect(maps.Values(args.Palette)), "birch_door[facing=east]") {
		t.Errorf("palette %v", args.Palette)
	}
	if _, err := ts.Resolve("hut", game.Pos{}, 45, nil); !errors.Is(err, ErrInvalid) {
		t.Errorf("rotation 45: %v", err)
	}
	if !strings.Contains(ts.Text(), "hut: 4 wide (x) by 3 deep (z) by 2 high, door on the west side; takes 18 planks and 1 door") {
		t.Errorf("list: %s", ts.Text())
	}
}

func TestPlanNamesAtMostTenCells(t *testing.T) {
	a := mustParse(t, `{"origin": {"x": 0, "y": 0, "z": 0}, "ops": [{"op": "fill", "from": [0, 0, 0], "to": [11, 0, 0], "block": "air"}]}`)
	p, err := Plan(a, nil, func(game.Pos) string { return "glass" })
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Protected) != 12 || !strings.Contains(p.Text(), "glass at (9, 0, 0) and 2 more.") {
		t.Errorf("text:\n%s", p.Text())
	}
}

func TestOpMarshalsOnlyItsKeys(t *testing.T) {
	for _, c := range []struct {
		op   Op
		want string
	}{
		{Op{Kind: OpSet, At: game.Pos{}, Block: "stone"}, `{"op":"set","at":[0,0,0],"block":"stone"}`},
		{Op{Kind: OpFill, From: game.Pos{X: 1}, To: game.Pos{Z: -2}, Block: "glass", Hollow: true}, `{"op":"fill","from":[1,0,0],"to":[0,0,-2],"block":"glass","hollow":true}`},
		{Op{Kind: OpRoof, Block: "bricks"}, `{"op":"roof","from":[0,0,0],"to":[0,0,0],"block":"bricks"}`},
	} {
		b, err := json.Marshal(c.op)
		if err != nil || string(b) != c.want {
			t.Errorf("json.Marshal(%+v) = %s, %v; want %s", c.op, b, err, c.want)
		}
	}
}
