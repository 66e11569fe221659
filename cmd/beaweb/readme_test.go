package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"beaweb/internal/settings"
)

// readmeSettings is the README's settings table: the flags and the
// environment variables its rows name.
func readmeSettings(t *testing.T) (flags, envs []string) {
	t.Helper()
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, table, ok := strings.Cut(string(b), "\n| setting | flag | environment | default |\n")
	if !ok {
		t.Fatal("the README has no settings table (| setting | flag | environment | default |)")
	}
	table, _, _ = strings.Cut(table, "\n\n")
	flagRe, envRe := regexp.MustCompile("`--([a-z][a-z-]*)`"), regexp.MustCompile(`\bBEA_[A-Z_]+`)
	for _, row := range strings.Split(table, "\n")[1:] { // below the |---| line
		cells := strings.Split(row, "|")
		if len(cells) != 6 {
			t.Fatalf("a row of the settings table has %d cells, not 4: %q", len(cells)-2, row)
		}
		for _, m := range flagRe.FindAllStringSubmatch(cells[2], -1) {
			flags = append(flags, m[1])
		}
		envs = append(envs, envRe.FindAllString(cells[3], -1)...)
	}
	slices.Sort(flags)
	slices.Sort(envs)
	return slices.Compact(flags), slices.Compact(envs)
}

// TestReadmeSettingsTableIsTrue: the flags the README's settings table
// names are the flags `beaweb --help` lists, which are the ones beaweb
// takes; its environment variables are the settings' and BEA_LOG. A flag
// added to the command without a row in the table fails here, and so does
// a row for a flag that is gone.
func TestReadmeSettingsTableIsTrue(t *testing.T) {
	flags, envs := readmeSettings(t)

	var help bytes.Buffer
	if code := run(context.Background(), []string{"--help"}, env{getenv: envFrom(nil), stdout: &help, stderr: &help}); code != 0 {
		t.Fatalf("--help exited with %d:\n%s", code, help.String())
	}
	var defined []string
	for _, m := range regexp.MustCompile(`(?m)^  -([a-z][a-z-]*)`).FindAllStringSubmatch(help.String(), -1) {
		defined = append(defined, m[1])
	}
	slices.Sort(defined)
	if len(defined) < 10 {
		t.Fatalf("--help lists only %v:\n%s", defined, help.String())
	}
	sameNames(t, "--", defined, flags, "takes")

	// What beaweb reads is what the settings ask the environment for.
	known := []string{"BEA_LOG"}
	if _, err := settings.Defaults().FromEnv(func(name string) string {
		known = append(known, name)
		return ""
	}); err != nil {
		t.Fatal(err)
	}
	sameNames(t, "", known, envs, "reads")
}

// sameNames reports each name beaweb has that the README leaves out, and
// each the README names that beaweb does not have.
func sameNames(t *testing.T, prefix string, beaweb, readme []string, verb string) {
	t.Helper()
	for _, n := range beaweb {
		if !slices.Contains(readme, n) {
			t.Errorf("beaweb %s %s%s, which the README's settings table leaves out", verb, prefix, n)
		}
	}
	for _, n := range readme {
		if !slices.Contains(beaweb, n) {
			t.Errorf("the README's settings table names %s%s, which beaweb does not %s", prefix, n, strings.TrimSuffix(verb, "s"))
		}
	}
}

// TestReadmeNamesFilesThatExist: every path the README's commands name
// (its sh blocks, comments aside) is a file or folder of this repository,
// and so is every path in its text that starts in one of the
// repository's folders: a command that names a file that is not there
// (bench --tasks tasks/example_tasks.json, a path of mindcraft's) fails
// here. A path a command makes itself (go build -o beaweb, then
// ./beaweb), an address, a placeholder in capitals and what npm installs
// are not files to find.
func TestReadmeNamesFilesThatExist(t *testing.T) {
	const root = "../../"
	b, err := os.ReadFile(root + "README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(b)
	exists := func(p string) bool {
		matches, err := filepath.Glob(filepath.Join(root, filepath.FromSlash(p)))
		return err == nil && len(matches) > 0
	}
	var checked int
	for _, block := range regexp.MustCompile("(?s)```sh\n(.*?)```").FindAllStringSubmatch(readme, -1) {
		for _, line := range strings.Split(block[1], "\n") {
			line, _, _ = strings.Cut(line, " #")
			words := strings.Fields(line)
			made := map[string]bool{}
			for i, w := range words {
				if w == "-o" && i+1 < len(words) {
					made["./"+words[i+1]] = true
				}
			}
			for _, w := range words {
				if !strings.Contains(w, "/") || strings.ContainsAny(w, ":$") || made[w] || strings.ToUpper(w) == w {
					continue
				}
				checked++
				if !exists(w) {
					t.Errorf("the README's command %q names %s, which is not in the repository", strings.TrimSpace(line), w)
				}
			}
		}
	}
	top, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range regexp.MustCompile("`([A-Za-z0-9_.*-]+(?:/[A-Za-z0-9_.*-]+)+/?)`").FindAllStringSubmatch(readme, -1) {
		p := m[1]
		first, _, _ := strings.Cut(p, "/")
		inRepo := slices.ContainsFunc(top, func(e os.DirEntry) bool { return e.IsDir() && e.Name() == first })
		if !inRepo || strings.Contains(p, "node_modules") {
			continue
		}
		checked++
		if !exists(p) {
			t.Errorf("the README names %s, which is not in the repository", p)
		}
	}
	if checked < 10 {
		t.Errorf("only %d paths of the README were checked: its commands were not read", checked)
	}
}
