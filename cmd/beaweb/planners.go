package main

import (
	"context"
	"io/fs"
	"log/slog"
	"maps"
	"os"
	"slices"
	"sync"

	"beaweb/internal/game"
	"beaweb/internal/planner/blueprint"
	"beaweb/internal/planner/recipes"
	"beaweb/internal/planner/script"
)

// scripts runs build scripts in beaweb's own sandboxed child and hands back
// the cells as the blueprint planner reads them.
type scripts struct{ runner *script.Runner }

// scriptRunner is the sandbox as both plan-build and the build_script
// tool use it; nil where it cannot run.
func scriptRunner(logger *slog.Logger) buildScriptRunner {
	if s := newScripts(logger); s != nil {
		return s
	}
	return nil
}

// newScripts returns the sandbox runner, or nil where the sandbox cannot
// run (script.Supported is false, or beaweb cannot find its own binary).
func newScripts(logger *slog.Logger) *scripts {
	if !script.Supported {
		return nil
	}
	exe, err := os.Executable()
	if err != nil {
		if logger != nil {
			logger.Warn("build scripts are off: beaweb cannot find its own binary", slog.Any("error", err))
		}
		return nil
	}
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	return &scripts{runner: &script.Runner{Exe: exe, Args: []string{buildScriptCommand}, Logger: logger}}
}

// Run draws the script and converts its cells.
func (s *scripts) Run(ctx context.Context, src string) ([]blueprint.Cell, []string, error) {
	res, err := s.runner.Run(ctx, src)
	if err != nil {
		return nil, nil, err
	}
	cells := make([]blueprint.Cell, len(res.Cells))
	for i, c := range res.Cells {
		cells[i] = blueprint.Cell{Pos: game.Pos{X: c.X, Y: c.Y, Z: c.Z}, Block: c.Block}
	}
	return cells, res.Notes, nil
}

// shelf keeps the recipe books by Minecraft version, loaded once each.
type shelf struct {
	fsys fs.FS

	mu    sync.Mutex
	books map[string]*recipes.Book
	// worlds are the books as the autopilot plans with them, by version:
	// what the world gives as it is (game.Findable) is gathered, the rest
	// made.
	worlds map[string]*recipes.Book
}

func newShelf(fsys fs.FS) *shelf {
	return &shelf{fsys: fsys, books: map[string]*recipes.Book{}, worlds: map[string]*recipes.Book{}}
}

// WorldBook is Book(mcVersion) planning with the sources the game's world
// gives (recipes.Book.WithWorld): a dyed wool is dyed from white wool off
// a sheep rather than looked for as it is.
func (s *shelf) WorldBook(mcVersion string) (*recipes.Book, error) {
	b, err := s.Book(mcVersion)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	w, ok := s.worlds[b.Version()]
	if !ok {
		w = b.WithWorld(game.Findable)
		s.worlds[b.Version()] = w
	}
	return w, nil
}

// loadAll reads every book on the shelf, so a missing or corrupt recipe
// file stops beaweb at start with the file's name rather than failing her
// first crafting_plan in the middle of a game.
func (s *shelf) loadAll() error {
	versions, err := recipes.Versions(s.fsys)
	if err != nil {
		return err
	}
	for _, v := range versions {
		if _, err := s.Book(v); err != nil {
			return err
		}
	}
	return nil
}

// all are the books loaded, by version.
func (s *shelf) all() []*recipes.Book {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]*recipes.Book, 0, len(s.books))
	for _, v := range slices.Sorted(maps.Keys(s.books)) {
		out = append(out, s.books[v])
	}
	return out
}

// Book is the book for mcVersion, or the newest older one with a note.
func (s *shelf) Book(mcVersion string) (*recipes.Book, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if b, ok := s.books[mcVersion]; ok {
		return b, nil
	}
	b, err := recipes.Load(s.fsys, mcVersion)
	if err != nil {
		return nil, err
	}
	s.books[mcVersion] = b
	return b, nil
}

// PreviewScript is the dashboard's script preview: the same sandbox, whose
// refusals are already input the person can fix (fault.CodeInvalid).
func (s *scripts) PreviewScript(ctx context.Context, src string) ([]blueprint.Cell, []string, error) {
	return s.Run(ctx, src)
}
