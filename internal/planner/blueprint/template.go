package blueprint

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"

	"beaweb/internal/game"
)

// Template is a ready-made building in mindcraft's format: Blocks[y][z][x],
// "" for a cell left as it is, generic names such as planks, log, door and
// bed resolved from what she carries, and Offset (zero or negative) for a
// floor sunk into the ground.
type Template struct {
	Name   string
	Offset int
	Blocks [][][]string
	// Source says where the template comes from and under which licence.
	Source string
}

// Templates are the ready-made buildings of the data directory.
type Templates struct {
	byName map[string]*Template
	names  []string
}

// LoadTemplates reads every blueprints/*.json of fsys. A file names its
// template with "name" (the file's own name), its cells with "blocks", its
// sunk floor with "offset" and where it comes from with "_source"; other
// keys starting with _ are comments.
func LoadTemplates(fsys fs.FS) (*Templates, error) {
	files, err := fs.Glob(fsys, "blueprints/*.json")
	if err != nil {
		return nil, fmt.Errorf("blueprint: %w", err)
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("blueprint: no templates in blueprints/")
	}
	t := &Templates{byName: make(map[string]*Template, len(files))}
	for _, file := range files {
		tp, err := loadTemplate(fsys, file)
		if err != nil {
			return nil, fmt.Errorf("blueprint: %s: %w", file, err)
		}
		t.byName[tp.Name] = tp
		t.names = append(t.names, tp.Name)
	}
	slices.Sort(t.names)
	return t, nil
}

func loadTemplate(fsys fs.FS, file string) (*Template, error) {
	data, err := fs.ReadFile(fsys, file)
	if err != nil {
		return nil, err
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, err
	}
	for k := range raw {
		if k != "name" && k != "offset" && k != "blocks" && !strings.HasPrefix(k, "_") {
			return nil, fmt.Errorf("unknown key %q", k)
		}
	}
	var tp Template
	if err := json.Unmarshal(raw["name"], &tp.Name); err != nil {
		return nil, fmt.Errorf("name: %w", err)
	}
	if want := strings.TrimSuffix(path.Base(file), ".json"); tp.Name != want {
		return nil, fmt.Errorf("its name is %q, not %q as its file says", tp.Name, want)
	}
	if src, ok := raw["_source"]; ok {
		if err := json.Unmarshal(src, &tp.Source); err != nil {
			return nil, fmt.Errorf("_source: %w", err)
		}
	}
	if o, ok := raw["offset"]; ok {
		if err := json.Unmarshal(o, &tp.Offset); err != nil {
			return nil, fmt.Errorf("offset: %w", err)
		}
	}
	if tp.Offset > 0 {
		return nil, fmt.Errorf("offset %d is above the ground; it is zero or negative", tp.Offset)
	}
	if err := json.Unmarshal(raw["blocks"], &tp.Blocks); err != nil || len(tp.Blocks) == 0 {
		return nil, fmt.Errorf("blocks must be a list of layers of rows of block names: %v", err)
	}
	for y, layer := range tp.Blocks {
		for z, row := range layer {
			for x, name := range row {
				if _, ok := canonicalBlock(name); name != "" && !ok {
					return nil, fmt.Errorf("blocks[%d][%d][%d]: %q is not a block name", y, z, x, name)
				}
			}
		}
	}
	if n := tp.cells(); n > MaxTemplateCells {
		return nil, invalid("the template spans %d cells; a template holds at most %d", n, MaxTemplateCells)
	}
	for _, part := range Parts(tp.genericArgs()) {
		if _, err := Expand(part); err != nil {
			return nil, err
		}
	}
	return &tp, nil
}

// List returns the templates in the order of their names.
func (t *Templates) List() []*Template {
	out := make([]*Template, len(t.names))
	for i, n := range t.names {
		out[i] = t.byName[n]
	}
	return out
}

// Get returns the template of that name.
func (t *Templates) Get(name string) (*Template, bool) {
	tp, ok := t.byName[name]
	return tp, ok
}

// Text is the list_templates answer: one line per template.
func (t *Templates) Text() string {
	lines := make([]string, len(t.names))
	for i, tp := range t.List() {
		lines[i] = tp.Describe()
	}
	return strings.Join(lines, "\n")
}

// Resolve turns the named template into ordinary build arguments for her,
// with its ground floor's corner at origin: see Template.Args.
func (t *Templates) Resolve(name string, origin game.Pos, rotation int, have game.Inventory) (Args, error) {
	tp, ok := t.byName[name]
	if !ok {
		return Args{}, invalid("there is no template %s; there are %s", quote(name), listWords(t.names))
	}
	return tp.Args(origin, rotation, have)
}

// Size is how many blocks the template spans: X wide, Y high, Z deep.
func (tp *Template) Size() game.Pos {
	s := game.Pos{Y: len(tp.Blocks)}
	for _, layer := range tp.Blocks {
		s.Z = max(s.Z, len(layer))
		for _, row := range layer {
			s.X = max(s.X, len(row))
		}
	}
	return s
}

// at is the template's name at a cell, "" outside it.
func (tp *Template) at(x, y, z int) string {
	if y < 0 || y >= len(tp.Blocks) || z < 0 || z >= len(tp.Blocks[y]) || x < 0 || x >= len(tp.Blocks[y][z]) {
		return ""
	}
	return tp.Blocks[y][z][x]
}

// DoorSide is the side of the template its door opens to, after turning it
// by rotation; ok is false when it has no door. The door sits in a wall: it
// opens across the wall, towards the nearer edge of the template.
func (tp *Template) DoorSide(rotation int) (side game.Face, ok bool) {
	size := tp.Size()
	for y, layer := range tp.Blocks {
		for z, row := range layer {
			for x, name := range row {
				if !isKind(name, "door") {
					continue
				}
				solid := func(dx, dz int) bool {
					n := tp.at(x+dx, y, z+dz)
					return n != "" && Kind(n) != Air
				}
				if solid(0, -1) && solid(0, 1) && !(solid(-1, 0) && solid(1, 0)) {
					// The wall runs along z: the door opens east or west.
					side = game.FaceEast
					if x < size.X-1-x {
						side = game.FaceWest
					}
				} else {
					side = game.FaceSouth
					if z < size.Z-1-z {
						side = game.FaceNorth
					}
				}
				return turnFace(side, rotation), true
			}
		}
	}
	return "", false
}

// turnFace turns a horizontal face clockwise seen from above.
func turnFace(f game.Face, rotation int) game.Face {
	for i, v := range facings {
		if v == string(f) {
			return game.Face(facings[(i+rotation/90)%4])
		}
	}
	return f
}

// genericArgs lays the template out as build arguments with its own
// generic names, at origin 0, unturned.
func (tp *Template) genericArgs() Args {
	args, _ := tp.layout(game.Pos{}, 0, func(name string) string { return name })
	return args
}

// Needs counts what the template takes by generic name (planks, log, door,
// bed...), a door's and a bed's two halves counted once.
func (tp *Template) Needs() map[string]int {
	needs := map[string]int{}
	for _, part := range Parts(tp.genericArgs()) {
		e, err := Expand(part)
		if err != nil {
			return map[string]int{}
		}
		for k, n := range e.Needs {
			needs[k] += n
		}
	}
	return needs
}

// cells is how many cells the template spans, air and blanks included.
func (tp *Template) cells() int {
	s := tp.Size()
	return s.X * s.Y * s.Z
}

// ResolveParts is Resolve split into the builds to make one after
// another (Parts): one for a template of MaxCells cells or fewer.
func (t *Templates) ResolveParts(name string, origin game.Pos, rotation int, have game.Inventory) ([]Args, error) {
	args, err := t.Resolve(name, origin, rotation, have)
	if err != nil {
		return nil, err
	}
	return Parts(args), nil
}

// Describe is the template's line in list_templates, for her.
func (tp *Template) Describe() string {
	s := tp.Size()
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %d wide (x) by %d deep (z) by %d high", tp.Name, s.X, s.Z, s.Y)
	if tp.Offset < 0 {
		fmt.Fprintf(&b, ", its floor %d below ground", -tp.Offset)
	}
	if side, ok := tp.DoorSide(0); ok {
		fmt.Fprintf(&b, ", door on the %s side", side)
	}
	fmt.Fprintf(&b, "; takes %s (wood and bed colour from what you carry)", countList(tp.Needs()))
	return b.String()
}

// Args resolves the template into ordinary build arguments: its ground
// floor's corner (the layer at -Offset) at origin, turned by rotation
// around that corner, the generic names resolved from what she carries (the
// wood she has most of for planks, logs, doors and the like; the bed she
// has most of, else the wool colour she has most of, else white), the door
// facing into the building as a player standing outside would place it, and
// clear: true so whatever stands in the way is broken (never protected
// blocks).
func (tp *Template) Args(origin game.Pos, rotation int, have game.Inventory) (Args, error) {
	if !validRotation(rotation) {
		return Args{}, errRotation()
	}
	wood := have.MainWood()
	bed := have.MainBed()
	facing := ""
	if side, ok := tp.DoorSide(0); ok {
		facing = string(turnFace(side, 180))
	}
	resolve := func(name string) string {
		block := resolveGeneric(name, wood, bed)
		if facing != "" && isKind(block, "door") {
			block = withState(block, "facing", facing)
		}
		return block
	}
	args, err := tp.layout(game.Pos{X: origin.X, Y: origin.Y + tp.Offset, Z: origin.Z}, rotation, resolve)
	if err != nil {
		return Args{}, err
	}
	args.Clear = true
	return args, nil
}

func (tp *Template) layout(origin game.Pos, rotation int, resolve func(string) string) (Args, error) {
	pb := newPaletteBuilder()
	layers := make([][]string, len(tp.Blocks))
	var line strings.Builder
	for y, layer := range tp.Blocks {
		layers[y] = make([]string, len(layer))
		for z, row := range layer {
			line.Reset()
			for _, name := range row {
				if name == "" {
					line.WriteByte(' ')
					continue
				}
				block, _ := canonicalBlock(resolve(name))
				c, ok := pb.char(block)
				if !ok {
					return Args{}, fmt.Errorf("blueprint: template %s names more than %d kinds of block", tp.Name, maxKinds)
				}
				line.WriteByte(c)
			}
			layers[y][z] = line.String()
		}
	}
	return Args{Origin: origin, Layers: layers, Palette: pb.palette, Rotation: rotation}, nil
}

// wooden are the generic names mindcraft's templates use for things made
// of one wood.
var wooden = [...]string{"log", "planks", "sign", "boat", "fence_gate", "door", "fence", "slab",
	"stairs", "button", "pressure_plate", "trapdoor"}

// resolveGeneric turns a generic name into a block: planks into
// spruce_planks when spruce is her wood, bed into her bed. States stay.
func resolveGeneric(block, wood, bed string) string {
	name, states, ok := parseBlock(block)
	if !ok {
		return block
	}
	if name == "bed" {
		return formatBlock(bed, states)
	}
	if slices.Contains(wooden[:], name) {
		return formatBlock(wood+"_"+name, states)
	}
	return block
}
