package main

import (
	"archive/tar"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
)

// dataRoot is where minecraft-data keeps its data inside the npm tarball.
const dataRoot = "package/minecraft-data/data/"

// mdItem is one entry of minecraft-data's items.json.
type mdItem struct {
	ID        int    `json:"id"`
	Name      string `json:"name"`
	StackSize int    `json:"stackSize"`
}

// mdRecipe is one entry of minecraft-data's recipes.json: shaped (InShape)
// or shapeless (Ingredients). Ids are raw because old versions write
// [id, meta] or {"id", "metadata"} where new ones write a plain number.
type mdRecipe struct {
	InShape     [][]json.RawMessage `json:"inShape"`
	Ingredients []json.RawMessage   `json:"ingredients"`
	Result      json.RawMessage     `json:"result"`
}

// source is what the generator reads for one Minecraft version.
type source struct {
	PackageVersion string
	Version        string
	ItemsPath      string
	RecipesPath    string
	Items          []mdItem
	Recipes        map[string][]mdRecipe
}

// readSource reads the items and recipes of mcVersion from the tarball that
// `npm pack minecraft-data@X` writes. The tarball is read twice: once for
// dataPaths.json, which says which folder holds each version's files, and
// once for those files.
func readSource(tgz, mcVersion string) (*source, error) {
	src := &source{Version: mcVersion}
	var dataPaths struct {
		PC map[string]map[string]string `json:"pc"`
	}
	err := walkTar(tgz, func(name string, r io.Reader) error {
		switch name {
		case "package/package.json":
			var pkg struct {
				Version string `json:"version"`
			}
			if err := json.NewDecoder(r).Decode(&pkg); err != nil {
				return fmt.Errorf("%s: %w", name, err)
			}
			src.PackageVersion = pkg.Version
		case dataRoot + "dataPaths.json":
			if err := json.NewDecoder(r).Decode(&dataPaths); err != nil {
				return fmt.Errorf("%s: %w", name, err)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	paths, ok := dataPaths.PC[mcVersion]
	if !ok {
		return nil, fmt.Errorf("minecraft-data %s has no Java version %q in dataPaths.json", src.PackageVersion, mcVersion)
	}
	if paths["items"] == "" || paths["recipes"] == "" {
		return nil, fmt.Errorf("minecraft-data %s has no items or recipes for %s", src.PackageVersion, mcVersion)
	}
	src.ItemsPath = path.Join(paths["items"], "items.json")
	src.RecipesPath = path.Join(paths["recipes"], "recipes.json")
	var gotItems, gotRecipes bool
	err = walkTar(tgz, func(name string, r io.Reader) error {
		switch name {
		case dataRoot + src.ItemsPath:
			gotItems = true
			if err := json.NewDecoder(r).Decode(&src.Items); err != nil {
				return fmt.Errorf("%s: %w", name, err)
			}
		case dataRoot + src.RecipesPath:
			gotRecipes = true
			if err := json.NewDecoder(r).Decode(&src.Recipes); err != nil {
				return fmt.Errorf("%s: %w", name, err)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if !gotItems || !gotRecipes {
		return nil, fmt.Errorf("%s: %s or %s is not in the tarball", tgz, src.ItemsPath, src.RecipesPath)
	}
	return src, nil
}

// walkTar calls fn for every regular file of a gzipped tarball.
func walkTar(tgz string, fn func(name string, r io.Reader) error) error {
	f, err := os.Open(tgz)
	if err != nil {
		return err
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return fmt.Errorf("%s: %w", tgz, err)
	}
	defer zr.Close()
	tr := tar.NewReader(zr)
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("%s: %w", tgz, err)
		}
		if h.Typeflag != tar.TypeReg {
			continue
		}
		if err := fn(h.Name, tr); err != nil {
			return err
		}
	}
}

// decodeID reads an item reference in any of minecraft-data's spellings:
// null (an empty cell, -1), 12, [12, 0] or {"id": 12, "metadata": 0}.
// Metadata is dropped: the versions with recipes worth planning are
// flattened (1.13+), where it is always absent.
func decodeID(raw json.RawMessage) (int, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return -1, nil
	}
	var n int
	if err := json.Unmarshal(raw, &n); err == nil {
		return n, nil
	}
	var pair []int
	if err := json.Unmarshal(raw, &pair); err == nil && len(pair) > 0 {
		return pair[0], nil
	}
	var obj struct {
		ID *int `json:"id"`
	}
	if err := json.Unmarshal(raw, &obj); err == nil && obj.ID != nil {
		return *obj.ID, nil
	}
	return 0, fmt.Errorf("unreadable item reference %s", raw)
}

// decodeResult reads a recipe result: {"id", "count"} or a bare id.
func decodeResult(raw json.RawMessage) (id, count int, err error) {
	var obj struct {
		ID    json.RawMessage `json:"id"`
		Count int             `json:"count"`
	}
	if err := json.Unmarshal(raw, &obj); err == nil && obj.ID != nil {
		id, err := decodeID(obj.ID)
		if obj.Count == 0 {
			obj.Count = 1
		}
		return id, obj.Count, err
	}
	id, err = decodeID(raw)
	return id, 1, err
}
