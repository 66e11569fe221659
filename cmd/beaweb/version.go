package main

import (
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"runtime"
	"runtime/debug"
	"strings"

	"beaweb/internal/game/protocol"
	"beaweb/internal/planner/recipes"
)

// runVersion prints what this beaweb is: its version, the Go that built it,
// the recipe books it carries and the protocol it speaks to the game.
func runVersion(stdout, stderr io.Writer, data fs.FS) int {
	books, err := recipeBooks(data)
	if err != nil {
		fmt.Fprintf(stderr, "beaweb: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "beaweb %s\n", buildVersion())
	fmt.Fprintf(stdout, "built with Go %s for %s/%s\n", strings.TrimPrefix(runtime.Version(), "go"), runtime.GOOS, runtime.GOARCH)
	fmt.Fprintf(stdout, "recipe books: %s\n", strings.Join(books, "; "))
	fmt.Fprintf(stdout, "speaks protocol %d to the game (the BeaCraft mod or the body)\n", protocol.Version)
	return 0
}

// buildVersion is the module's version and the commit it was built from,
// as far as Go recorded them: `go build` and `go install` in a git checkout
// record the commit; `go run` records none.
func buildVersion() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "(no build information)"
	}
	v := info.Main.Version
	if v == "" || v == "(devel)" {
		v = "development build"
	}
	var rev, when string
	modified := false
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			when = s.Value
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	if rev == "" {
		return v
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	v += " (commit " + rev
	if when != "" {
		v += " of " + when
	}
	if modified {
		v += ", with changes not committed"
	}
	return v + ")"
}

// recipeBooks describes each book: its Minecraft version, how many items it
// knows and where its data came from.
func recipeBooks(data fs.FS) ([]string, error) {
	versions, err := recipes.Versions(data)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, v := range versions {
		b, err := recipes.Load(data, v)
		if err != nil {
			return nil, err
		}
		raw, err := fs.ReadFile(data, "recipes/"+v+".json")
		if err != nil {
			return nil, err
		}
		var head struct {
			Source string `json:"source"`
		}
		if err := json.Unmarshal(raw, &head); err != nil {
			return nil, fmt.Errorf("the recipe book for Minecraft %s cannot be read: %w", v, err)
		}
		// The source starts with the package it was made from: "npm
		// minecraft-data@3.119.0: data/pc/...".
		from, _, _ := strings.Cut(head.Source, ":")
		desc := fmt.Sprintf("Minecraft %s, %d items", b.Version(), len(b.Items()))
		if from = strings.TrimSpace(strings.TrimPrefix(from, "npm ")); from != "" {
			desc += ", from " + from
		}
		out = append(out, desc)
	}
	return out, nil
}
