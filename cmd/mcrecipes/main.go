// Command mcrecipes writes beaweb's recipe books, data/recipes/<mc_version>.json,
// from the npm package minecraft-data and the authored supplements beside
// this file. It needs no Node: fetch the tarball once with
//
//	npm pack minecraft-data@3.119.0
//
// and run, from the repository root,
//
//	go run ./cmd/mcrecipes -tgz minecraft-data-3.119.0.tgz 26.1 1.21.4 1.21.1
//
// The same tarball and supplements always give the same bytes.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

func main() {
	os.Exit(run(context.Background(), os.Args[1:], os.Stdout, os.Stderr))
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("mcrecipes", flag.ContinueOnError)
	fs.SetOutput(stderr)
	tgz := fs.String("tgz", "", "the tarball `npm pack minecraft-data@VERSION` wrote")
	out := fs.String("out", "data/recipes", "folder to write <mc_version>.json into")
	sup := fs.String("supplement", "cmd/mcrecipes/supplement", "folder with tags.json, smelting.json and remainders.json")
	fuels := fs.String("fuels", "../shared/data/minecraft/fuels.json", "fuel burn times")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: mcrecipes -tgz minecraft-data-X.tgz [flags] MC_VERSION...")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *tgz == "" || fs.NArg() == 0 {
		fs.Usage()
		return 2
	}
	s, err := readSupplement(*sup)
	if err != nil {
		fmt.Fprintln(stderr, "mcrecipes:", err)
		return 1
	}
	fuel, err := readFuels(*fuels)
	if err != nil {
		fmt.Fprintln(stderr, "mcrecipes:", err)
		return 1
	}
	for _, v := range fs.Args() {
		if err := ctx.Err(); err != nil {
			fmt.Fprintln(stderr, "mcrecipes:", err)
			return 1
		}
		path, n, err := generate(*tgz, v, s, fuel, filepath.Base(*fuels), *out)
		if err != nil {
			fmt.Fprintf(stderr, "mcrecipes: %s: %v\n", v, err)
			return 1
		}
		fmt.Fprintf(stdout, "wrote %s (%d crafting recipes)\n", path, n)
	}
	return 0
}

// generate writes one version's book and returns its path and recipe count.
func generate(tgz, version string, s *supplement, fuel map[string]int, fuelsName, outDir string) (string, int, error) {
	src, err := readSource(tgz, version)
	if err != nil {
		return "", 0, err
	}
	f, err := build(src, s, fuel, fuelsName)
	if err != nil {
		return "", 0, err
	}
	b, err := f.Encode()
	if err != nil {
		return "", 0, err
	}
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		return "", 0, err
	}
	path := filepath.Join(outDir, version+".json")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		return "", 0, err
	}
	return path, len(f.Crafting), nil
}
