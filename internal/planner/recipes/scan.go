package recipes

import "unicode/utf8"

// Loading a book is part of the first plan a process makes, and reading
// its JSON through reflection was the larger part of loading. scanFile
// reads the File layout directly instead: the keys of File, Tag,
// CraftRecipe and SmeltRecipe, names with nothing escaped in them, whole
// numbers. Anything else it does not guess at (an escape, a null, an
// unknown or repeated key, a malformed file): it says so and readFile
// leaves the file to encoding/json, which reads what it can and names
// what is wrong. Every name is kept once (interned), so that the
// thousands of mentions of a plank share one string.

// scanFile reads data as a File; false when it is not in the layout it
// reads.
func scanFile(data []byte) (*File, bool) {
	s := &scanner{b: data, ok: true, names: make(map[string]string, 2048)}
	f := s.file()
	s.ws()
	return f, s.ok && s.i == len(s.b)
}

// scanner reads JSON from b at i; its first failure clears ok, and every
// read after it does nothing.
type scanner struct {
	b     []byte
	i     int
	ok    bool
	names map[string]string
}

func (s *scanner) ws() {
	for s.i < len(s.b) {
		switch s.b[s.i] {
		case ' ', '\t', '\n', '\r':
			s.i++
		default:
			return
		}
	}
}

// eat consumes c, after any white space, when it comes next.
func (s *scanner) eat(c byte) bool {
	s.ws()
	if s.ok && s.i < len(s.b) && s.b[s.i] == c {
		s.i++
		return true
	}
	return false
}

// raw is the text of a string with nothing escaped in it.
func (s *scanner) raw() []byte {
	if !s.eat('"') {
		s.ok = false
		return nil
	}
	start := s.i
	for ; s.i < len(s.b); s.i++ {
		switch c := s.b[s.i]; {
		case c == '"':
			s.i++
			if r := s.b[start : s.i-1]; utf8.Valid(r) {
				return r
			}
			s.ok = false
			return nil
		case c == '\\' || c < 0x20:
			s.ok = false
			return nil
		}
	}
	s.ok = false
	return nil
}

// str is a string, interned.
func (s *scanner) str() string { return s.intern(s.raw()) }

// intern is the one string of the text r.
func (s *scanner) intern(r []byte) string {
	if !s.ok {
		return ""
	}
	if name, ok := s.names[string(r)]; ok {
		return name
	}
	name := string(r)
	s.names[name] = name
	return name
}

// int is a whole number that fits an int.
func (s *scanner) int() int {
	s.ws()
	neg := s.i < len(s.b) && s.b[s.i] == '-'
	if neg {
		s.i++
	}
	start, n := s.i, 0
	for ; s.i < len(s.b) && '0' <= s.b[s.i] && s.b[s.i] <= '9'; s.i++ {
		n = n*10 + int(s.b[s.i]-'0')
	}
	digits := s.i - start
	if digits == 0 || digits > 18 || (digits > 1 && s.b[start] == '0') ||
		(s.i < len(s.b) && (s.b[s.i] == '.' || s.b[s.i] == 'e' || s.b[s.i] == 'E')) {
		s.ok = false
		return 0
	}
	if neg {
		return -n
	}
	return n
}

// bool is true or false.
func (s *scanner) bool() bool {
	s.ws()
	for _, lit := range []string{"true", "false"} {
		if len(s.b)-s.i >= len(lit) && string(s.b[s.i:s.i+len(lit)]) == lit {
			s.i += len(lit)
			return lit == "true"
		}
	}
	s.ok = false
	return false
}

// object reads an object, handing each key to entry, which reads its
// value. A key seen twice in one object is not read.
func (s *scanner) object(entry func(key []byte)) {
	if !s.eat('{') {
		s.ok = false
		return
	}
	if s.eat('}') {
		return
	}
	for s.ok {
		k := s.raw()
		if !s.eat(':') {
			s.ok = false
			return
		}
		entry(k)
		if s.eat(',') {
			continue
		}
		if !s.eat('}') {
			s.ok = false
		}
		return
	}
}

// fields is object for a struct whose keys are keys: entry reads the
// value of keys[k]. A key it does not know, or one that comes twice, is
// not read.
func (s *scanner) fields(keys []string, entry func(k int)) {
	seen := 0
	s.object(func(r []byte) {
		for k, key := range keys {
			if string(r) == key && seen&(1<<k) == 0 {
				seen |= 1 << k
				entry(k)
				return
			}
		}
		s.ok = false
	})
}

// array reads an array, calling item to read each element; an empty
// array is an empty list, as encoding/json makes it, not a nil one.
func (s *scanner) array(item func()) {
	if !s.eat('[') {
		s.ok = false
		return
	}
	if s.eat(']') {
		return
	}
	for s.ok {
		item()
		if s.eat(',') {
			continue
		}
		if !s.eat(']') {
			s.ok = false
		}
		return
	}
}

// file reads a File. Each struct's keys are listed in the order of its
// fields, as its json tags name them.
func (s *scanner) file() *File {
	f := &File{}
	keys := []string{"format", "mc_version", "attribution", "source", "items", "tags", "crafting", "smelting", "remainders", "fuels", "gathered"}
	s.fields(keys, func(k int) {
		switch k {
		case 0:
			f.Format = s.int()
		case 1:
			f.MCVersion = s.str()
		case 2:
			f.Attribution = s.str()
		case 3:
			f.Source = s.str()
		case 4:
			f.Items = s.counts()
		case 5:
			f.Tags = s.tags()
		case 6:
			f.Crafting = s.crafting()
		case 7:
			f.Smelting = s.smelting()
		case 8:
			f.Remainders = map[string]string{}
			s.object(func(r []byte) { f.Remainders[s.intern(r)] = s.str() })
		case 9:
			f.Fuels = s.counts()
		case 10:
			f.Gathered = s.list()
		}
	})
	return f
}

// counts is an object of whole numbers.
func (s *scanner) counts() map[string]int {
	m := make(map[string]int, 1024)
	s.object(func(r []byte) { m[s.intern(r)] = s.int() })
	return m
}

// list is an array of strings.
func (s *scanner) list() []string {
	out := []string{}
	s.array(func() { out = append(out, s.str()) })
	return out
}

// ingredient is a string or an array of strings (Ingredient.UnmarshalJSON).
func (s *scanner) ingredient() Ingredient {
	if s.ws(); s.i < len(s.b) && s.b[s.i] == '[' {
		return s.list()
	}
	return Ingredient{s.str()}
}

func (s *scanner) tags() map[string]Tag {
	m := map[string]Tag{}
	s.object(func(r []byte) {
		var t Tag
		s.fields([]string{"say", "one", "items"}, func(k int) {
			switch k {
			case 0:
				t.Say = s.str()
			case 1:
				t.One = s.str()
			case 2:
				t.Items = s.list()
			}
		})
		m[s.intern(r)] = t
	})
	return m
}

func (s *scanner) crafting() []CraftRecipe {
	out := []CraftRecipe{}
	s.array(func() {
		var r CraftRecipe
		s.fields([]string{"result", "count", "pattern", "key", "ingredients"}, func(k int) {
			switch k {
			case 0:
				r.Result = s.str()
			case 1:
				r.Count = s.int()
			case 2:
				r.Pattern = s.list()
			case 3:
				r.Key = map[string]Ingredient{}
				s.object(func(c []byte) { r.Key[s.intern(c)] = s.ingredient() })
			case 4:
				r.Ingredients = []Ingredient{}
				s.array(func() { r.Ingredients = append(r.Ingredients, s.ingredient()) })
			}
		})
		out = append(out, r)
	})
	return out
}

func (s *scanner) smelting() []SmeltRecipe {
	out := []SmeltRecipe{}
	s.array(func() {
		var r SmeltRecipe
		s.fields([]string{"in", "out", "via", "ore", "salvage"}, func(k int) {
			switch k {
			case 0:
				r.Input = s.ingredient()
			case 1:
				r.Result = s.str()
			case 2:
				r.Stations = s.list()
			case 3:
				r.Ore = s.bool()
			case 4:
				r.Salvage = s.bool()
			}
		})
		out = append(out, r)
	})
	return out
}
