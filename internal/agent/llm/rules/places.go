package rules

import (
	"context"
	"fmt"
	"math"
	"strings"
	"time"

	"beaweb/internal/agent"
	"beaweb/internal/agent/request"
	"beaweb/internal/game"
)

// Places is what the autopilot reads of the places she remembers, per
// world (the store satisfies it). She remembers and forgets them through
// her tools, remember_place and forget_place, as a model would.
type Places interface {
	Places(ctx context.Context, world string) ([]game.Place, error)
}

// WithPlaces has her read the places she remembers, to say which she
// knows and to answer for one she does not before she sets out.
func WithPlaces(p Places) Option { return func(m *Model) { m.places = p } }

// knownPlaces is what she read of her places for one turn: the list, or
// why it could not be read.
type knownPlaces struct {
	list []game.Place
	err  error
}

// placesRead bounds a read of her places.
const placesRead = 2 * time.Second

// recallPlaces reads her places for a turn in which someone speaks to her;
// nil without a reader or a line to her. It takes no lock: it runs before
// the turn's decision, and reads only what New set.
func (m *Model) recallPlaces(ctx context.Context, ps []agent.Perception) *knownPlaces {
	if m.places == nil || len(linesToHer(ps)) == 0 {
		return nil
	}
	ctx, cancel := context.WithTimeout(ctx, placesRead)
	defer cancel()
	list, err := m.places.Places(ctx, m.sit.Snapshot().World.Server)
	return &knownPlaces{list: list, err: err}
}

// place is the place she remembers by a name as a player says it ("the
// mine" is mine), whatever its case.
func (k *knownPlaces) place(name string) (game.Place, bool) {
	name = strings.TrimSpace(name)
	for _, try := range []string{name, strings.TrimPrefix(strings.ToLower(name), "the ")} {
		for _, p := range k.list {
			if strings.EqualFold(p.Name, try) {
				return p, true
			}
		}
	}
	return game.Place{}, false
}

// names are the names of her places, as a sentence lists them.
func (k *knownPlaces) names() string {
	var out []string
	for _, p := range k.list {
		out = append(out, p.Name)
	}
	return game.AndList(out)
}

// placeName is the name she remembers a place by, for a name as a player
// said it; the words themselves where she read no list.
func (m *Model) placeName(said string) string {
	if m.known != nil {
		if p, ok := m.known.place(said); ok {
			return p.Name
		}
	}
	return said
}

// unknownPlace is her answer to a walk to a place she does not remember,
// said before she sets out rather than after a promise; false when she
// knows it, or could not read her places (the tool then says).
func (m *Model) unknownPlace(r request.Request) (string, bool) {
	k := m.known
	if k == nil || k.err != nil {
		return "", false
	}
	name := r.Place
	if r.Intent == request.Home {
		name = "home"
	}
	if _, ok := k.place(name); ok {
		return "", false
	}
	say := fmt.Sprintf("I don't know a place called %s.", name)
	if r.Intent == request.Home {
		say = "I don't have a home yet: stand where you want it and say \"remember this spot as home\"."
	}
	if len(k.list) > 0 {
		return say + " I know " + k.names() + ".", true
	}
	return say, true
}

// quickCall is a quick call she made for someone: what she says to them
// when the tool answers, done or refused (the refusal's first sentence
// follows failed).
type quickCall struct {
	to         asker
	ok, failed string
}

// placeCall remembers or forgets a place as asked: a quick call, answered
// once the tool has (errandAnswered). Her hands stay on what they were on.
func (m *Model) placeCall(r request.Request, from asker, has map[string]bool) hearing {
	tool, args := "remember_place", map[string]any{"name": r.Place, "note": "remembered because " + nameOf(from) + " asked"}
	q := quickCall{to: from, ok: fmt.Sprintf("Got it: I'll remember this spot as %s.", r.Place), failed: "I couldn't remember it: "}
	if r.Intent == request.Forget {
		if k := m.known; k != nil && k.err == nil {
			p, ok := k.place(r.Place)
			if !ok {
				return sayTo(from, fmt.Sprintf("I don't know a place called %s, so there's nothing to forget.", r.Place))
			}
			r.Place = p.Name
		}
		tool, args = "forget_place", map[string]any{"name": r.Place}
		q = quickCall{to: from, ok: fmt.Sprintf("Okay, I've forgotten %s.", r.Place), failed: "I couldn't forget it: "}
	}
	if r.Place == "" {
		return sayTo(from, "Which name should I give it?")
	}
	if !has[tool] {
		return sayTo(from, "I can't keep notes of places here, sorry.")
	}
	c := m.call(tool, args)
	m.quick[c.ID] = q
	return hearing{calls: []agent.ToolCall{c}}
}

// placesLine says which places she remembers in this world, with how far
// and which way each is from her.
func (m *Model) placesLine(v agent.Snapshot) string {
	k := m.known
	switch {
	case k == nil:
		return "I don't keep notes of places here."
	case k.err != nil:
		return "I can't read my notes of places right now, sorry."
	case len(k.list) == 0:
		return "I don't know any places yet. Say \"remember this spot as home\" where you stand, and I will."
	}
	var parts []string
	for _, p := range k.list {
		switch {
		case p.Dimension != dimension(v):
			parts = append(parts, fmt.Sprintf("%s (in the %s)", p.Name, strings.TrimPrefix(p.Dimension, "the_")))
		case v.Body != nil:
			parts = append(parts, fmt.Sprintf("%s (%s)", p.Name, away(v.Body.Position.Block(), p.Pos, "me")))
		default:
			parts = append(parts, p.Name)
		}
	}
	n := "1 place"
	if len(k.list) > 1 {
		n = fmt.Sprintf("%d places", len(k.list))
	}
	return fmt.Sprintf("I know %s: %s.", n, game.AndList(parts))
}

// sighting is where and when she last saw a player.
type sighting struct {
	name string
	pos  game.Pos
	at   time.Time
}

// noteSeen remembers where she sees each player now.
func (m *Model) noteSeen(v agent.Snapshot) {
	if v.Body == nil {
		return
	}
	now := m.now()
	for _, p := range v.Body.Players {
		m.seen[strings.ToLower(p.Name)] = sighting{name: p.Name, pos: game.Vec3{X: p.X, Y: p.Y, Z: p.Z}.Block(), at: now}
	}
}

// whereIs says where a player is, as a person would: which way and how
// far from who asks (or from her, when she cannot see them, or they are
// at the dashboard); where she last saw them when she sees them no more.
func (m *Model) whereIs(name string, from asker, v agent.Snapshot) string {
	name = strings.TrimSpace(name)
	switch {
	case name == "":
		return "Who do you mean?"
	case strings.EqualFold(name, v.Name):
		return whereAmI(v, from)
	}
	origin, of := game.Pos{}, "me"
	if v.Body != nil {
		origin = v.Body.Position.Block()
	}
	if p, ok := playerPos(v, from.name); ok && !from.dashboard {
		origin, of = p, "you"
	}
	s, ok := m.sightingOf(name, v)
	switch {
	case !ok:
		return fmt.Sprintf("I haven't seen %s around.", name)
	case !from.dashboard && strings.EqualFold(s.name, from.name):
		if v.Body == nil {
			return "I can't see you from here."
		}
		return fmt.Sprintf("You're %s.", away(v.Body.Position.Block(), s.pos, "me"))
	case m.now().Sub(s.at) < time.Second:
		return fmt.Sprintf("%s is %s.", s.name, away(origin, s.pos, of))
	}
	return fmt.Sprintf("I last saw %s %s ago, %s.", s.name, ago(m.now().Sub(s.at)), away(origin, s.pos, of))
}

// sightingOf is the player a name means, as she sees them now or last
// saw them: the name whatever its case, else the one name it begins, else
// the one name a slip away.
func (m *Model) sightingOf(name string, v agent.Snapshot) (sighting, bool) {
	low := strings.ToLower(name)
	if s, ok := m.seen[low]; ok {
		return s, true
	}
	var match []sighting
	for k, s := range m.seen {
		if len(low) >= 3 && strings.HasPrefix(k, low) || len(low) >= 4 && game.EditDistance(k, low) <= 1 {
			match = append(match, s)
		}
	}
	if len(match) == 1 {
		return match[0], true
	}
	return sighting{}, false
}

// away is where to is from from, in a person's words: "about 25 blocks
// north-east of you", "right beside me".
func away(from, to game.Pos, of string) string {
	dx, dz := float64(to.X-from.X), float64(to.Z-from.Z)
	d := math.Round(from.Dist(to))
	if math.Hypot(dx, dz) < 2 {
		if dy := to.Y - from.Y; dy > 3 || dy < -3 {
			return fmt.Sprintf("about %.0f blocks %s %s", math.Abs(float64(dy)), map[bool]string{true: "above", false: "below"}[dy > 0], of)
		}
		return "right beside " + of
	}
	return fmt.Sprintf("about %.0f blocks %s of %s", d, heading(dx, dz), of)
}

// heading is the direction of a step (dx, dz) as a player reads it off
// the sun: north is towards -z, east towards +x.
func heading(dx, dz float64) string {
	names := []string{"east", "south-east", "south", "south-west", "west", "north-west", "north", "north-east"}
	a := math.Atan2(dz, dx) // 0 east, +π/2 south (z grows southward)
	i := int(math.Round(a/(math.Pi/4))+8) % 8
	return names[i]
}

// ago is a while in a person's words: "a few seconds", "2 minutes".
func ago(d time.Duration) string {
	switch {
	case d < 10*time.Second:
		return "a few seconds"
	case d < time.Minute:
		return fmt.Sprintf("%d seconds", int(d/time.Second))
	case d < 2*time.Minute:
		return "a minute"
	case d < time.Hour:
		return fmt.Sprintf("%d minutes", int(d/time.Minute))
	}
	return "a long while"
}
