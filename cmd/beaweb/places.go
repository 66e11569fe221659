package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"

	"beaweb/internal/store"
)

const placesUsage = `usage: beaweb places export [--world SERVER] [FILE]
       beaweb places import [--world SERVER] [FILE]

export writes the places of one world as JSON to FILE (or standard output);
import reads such a file (or standard input) and stores its places, replacing
places of the same name. SERVER is the world's server address as the game
names it (world.server); export may leave it out when the database holds one
world, import when the file names it.
`

// runPlaces is `beaweb places`: args are what follows "places" on the
// command line, dbPath the database file (BEA_DB). It returns the exit code:
// 0 done, 1 failed, 2 misused.
func runPlaces(ctx context.Context, args []string, stdout, stderr io.Writer, dbPath string) int {
	return placesCommand(ctx, args, os.Stdin, stdout, stderr, dbPath)
}

func placesCommand(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer, dbPath string) int {
	if len(args) == 0 || (args[0] != "export" && args[0] != "import") {
		fmt.Fprint(stderr, placesUsage)
		return 2
	}
	verb := args[0]
	fs := flag.NewFlagSet("places "+verb, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, placesUsage) }
	world := fs.String("world", "", "the world's server address (world.server)")
	if err := fs.Parse(args[1:]); err != nil {
		return 2
	}
	if fs.NArg() > 1 {
		fmt.Fprintf(stderr, "beaweb places %s takes one FILE at most, not %q\n", verb, strings.Join(fs.Args(), " "))
		return 2
	}
	file := fs.Arg(0)

	logger := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	s, err := store.Open(ctx, dbPath, logger)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	defer s.Close()

	if verb == "export" {
		err = exportPlaces(ctx, s, *world, file, stdout, stderr)
	} else {
		err = importPlaces(ctx, s, *world, file, stdin, stderr)
	}
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	return 0
}

func exportPlaces(ctx context.Context, s *store.Store, world, file string, stdout, stderr io.Writer) error {
	if world == "" {
		worlds, err := s.Worlds(ctx)
		if err != nil {
			return err
		}
		switch len(worlds) {
		case 0:
			return errors.New("places: the database holds no world yet; nothing to export")
		case 1:
			world = worlds[0]
		default:
			return fmt.Errorf("places: the database holds %d worlds; say which with --world: %s", len(worlds), strings.Join(worlds, ", "))
		}
	}
	data, err := s.ExportPlaces(ctx, world)
	if err != nil {
		return err
	}
	places, err := s.Places(ctx, world)
	if err != nil {
		return err
	}
	if file == "" || file == "-" {
		_, err := stdout.Write(data)
		return err
	}
	if err := writeFileAtomic(file, data); err != nil {
		return fmt.Errorf("places: %w", err)
	}
	fmt.Fprintf(stderr, "exported %d places of %s to %s\n", len(places), world, file)
	return nil
}

func importPlaces(ctx context.Context, s *store.Store, world, file string, stdin io.Reader, stderr io.Writer) error {
	var data []byte
	var err error
	if file == "" || file == "-" {
		data, err = io.ReadAll(stdin)
	} else {
		data, err = os.ReadFile(file)
	}
	if err != nil {
		return fmt.Errorf("places: %w", err)
	}
	if world == "" {
		// The file names its world; a file that cannot be read leaves world
		// empty and the store says what is wrong with it.
		var head struct {
			World string `json:"world"`
		}
		_ = json.Unmarshal(data, &head)
		world = head.World
	}
	n, err := s.ImportPlaces(ctx, world, data)
	if err != nil {
		return err
	}
	fmt.Fprintf(stderr, "imported %d places into %s\n", n, world)
	return nil
}

// writeFileAtomic writes data next to path and moves it into place, so a
// failed export never leaves half a file where a good one was.
func writeFileAtomic(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	_, werr := tmp.Write(data)
	serr := tmp.Sync()
	cerr := tmp.Close()
	if err := errors.Join(werr, serr, cerr); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return nil
}
