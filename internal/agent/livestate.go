package agent

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"beaweb/internal/game"
)

// Memories are what she remembers that belongs in her live state: the
// places of this world, nearest first; remembered blocks beyond the survey;
// what she knows of the people around her.
type Memories struct {
	Places []PlaceNote
	Known  []KnownNote
	People []PersonNote
}

// PlaceNote is a remembered place with its distance from her.
type PlaceNote struct {
	Name      string
	Pos       game.Pos
	Dimension string
	Distance  float64
}

// KnownNote is the nearest remembered block of one kind.
type KnownNote struct {
	Block    string
	Pos      game.Pos
	Distance float64
}

// PersonNote is what she knows of a player nearby.
type PersonNote struct {
	Name  string
	Facts []string
}

// Caps that keep a busy state within about 2,000 characters, and keep one
// kind from hiding the others (a row of torches cannot hide the ore).
const (
	capPerKind   = 3
	capClose     = 8
	capSurvey    = 8
	capEntities  = 6
	capPlayers   = 5
	capPlaces    = 6
	capKnown     = 5
	capInventory = 12
	capCraftable = 8
)

// RenderLiveState renders her situation as a few readable lines: what her
// hands are on, what the game did on its own in the last minute, then her
// body, surroundings, the world and what she remembers. It is pure: the
// same snapshot, memories and moment give the same text.
func RenderLiveState(v Snapshot, mem *Memories, now time.Time) string {
	var b strings.Builder
	line := func(format string, args ...any) {
		b.WriteString("- ")
		fmt.Fprintf(&b, format, args...)
		b.WriteByte('\n')
	}
	renderHands(line, v, now)
	st := v.Body
	if st == nil {
		if !v.Conn.Connected || v.GameSide == nil {
			line("the game is not connected: you cannot see or act in it right now")
		} else {
			line("no news from the game yet")
		}
		renderMemories(line, mem)
		return b.String()
	}
	p := st
	line("health %.0f/20, food %d/20, level %d", p.Health, p.Food, p.XPLevel)
	pos := p.Position.Block()
	where := fmt.Sprintf("you are at %s in the %s, facing %s", pos, orDefault(v.World.Dimension, "overworld"), game.SnapYaw(p.Yaw))
	if p.InWater {
		where += ", in water"
	} else if !p.OnGround {
		where += ", not on the ground"
	}
	line("%s", where)
	held := "nothing"
	if st.Held != nil && st.Held.Item != "" {
		held = stackText(*st.Held)
	}
	wear := armorText(st.Armor)
	line("holding %s; wearing %s", held, wear)
	if inv := v.Inventory(); len(inv) > 0 {
		line("you carry: %s", inventoryLine(inv, capInventory))
	} else {
		line("you carry nothing")
	}
	if len(st.Craftable) > 0 {
		line("you can craft now: %s", listCapped(st.Craftable, capCraftable))
	}
	if s := closeView(st.Blocks); s != "" {
		line("close by: %s", s)
	}
	if v.Survey != nil {
		if s := surveyLine(v.Survey); s != "" {
			line("within %d blocks (count, nearest, nearest you reach without digging): %s", v.Survey.Radius, s)
		}
	}
	if st.Underfoot == "air" || st.Underfoot == "" && !p.OnGround {
		line("you are standing on air: you are falling")
	} else {
		line("you are standing on %s; above you: %s", orDefault(st.Underfoot, "unknown"), orDefault(st.Overhead, "unknown"))
	}
	if s := entitiesLine(st.Entities); s != "" {
		line("around you: %s", s)
	}
	if s := playersLine(st.Players, mem); s != "" {
		line("players near you: %s", s)
	}
	line("%s", worldLine(st, v.World.Dimension))
	renderMemories(line, mem)
	return b.String()
}

// renderHands renders what her hands are on and what the game did on its
// own in the last minute.
func renderHands(line func(string, ...any), v Snapshot, now time.Time) {
	if doing := v.Doing; doing != nil {
		s := fmt.Sprintf("you are doing: %s, %s so far", doing.Call, seconds(now.Sub(doing.Started)))
		if doing.Progress != nil {
			s += " (last progress: " + progressText(doing.Progress) + ")"
		}
		line("%s", s)
	} else {
		line("you are not doing anything right now")
	}
	if g := v.Goal; g != nil {
		line("your goal: %s, set %s ago; the autopilot plays it, and you hear when it is over", g, seconds(now.Sub(g.Set)))
	}
	if h := v.Held; h != nil {
		by := "you chose to"
		if h.By != "" {
			by = h.By + " told you to"
		}
		line("you are standing still: %s stop %s ago; stay put until someone asks you for something", by, seconds(now.Sub(h.Since)))
	}
	if reflexes := v.RecentReflexes(now); len(reflexes) > 0 {
		parts := make([]string, 0, len(reflexes))
		for _, r := range reflexes {
			parts = append(parts, fmt.Sprintf("%s ago %s %s: %s", seconds(now.Sub(r.At)), r.Reflex, r.Event, r.Message))
		}
		line("your reflexes in the last minute: %s", strings.Join(parts, "; "))
	}
}

func renderMemories(line func(string, ...any), mem *Memories) {
	if mem == nil {
		return
	}
	if len(mem.Places) > 0 {
		parts := []string{}
		for i, pl := range mem.Places {
			if i == capPlaces {
				parts = append(parts, fmt.Sprintf("and %d more", len(mem.Places)-i))
				break
			}
			if pl.Distance < 0 {
				parts = append(parts, fmt.Sprintf("%s %s (%s)", pl.Name, pl.Pos, pl.Dimension))
				continue
			}
			parts = append(parts, fmt.Sprintf("%s %s %.0fm", pl.Name, pl.Pos, pl.Distance))
		}
		line("places you remember: %s", strings.Join(parts, "; "))
	}
	if len(mem.Known) > 0 {
		parts := []string{}
		for i, k := range mem.Known {
			if i == capKnown {
				break
			}
			parts = append(parts, fmt.Sprintf("%s %s %.0fm", k.Block, k.Pos, k.Distance))
		}
		line("remembered further out: %s", strings.Join(parts, "; "))
	}
}

func closeView(blocks []game.SeenBlock) string {
	sorted := append([]game.SeenBlock(nil), blocks...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].Distance < sorted[j].Distance })
	per := map[string]int{}
	var parts []string
	hidden := 0
	for _, bl := range sorted {
		if per[bl.Block] >= capPerKind || len(parts) >= capClose {
			hidden++
			continue
		}
		per[bl.Block]++
		parts = append(parts, fmt.Sprintf("%s %s %.1fm", bl.Block, bl.Pos(), bl.Distance))
	}
	if hidden > 0 {
		parts = append(parts, fmt.Sprintf("%d more", hidden))
	}
	return strings.Join(parts, "; ")
}

// surveyLine puts ores first, then the rest by count, eight kinds at most.
func surveyLine(s *Survey) string {
	kinds := append([]game.SurveyKind(nil), s.Kinds...)
	sort.SliceStable(kinds, func(i, j int) bool {
		oi, oj := strings.HasSuffix(kinds[i].Kind, "_ore"), strings.HasSuffix(kinds[j].Kind, "_ore")
		if oi != oj {
			return oi
		}
		return kinds[i].Count > kinds[j].Count
	})
	var parts []string
	for i, k := range kinds {
		if i == capSurvey {
			break
		}
		s := fmt.Sprintf("%d %s", k.Count, k.Kind)
		if k.Nearest != nil {
			s += fmt.Sprintf(" %s %.0fm", compact(k.Nearest.Pos()), k.Nearest.Distance)
			if k.Reachable != nil && k.Reachable.Pos() != k.Nearest.Pos() {
				s += fmt.Sprintf(" reach %s %.0fm", compact(k.Reachable.Pos()), k.Reachable.Distance)
			} else if k.Reachable == nil {
				s += " (dig)"
			}
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, "; ")
}

func entitiesLine(es []game.Entity) string {
	sorted := append([]game.Entity(nil), es...)
	sort.SliceStable(sorted, func(i, j int) bool {
		if sorted[i].Hostile != sorted[j].Hostile {
			return sorted[i].Hostile
		}
		return sorted[i].Distance < sorted[j].Distance
	})
	var parts []string
	for i, e := range sorted {
		if i == capEntities {
			parts = append(parts, fmt.Sprintf("%d more", len(sorted)-i))
			break
		}
		s := fmt.Sprintf("%s %.0fm %s", e.Type, e.Distance, compact(game.Vec3{X: e.X, Y: e.Y, Z: e.Z}.Block()))
		if e.Hostile {
			s = "HOSTILE " + s
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, "; ")
}

func playersLine(ps []game.NearPlayer, mem *Memories) string {
	facts := map[string][]string{}
	if mem != nil {
		for _, p := range mem.People {
			facts[p.Name] = p.Facts
		}
	}
	var parts []string
	for i, p := range ps {
		if i == capPlayers {
			parts = append(parts, fmt.Sprintf("%d more", len(ps)-i))
			break
		}
		s := fmt.Sprintf("%s %.0fm %s", p.Name, p.Distance, game.Vec3{X: p.X, Y: p.Y, Z: p.Z}.Block())
		if f := facts[p.Name]; len(f) > 0 {
			s += " (you know: " + strings.Join(f, "; ") + ")"
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, "; ")
}

// worldLine is the time of day, whether monsters are about, the weather,
// the light at her feet (hostiles spawn where the block light is 0), the
// biome and the dimension.
func worldLine(w *Body, dim string) string {
	t := game.TimeOfDay(w.Time)
	var day string
	switch {
	case t < 1000 || t >= game.NightEnd:
		day = "dawn"
	case t < 6000:
		day = "morning"
	case t < 12000:
		day = "afternoon"
	case t < game.NightStart:
		day = "dusk"
	default:
		day = "night"
	}
	if day == "night" && w.Dark {
		day = "night, monsters are about"
	}
	return fmt.Sprintf("world: %s (time %d), %s, light %d at your feet, %s, %s",
		day, t, orDefault(w.Weather, "clear"), w.Light, orDefault(w.Biome, "unknown biome"), orDefault(dim, "overworld"))
}

// compact writes a position without spaces, where a line lists many.
func compact(p game.Pos) string { return fmt.Sprintf("(%d,%d,%d)", p.X, p.Y, p.Z) }

func armorText(a game.Armor) string {
	var parts []string
	for _, s := range []*string{a.Head, a.Chest, a.Legs, a.Feet} {
		if s != nil && *s != "" {
			parts = append(parts, *s)
		}
	}
	if len(parts) == 0 {
		return "no armour"
	}
	return strings.Join(parts, ", ")
}

func stackText(s game.Stack) string {
	if s.Count > 1 {
		return fmt.Sprintf("%d %s", s.Count, s.Item)
	}
	return s.Item
}

// inventoryLine lists what she carries, most first, names breaking ties.
func inventoryLine(inv game.Inventory, max int) string {
	type kv struct {
		k string
		v int
	}
	items := make([]kv, 0, len(inv))
	for k, v := range inv {
		items = append(items, kv{k, v})
	}
	sort.Slice(items, func(i, j int) bool {
		if items[i].v != items[j].v {
			return items[i].v > items[j].v
		}
		return items[i].k < items[j].k
	})
	parts := make([]string, 0, len(items))
	for i, it := range items {
		if i == max {
			parts = append(parts, fmt.Sprintf("%d more kinds", len(items)-i))
			break
		}
		parts = append(parts, fmt.Sprintf("%d %s", it.v, it.k))
	}
	return strings.Join(parts, ", ")
}

func listCapped(xs []string, max int) string {
	if len(xs) <= max {
		return strings.Join(xs, ", ")
	}
	return strings.Join(xs[:max], ", ") + fmt.Sprintf(" and %d more", len(xs)-max)
}

func orDefault(s, d string) string {
	if s == "" {
		return d
	}
	return s
}
