package bench

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"beaweb/data"
	"beaweb/internal/game"
	"beaweb/internal/practice"
)

// templateName is the name a construction task's blueprint is registered
// under for her run: a template name is its file's name, so the id is
// kept to letters, digits and _.
func (t *benchTask) templateName() string {
	var b strings.Builder
	b.WriteString("task_")
	for _, r := range strings.ToLower(t.ID) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	return b.String()
}

// templateBlocks is the blueprint as a template's cells, Blocks[y][z][x]
// from its lowest level; "air" stays air (the cell must be empty), and a
// row shorter than the longest is left as it is past its end.
func (b *mcBlueprint) templateBlocks() [][][]string {
	base := b.Levels[0].Coordinates[1]
	top := base
	for _, l := range b.Levels {
		top = max(top, l.Coordinates[1])
	}
	out := make([][][]string, top-base+1)
	for _, l := range b.Levels {
		out[l.Coordinates[1]-base] = l.Placement
	}
	for y := range out {
		if out[y] == nil {
			out[y] = [][]string{{""}}
		}
	}
	return out
}

// blueprintsWith writes beaweb's templates and the task's into dir and
// returns the folder she reads them from for the run.
func blueprintsWith(dir string, t *benchTask) (fs.FS, error) {
	into := filepath.Join(dir, "blueprints")
	if err := os.MkdirAll(into, 0o755); err != nil {
		return nil, err
	}
	files, err := fs.Glob(data.FS, "blueprints/*.json")
	if err != nil {
		return nil, err
	}
	for _, f := range files {
		b, err := fs.ReadFile(data.FS, f)
		if err != nil {
			return nil, err
		}
		if err := os.WriteFile(filepath.Join(into, path.Base(f)), b, 0o644); err != nil {
			return nil, err
		}
	}
	b, err := json.Marshal(map[string]any{"name": t.templateName(), "blocks": t.Blueprint.templateBlocks(),
		"_source": fmt.Sprintf("mindcraft task %s (kolbytn/mindcraft, MIT)", t.ID)})
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(into, t.templateName()+".json"), b, 0o644); err != nil {
		return nil, err
	}
	return os.DirFS(dir), nil
}

// blueprintScore is mindcraft's construction check: every cell of every
// level compared by block name, a cell that is air in the blueprint and
// in the world not counted; the score is the share of counted cells that
// match, and the task is done when none is wrong.
func (b *mcBlueprint) score(blockAt func(game.Pos) string) (score float64, done bool) {
	matches, wrong := 0, 0
	for _, l := range b.Levels {
		c := l.Coordinates
		for z, row := range l.Placement {
			for x, want := range row {
				got := blockAt(game.Pos{X: c[0] + x, Y: c[1], Z: c[2] + z})
				if got == "" || game.IsAir(got) {
					got = "air"
				}
				switch {
				case want == "air" && got == "air":
				case want == got:
					matches++
				default:
					wrong++
				}
			}
		}
	}
	if matches+wrong == 0 {
		return 1, true
	}
	return float64(matches) / float64(matches+wrong), wrong == 0
}

// site is the flat practice world of a construction task: centred a few
// blocks off the blueprint's corner, where she starts, and wide enough
// for the blueprint and room round it.
func (b *mcBlueprint) site() (centre game.Pos, size int) {
	o := b.Levels[0].Coordinates
	span := 0
	for _, l := range b.Levels {
		span = max(span, len(l.Placement))
		for _, row := range l.Placement {
			span = max(span, len(row))
		}
	}
	centre = game.Pos{X: o[0] - 4, Y: 0, Z: o[2] - 4}
	size = min(max(64, 2*(span+4+16)), 512)
	return centre, size
}

// worldFor is the practice world a task is played in: quiet and peaceful,
// with her kit; flat and round the blueprint for a construction task,
// stocked with what the game gives round a player for any other (crops,
// flowers, animals, cobwebs, trees, sand, water, ores), so she gathers what
// her kit lacks.
func (t *benchTask) worldFor(speed float64, blocks func(func(game.Pos) string)) practice.Options {
	opts := practice.Options{Seed: 1, Speed: speed, Quiet: true, Peaceful: true, Kit: t.Kit, Blocks: blocks, Stocked: true}
	if t.Blueprint != nil {
		opts.Flat = true
		opts.Centre, opts.Size = t.Blueprint.site()
	}
	return opts
}

// cells is how many cells the blueprint spans, air included, as a build
// counts them; 0 without one.
func (b *mcBlueprint) cells() int {
	if b == nil || len(b.Levels) == 0 {
		return 0
	}
	blocks := b.templateBlocks()
	rows, cols := 0, 0
	for _, layer := range blocks {
		rows = max(rows, len(layer))
		for _, row := range layer {
			cols = max(cols, len(row))
		}
	}
	return len(blocks) * rows * cols
}

// clash says why no world can match the blueprint when two of its levels
// lie at the same height and ask different blocks of one cell (mindcraft's
// small_church gives all ten levels y -60); "" when none do.
func (b *mcBlueprint) clash() string {
	at := map[game.Pos]int{} // a cell's level, by the cell
	for i, l := range b.Levels {
		c := l.Coordinates
		for z, row := range l.Placement {
			for x, want := range row {
				p := game.Pos{X: c[0] + x, Y: c[1], Z: c[2] + z}
				j, seen := at[p]
				if !seen {
					at[p] = i
					continue
				}
				if other := b.Levels[j].Placement[p.Z-b.Levels[j].Coordinates[2]][p.X-b.Levels[j].Coordinates[0]]; other != want {
					return fmt.Sprintf("its levels %d and %d both lie at y %d and ask %s and %s of the cell at %s",
						b.Levels[j].Level, l.Level, c[1], other, want, p)
				}
			}
		}
	}
	return ""
}
