package blueprint

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"beaweb/internal/fault"
	"beaweb/internal/game"
)

var update = flag.Bool("update", false, "rewrite the test vectors and golden files from the code")

const vectorDir = "../../../testdata/minecraft_blueprints"

// vector is one file of testdata/minecraft_blueprints, authored here: the
// file holds these arguments and what the expansion makes of them.
type vector struct {
	name, about, args string
}

var vectors = []vector{
	{"01_row", "a row of three along +x from the origin", `{"origin": {"x": 10, "y": 64, "z": 4}, "layers": [["###"]], "palette": {"#": "cobblestone"}}`},
	{"02_row_rot90", "turned 90 degrees clockwise seen from above, +x becomes +z", `{"origin": {"x": 10, "y": 64, "z": 4}, "layers": [["###"]], "palette": {"#": "cobblestone"}, "rotation": 90}`},
	{"03_row_rot180", "turned 180 degrees, +x becomes -x", `{"origin": {"x": 10, "y": 64, "z": 4}, "layers": [["###"]], "palette": {"#": "cobblestone"}, "rotation": 180}`},
	{"04_row_rot270", "turned 270 degrees, +x becomes -z", `{"origin": {"x": 10, "y": 64, "z": 4}, "layers": [["###"]], "palette": {"#": "cobblestone"}, "rotation": 270}`},
	{"05_layers_bottom_first", "the first layer is the lowest", `{"origin": {"x": 0, "y": 70, "z": 0}, "layers": [["SS"], ["P"]], "palette": {"S": "stone", "P": "oak_planks"}}`},
	{"06_rows_along_z", "each row is one z, each character one x", `{"origin": {"x": -5, "y": 0, "z": -5}, "layers": [["AB", "CD"]], "palette": {"A": "stone", "B": "dirt", "C": "sand", "D": "gravel"}}`},
	{"07_space_leaves_cell", "a space is no cell at all", `{"origin": {"x": 0, "y": 0, "z": 0}, "layers": [["# #", " # "]], "palette": {"#": "stone"}}`},
	{"08_air_must_be_empty", "a palette entry air is a cell that must be empty; it costs nothing", `{"origin": {"x": 0, "y": 0, "z": 0}, "layers": [["#.#"]], "palette": {"#": "stone", ".": "air"}}`},
	{"09_fill", "fill covers the box between two corners", `{"origin": {"x": 0, "y": 64, "z": 0}, "ops": [{"op": "fill", "from": [0, 0, 0], "to": [2, 0, 1], "block": "cobblestone"}]}`},
	{"10_fill_hollow", "a hollow fill is a shell with air inside", `{"origin": {"x": 0, "y": 0, "z": 0}, "ops": [{"op": "fill", "from": [0, 0, 0], "to": [2, 2, 2], "block": "cobblestone", "hollow": true}]}`},
	{"11_fill_corners_any_order", "the corners may come in any order; hollow false is a plain fill", `{"origin": {"x": 0, "y": 0, "z": 0}, "ops": [{"op": "fill", "from": [1, 1, 1], "to": [0, 0, 0], "block": "dirt", "hollow": false}]}`},
	{"12_walls", "walls are the four vertical sides of the box, open at top and bottom", `{"origin": {"x": 0, "y": 0, "z": 0}, "ops": [{"op": "walls", "from": [2, 1, 2], "to": [0, 0, 0], "block": "oak_planks"}]}`},
	{"13_walls_thin", "walls of a box one block thick are the whole box", `{"origin": {"x": 0, "y": 0, "z": 0}, "ops": [{"op": "walls", "from": [0, 0, 0], "to": [0, 1, 2], "block": "stone_bricks"}]}`},
	{"14_set", "set puts one block at one cell", `{"origin": {"x": 100, "y": 64, "z": -20}, "ops": [{"op": "set", "at": [1, 2, 3], "block": "glowstone"}]}`},
	{"15_roof", "a roof rises one course per level, each one block in on every side, until it closes", `{"origin": {"x": 0, "y": 0, "z": 0}, "ops": [{"op": "roof", "from": [0, 3, 0], "to": [4, 9, 4], "block": "spruce_planks"}]}`},
	{"16_roof_flat", "a roof whose corners share their y is one flat course", `{"origin": {"x": 0, "y": 0, "z": 0}, "ops": [{"op": "roof", "from": [0, 2, 0], "to": [3, 2, 2], "block": "oak_slab[type=bottom]"}]}`},
	{"17_roof_capped", "a roof stops at the higher corner's y even when it has not closed, and over a side two wide it is one course", `{"origin": {"x": 0, "y": 0, "z": 0}, "ops": [{"op": "roof", "from": [0, 0, 0], "to": [5, 1, 3], "block": "bricks"}, {"op": "roof", "from": [10, 0, 0], "to": [13, 5, 1], "block": "stone"}]}`},
	{"18_ops_override_layers", "ops apply after the layers in order, each overwriting what came before", `{"origin": {"x": 0, "y": 0, "z": 0}, "layers": [["###"]], "palette": {"#": "stone"}, "ops": [{"op": "fill", "from": [1, 0, 0], "to": [2, 0, 0], "block": "dirt"}, {"op": "set", "at": [2, 0, 0], "block": "air"}]}`},
	{"19_facing_turns", "facing turns with the build; other states stay", `{"origin": {"x": 0, "y": 0, "z": 0}, "layers": [["ABCD"]], "palette": {"A": "oak_stairs[facing=east,half=top]", "B": "furnace[facing=north]", "C": "hopper[facing=down]", "D": "chest[facing=west,type=single]"}, "rotation": 90}`},
	{"20_axis_turns", "axis x and z swap at 90 and 270; axis y stays", `{"origin": {"x": 0, "y": 0, "z": 0}, "layers": [["XYZ"]], "palette": {"X": "oak_log[axis=x]", "Y": "oak_log[axis=y]", "Z": "birch_log[axis=z]"}, "rotation": 270}`},
	{"21_facing_rot180", "at 180 north becomes south and east becomes west", `{"origin": {"x": 5, "y": 5, "z": 5}, "layers": [["NE"]], "palette": {"N": "ladder[facing=north]", "E": "oak_trapdoor[facing=east,half=bottom]"}, "rotation": 180}`},
	{"22_door_and_bed_halves", "a door's upper half and a bed's second half come with the first: one item each", `{"origin": {"x": 0, "y": 0, "z": 0}, "layers": [["D BB"], ["D"]], "palette": {"B": "red_bed", "D": "oak_door[facing=south]"}}`},
	{"23_three_beds", "beds pair along +x first, then +z; an odd one costs its own", `{"origin": {"x": 0, "y": 0, "z": 0}, "layers": [["BBB", "B  "]], "palette": {"B": "white_bed"}}`},
	{"24_namespace_dropped", "the minecraft: namespace and empty brackets are dropped", `{"origin": {"x": 0, "y": 0, "z": 0}, "layers": [["ab"]], "palette": {"a": "minecraft:stone", "b": "minecraft:oak_log[]"}}`},
	{"25_null_is_absent", "null for an optional argument means it was left out", `{"origin": {"x": 0, "y": 0, "z": 0}, "layers": [["##"]], "palette": {"#": "stone"}, "ops": null, "rotation": null, "clear": null}`},
	{"26_whole_floats", "1.0 is a whole number", `{"origin": {"x": 1.0, "y": 64.0, "z": -0.0}, "ops": [{"op": "set", "at": [2.0, 0, 1e1], "block": "stone"}]}`},
	{"27_corner_objects", "a corner may also be written as an object", `{"origin": {"x": 0, "y": 0, "z": 0}, "ops": [{"op": "fill", "from": {"x": 0, "y": 0, "z": 0}, "to": {"x": 1, "y": 0, "z": 0}, "block": "stone"}, {"op": "set", "at": {"x": 0, "y": 1, "z": 0}, "block": "torch"}]}`},
	{"28_negative_relative_rot90", "relative coordinates may be negative; rotation turns them around the origin", `{"origin": {"x": 0, "y": 64, "z": 0}, "ops": [{"op": "set", "at": [-2, 0, -3], "block": "stone"}, {"op": "set", "at": [1, 0, 0], "block": "dirt"}], "rotation": 90}`},
	{"29_unicode_palette", "a palette key is one character (code point); columns count characters", `{"origin": {"x": 0, "y": 0, "z": 0}, "layers": [["é#é"]], "palette": {"é": "stone", "#": "dirt"}}`},
	{"30_span_256", "256 blocks along an axis, the origin included, is the most", `{"origin": {"x": 0, "y": 0, "z": 0}, "ops": [{"op": "set", "at": [255, 0, 0], "block": "stone"}, {"op": "set", "at": [0, 0, -255], "block": "dirt"}]}`},
	{"31_max_cells", "2000 cells is the most one build holds", `{"origin": {"x": 0, "y": 0, "z": 0}, "ops": [{"op": "fill", "from": [0, 0, 0], "to": [19, 9, 9], "block": "stone"}]}`},
	{"32_clear", "clear changes nothing in the cells; it only lets the builder break what stands in the way", `{"origin": {"x": 0, "y": 0, "z": 0}, "layers": [["#"]], "palette": {"#": "stone"}, "clear": true}`},
	{"34_null_keys_left_out", "a key whose value is null is left out, even one the op or the build does not take", `{"origin": {"x": 0, "y": 0, "z": 0}, "ops": [{"op": "set", "at": [0, 0, 0], "block": "stone", "from": null, "to": null, "hollow": null}], "palette": null, "layers": null, "dry_run": null}`},
	{"33_small_wood_house_rot90", "the house exactly as build_template sends it for one carrying 5 spruce_log, at (0, -57, 0) turned 90", ""},

	{"e01_not_an_object", "the arguments are an object", `[1, 2, 3]`},
	{"e02_unknown_argument", "a misspelt argument is refused, never ignored", `{"origin": {"x": 0, "y": 0, "z": 0}, "layers": [["#"]], "palette": {"#": "stone"}, "rotaton": 90}`},
	{"e03_no_origin", "origin is required", `{"layers": [["#"]], "palette": {"#": "stone"}}`},
	{"e04_origin_null", "null is left out, and origin cannot be", `{"origin": null, "layers": [["#"]], "palette": {"#": "stone"}}`},
	{"e05_origin_a_list", "origin is an object", `{"origin": [0, 64, 0], "layers": [["#"]], "palette": {"#": "stone"}}`},
	{"e06_origin_missing_z", "origin has x, y and z", `{"origin": {"x": 0, "y": 64}, "layers": [["#"]], "palette": {"#": "stone"}}`},
	{"e07_origin_fraction", "a coordinate is a whole number", `{"origin": {"x": 0.5, "y": 64, "z": 0}, "layers": [["#"]], "palette": {"#": "stone"}}`},
	{"e08_origin_beyond_the_world", "a coordinate lies within the world's border", `{"origin": {"x": 1e20, "y": 0, "z": 0}, "layers": [["#"]], "palette": {"#": "stone"}}`},
	{"e09_origin_string", "a number in a string is not a number", `{"origin": {"x": 0, "y": "64", "z": 0}, "layers": [["#"]], "palette": {"#": "stone"}}`},
	{"e10_bad_rotation", "rotation is a quarter turn", `{"origin": {"x": 0, "y": 0, "z": 0}, "layers": [["#"]], "palette": {"#": "stone"}, "rotation": 45}`},
	{"e11_clear_not_a_flag", "clear is true or false", `{"origin": {"x": 0, "y": 0, "z": 0}, "layers": [["#"]], "palette": {"#": "stone"}, "clear": "yes"}`},
	{"e12_palette_not_an_object", "palette is an object", `{"origin": {"x": 0, "y": 0, "z": 0}, "layers": [["#"]], "palette": [["#", "stone"]]}`},
	{"e13_palette_key_two_chars", "a palette key is one character", `{"origin": {"x": 0, "y": 0, "z": 0}, "layers": [["#"]], "palette": {"#": "stone", "ab": "dirt"}}`},
	{"e14_palette_key_space", "a space always leaves a cell as it is", `{"origin": {"x": 0, "y": 0, "z": 0}, "layers": [["#"]], "palette": {"#": "stone", " ": "air"}}`},
	{"e15_palette_value_not_a_name", "a palette value is a block name", `{"origin": {"x": 0, "y": 0, "z": 0}, "layers": [["#"]], "palette": {"#": 5}}`},
	{"e16_palette_bad_block_name", "a block name is a vanilla id", `{"origin": {"x": 0, "y": 0, "z": 0}, "layers": [["#"]], "palette": {"#": "Oak Door"}}`},
	{"e17_palette_bad_state", "states are key=value pairs in brackets", `{"origin": {"x": 0, "y": 0, "z": 0}, "layers": [["#"]], "palette": {"#": "oak_door[facing]"}}`},
	{"e18_layers_flattened", "layers is a list of layers, each a list of rows", `{"origin": {"x": 0, "y": 0, "z": 0}, "layers": ["###", "# #"], "palette": {"#": "stone"}}`},
	{"e19_layers_not_a_list", "layers is a list", `{"origin": {"x": 0, "y": 0, "z": 0}, "layers": "###", "palette": {"#": "stone"}}`},
	{"e20_layer_not_a_list", "each layer is a list of rows", `{"origin": {"x": 0, "y": 0, "z": 0}, "layers": [["#"], 5], "palette": {"#": "stone"}}`},
	{"e21_row_not_a_string", "each row is a string", `{"origin": {"x": 0, "y": 0, "z": 0}, "layers": [["#", ["#"]]], "palette": {"#": "stone"}}`},
	{"e22_char_not_in_palette", "every character but the space is in the palette", `{"origin": {"x": 0, "y": 0, "z": 0}, "layers": [["##"], ["#", "##X"]], "palette": {"#": "stone"}}`},
	{"e23_ops_not_a_list", "ops is a list", `{"origin": {"x": 0, "y": 0, "z": 0}, "ops": {"op": "set", "at": [0, 0, 0], "block": "stone"}}`},
	{"e24_op_not_an_object", "each op is an object", `{"origin": {"x": 0, "y": 0, "z": 0}, "ops": [{"op": "set", "at": [0, 0, 0], "block": "stone"}, "fill"]}`},
	{"e25_unknown_op", "the ops are fill, walls, set and roof", `{"origin": {"x": 0, "y": 0, "z": 0}, "ops": [{"op": "circle", "at": [0, 0, 0], "block": "stone"}]}`},
	{"e26_op_without_kind", "an op says which it is", `{"origin": {"x": 0, "y": 0, "z": 0}, "ops": [{"at": [0, 0, 0], "block": "stone"}]}`},
	{"e27_op_key_it_does_not_take", "walls have no hollow: refused, never ignored", `{"origin": {"x": 0, "y": 0, "z": 0}, "ops": [{"op": "walls", "from": [0, 0, 0], "to": [2, 2, 2], "block": "stone", "hollow": true}]}`},
	{"e28_hollow_not_a_flag", "hollow is true or false", `{"origin": {"x": 0, "y": 0, "z": 0}, "ops": [{"op": "fill", "from": [0, 0, 0], "to": [2, 2, 2], "block": "stone", "hollow": "true"}]}`},
	{"e29_coordinate_fraction", "a coordinate in an op is a whole number", `{"origin": {"x": 0, "y": 0, "z": 0}, "ops": [{"op": "set", "at": [0, 0.5, 0], "block": "stone"}]}`},
	{"e30_coordinate_true", "true is not a coordinate", `{"origin": {"x": 0, "y": 0, "z": 0}, "ops": [{"op": "set", "at": [true, 0, 0], "block": "stone"}]}`},
	{"e31_corner_two_numbers", "a corner has three coordinates", `{"origin": {"x": 0, "y": 0, "z": 0}, "ops": [{"op": "fill", "from": [0, 0], "to": [2, 2, 2], "block": "stone"}]}`},
	{"e32_op_missing_corner", "fill needs both corners", `{"origin": {"x": 0, "y": 0, "z": 0}, "ops": [{"op": "fill", "from": [0, 0, 0], "block": "stone"}]}`},
	{"e33_op_missing_block", "every op needs a block", `{"origin": {"x": 0, "y": 0, "z": 0}, "ops": [{"op": "set", "at": [0, 0, 0]}]}`},
	{"e34_op_block_a_character", "an op's block is a name, not a palette character", `{"origin": {"x": 0, "y": 0, "z": 0}, "palette": {"#": "stone"}, "ops": [{"op": "set", "at": [0, 0, 0], "block": "#"}]}`},
	{"e35_nothing_to_build", "a build sets at least one cell", `{"origin": {"x": 0, "y": 0, "z": 0}, "layers": [["   "]], "palette": {"#": "stone"}}`},
	{"e36_absolute_among_relative", "more than 256 blocks along an axis is nearly always an absolute coordinate among relative ones", `{"origin": {"x": 0, "y": 0, "z": 0}, "ops": [{"op": "set", "at": [0, 0, 0], "block": "stone"}, {"op": "set", "at": [1200, 64, -900], "block": "stone"}]}`},
	{"e37_absolute_alone", "the origin counts in the span, so one absolute coordinate alone is caught too", `{"origin": {"x": 1200, "y": 64, "z": -900}, "ops": [{"op": "set", "at": [1203, 64, -898], "block": "stone"}]}`},
	{"e38_span_257", "257 blocks along an axis is one too many", `{"origin": {"x": 0, "y": 0, "z": 0}, "layers": [[], [], [], ["#"]], "palette": {"#": "stone"}, "ops": [{"op": "set", "at": [0, -253, 0], "block": "stone"}]}`},
	{"e39_op_alone_too_big", "one op covering more than 2000 cells", `{"origin": {"x": 0, "y": 0, "z": 0}, "ops": [{"op": "fill", "from": [0, 0, 0], "to": [99, 0, 99], "block": "stone"}]}`},
	{"e40_too_many_cells", "more than 2000 cells together", `{"origin": {"x": 0, "y": 0, "z": 0}, "ops": [{"op": "fill", "from": [0, 0, 0], "to": [19, 9, 9], "block": "stone"}, {"op": "set", "at": [0, 10, 0], "block": "dirt"}]}`},
}

// templateVectorArgs are the arguments of 33_small_wood_house_rot90.
func templateVectorArgs(t *testing.T) string {
	t.Helper()
	ts, err := LoadTemplates(os.DirFS("../../../data"))
	if err != nil {
		t.Fatal(err)
	}
	args, err := ts.Resolve("small_wood_house", game.Pos{X: 0, Y: -57, Z: 0}, 90, game.Inventory{"spruce_log": 5})
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(args)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// vectorFile is a vector as its file holds it.
type vectorFile struct {
	Name  string          `json:"name"`
	About string          `json:"about"`
	Args  json.RawMessage `json:"args"`
	Cells []Cell          `json:"cells"`
	Needs map[string]int  `json:"needs"`
	Error *string         `json:"error"`
}

// renderVector writes a vector file in its one canonical form.
func renderVector(v vector, args []byte) ([]byte, error) {
	var buf bytes.Buffer
	str := func(s string) string {
		b, _ := json.Marshal(s)
		return string(b)
	}
	var indented bytes.Buffer
	if err := json.Indent(&indented, args, "  ", "  "); err != nil {
		return nil, err
	}
	fmt.Fprintf(&buf, "{\n  \"name\": %s,\n  \"about\": %s,\n  \"args\": %s,\n", str(v.name), str(v.about), indented.String())
	parsed, err := ParseArgs(args)
	var e *Expansion
	if err == nil {
		e, err = Expand(parsed)
	}
	if err != nil {
		if !errors.Is(err, ErrInvalid) {
			return nil, err
		}
		fmt.Fprintf(&buf, "  \"error\": %s\n}\n", str(fault.Message(err)))
		return buf.Bytes(), nil
	}
	buf.WriteString("  \"cells\": [\n")
	for i, c := range e.Cells {
		fmt.Fprintf(&buf, "    {\"x\": %d, \"y\": %d, \"z\": %d, \"block\": %s}", c.X, c.Y, c.Z, str(c.Block))
		if i < len(e.Cells)-1 {
			buf.WriteByte(',')
		}
		buf.WriteByte('\n')
	}
	buf.WriteString("  ],\n  \"needs\": {")
	for i, k := range sortedKeys(e.Needs) {
		if i > 0 {
			buf.WriteString(", ")
		}
		fmt.Fprintf(&buf, "%s: %d", str(k), e.Needs[k])
	}
	buf.WriteString("}\n}\n")
	return buf.Bytes(), nil
}

// TestVectors holds the expansion to every vector file, byte for byte: the
// file is what this code renders for the vector's arguments. go test
// -update rewrites them; review the diff, since the Java mod is held to the
// same files.
func TestVectors(t *testing.T) {
	if *update {
		old, _ := filepath.Glob(filepath.Join(vectorDir, "*.json"))
		for _, f := range old {
			if err := os.Remove(f); err != nil {
				t.Fatal(err)
			}
		}
	}
	names := map[string]bool{}
	for _, v := range vectors {
		t.Run(v.name, func(t *testing.T) {
			args := v.args
			if args == "" {
				args = templateVectorArgs(t)
			}
			want, err := renderVector(v, []byte(args))
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(vectorDir, v.name+".json")
			names[v.name+".json"] = true
			if *update {
				if err := os.WriteFile(path, want, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			got, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s differs from what the expansion makes of its args:\n%s", path, firstDiff(got, want))
			}
			if v.name[0] == 'e' && !bytes.Contains(got, []byte(`"error"`)) {
				t.Errorf("%s should be refused", v.name)
			}
			if v.name[0] != 'e' && bytes.Contains(got, []byte(`"error"`)) {
				t.Errorf("%s should expand", v.name)
			}
		})
	}
	files, _ := filepath.Glob(filepath.Join(vectorDir, "*.json"))
	for _, f := range files {
		if !names[filepath.Base(f)] {
			t.Errorf("%s is not one of the vectors", f)
		}
	}
	if len(vectors) < 30 {
		t.Errorf("%d vectors; want at least 30", len(vectors))
	}
}

// TestVectorFilesReadBack reads every vector file the way another
// implementation would, through its JSON, and checks it against the
// expansion; it fails where a file was edited by hand.
func TestVectorFilesReadBack(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(vectorDir, "*.json"))
	if err != nil || len(files) < 30 {
		t.Fatalf("%d vector files (%v); want at least 30", len(files), err)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var v vectorFile
		if err := json.Unmarshal(data, &v); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		args, err := ParseArgs(v.Args)
		var e *Expansion
		if err == nil {
			e, err = Expand(args)
		}
		if v.Error != nil {
			if err == nil || err.Error() != *v.Error {
				t.Errorf("%s: got %v, want the refusal %q", f, err, *v.Error)
			}
			if !errors.Is(err, ErrInvalid) {
				t.Errorf("%s: the refusal does not match ErrInvalid", f)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		if !slices.Equal(e.Cells, v.Cells) {
			t.Errorf("%s: cells differ", f)
		}
		if fmt.Sprint(e.Needs) != fmt.Sprint(v.Needs) {
			t.Errorf("%s: needs %v, file says %v", f, e.Needs, v.Needs)
		}
	}
}

func firstDiff(got, want []byte) string {
	g, w := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
	for i := range min(len(g), len(w)) {
		if g[i] != w[i] {
			return fmt.Sprintf("line %d:\n file: %s\n code: %s", i+1, g[i], w[i])
		}
	}
	return fmt.Sprintf("file has %d lines, code %d", len(g), len(w))
}

// FuzzExpand feeds arbitrary arguments through ParseArgs and Expand: every
// input is either refused with a sentence or expands within the limits,
// never a panic.
func FuzzExpand(f *testing.F) {
	for _, v := range vectors {
		if v.args != "" {
			f.Add([]byte(v.args))
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		a, err := ParseArgs(data)
		if err != nil {
			if !errors.Is(err, ErrInvalid) || err.Error() == "" {
				t.Fatalf("ParseArgs(%q): %v", data, err)
			}
			return
		}
		e, err := Expand(a)
		if err != nil {
			if !errors.Is(err, ErrInvalid) {
				t.Fatalf("Expand(%q): %v", data, err)
			}
			return
		}
		if len(e.Cells) == 0 || len(e.Cells) > MaxCells {
			t.Fatalf("%d cells from %q", len(e.Cells), data)
		}
		if s := e.Box.Size(); s.X > MaxSpan || s.Y > MaxSpan || s.Z > MaxSpan {
			t.Fatalf("box %v from %q", e.Box, data)
		}
	})
}
