package rules

import (
	"fmt"
	"slices"
	"strings"

	"beaweb/internal/agent"
	"beaweb/internal/game"
)

// shelterJob is a shelter a person asked for, as far as it has gone. As a
// player does it, she counts its blocks first (the blueprint planner's
// count at the spot, never a number typed here), finds or makes what she
// lacks, then builds; a build that comes back short is finished where it
// stands once what it ran out of is gathered.
type shelterJob struct {
	// template is the home it is (home.go): chosen at its first step for
	// a shelter, named for a house. gathering: its last step found or
	// made something it lacks.
	template  string
	gathering bool
	// site is where it goes up: where she stood when asked. need is what
	// the planner last counted it takes, counted again whenever she stands
	// in it (away from it she sees too little of it to count).
	site *shelter
	need map[string]int
	// tries counts the steps sent to find or make each block, so that one
	// she cannot get is given up; lacks says why, in her words.
	tries map[string]int
	lacks map[string]string
	// builds counts the builds sent.
	builds int
	// last is the count of its last build that came back short, and whole
	// whether its walls and door stood all the same; had is what she
	// carried of what it ran out of when it ended, and want that and what
	// it ran out of: what she must carry to finish it. Both are read at the
	// first step after it.
	last      *agent.BuildCount
	whole     bool
	had, want map[string]int
}

const (
	// maxShelterTries bounds the steps to find or make one block of a
	// shelter: a door from no wood is a find, two crafts and a spare.
	maxShelterTries = 5
	// maxShelterBuilds bounds the builds of one: the first, and two to
	// finish what the one before left short.
	maxShelterBuilds = 3
	// maxShelterSteps bounds all of its steps: its kit is several makes.
	maxShelterSteps = 30
)

func newShelterJob() *shelterJob {
	return &shelterJob{tries: map[string]int{}, lacks: map[string]string{}}
}

// shelterStep is the next step of a shelter she was asked for: what it
// lacks found or made, else its build, else what she says of it.
func (m *Model) shelterStep(e *errand, v agent.Snapshot) (step, bool, string) {
	if v.Body == nil {
		return step{}, false, "I don't know where I am yet."
	}
	j := e.shelter
	if j.site == nil {
		feet := v.Body.Position.Block()
		h := m.chooseHome(feet, v.Inventory())
		if j.template != "" {
			h, _ = homeNamed(j.template)
		}
		j.template = h.name
		j.site = &shelter{corner: feet.Add(h.corner), inside: feet, dimension: dimension(v), template: h.name}
	}
	need, err := m.shelterNeeds(j, v)
	if err != nil {
		return step{}, false, "I can't work out what a shelter takes: " + firstSentence(err.Error())
	}
	if j.last != nil && j.builds >= maxShelterBuilds {
		return step{}, false, j.outcome()
	}
	if s, ok := m.gatherFor(j, need, v); ok {
		j.gathering = j.builds == 0
		return s, true, ""
	}
	if j.last != nil && !j.gotMore(v) && (j.whole || len(j.last.Short) > 0) {
		return step{}, false, j.outcome() // a build again would place nothing more
	}
	j.builds++
	m.shelter = j.site
	c := j.site.corner
	return step{goal: goalRequest, tool: "build_template", shelter: j.site,
		args: map[string]any{"name": j.template, "x": c.X, "y": c.Y, "z": c.Z}}, true, ""
}

// shelterNeeds is what she must carry for its next build: before the
// first, what the blueprint planner counts for its site (without a
// planner, the routine's dirt); after a short one, what it ran out of on
// top of what she carried when it ended, as the game counted it there.
func (m *Model) shelterNeeds(j *shelterJob, v agent.Snapshot) (map[string]int, error) {
	if j.last != nil {
		if j.want == nil {
			j.had, j.want = map[string]int{}, map[string]int{}
			inv := v.Inventory()
			for item, n := range j.last.Short {
				j.had[item] = inv[item]
				j.want[item] = inv[item] + n
			}
		}
		return j.want, nil
	}
	if m.builder == nil {
		if j.template != shelterTemplate {
			return nil, nil // no planner to count a house by: it is built with what she has
		}
		return map[string]int{"dirt": shelterDirt}, nil
	}
	if j.need == nil || v.Body.Position.Block().Dist(j.site.inside) <= 2 {
		need, err := m.builder.Needs(j.template, j.site.corner, v.Inventory())
		if err != nil {
			return nil, err
		}
		j.need = need
	}
	return j.need, nil
}

// gatherFor is the step towards the first block of need she lacks and has
// not given up on: the walls' blocks first, then the furnishings, the door
// last (build_template takes the door of the wood she carries most of, and
// making the others may change which wood that is).
func (m *Model) gatherFor(j *shelterJob, need map[string]int, v agent.Snapshot) (step, bool) {
	items := sortedKeys(need)
	rank := func(item string) int {
		switch {
		case strings.HasSuffix(item, "_door"):
			return 2
		case furnishing(item):
			return 1
		}
		return 0
	}
	slices.SortStableFunc(items, func(a, b string) int { return rank(a) - rank(b) })
	inv := v.Inventory()
	for _, item := range items {
		short := need[item] - inv[item]
		if short <= 0 || j.lacks[item] != "" {
			continue
		}
		if j.tries[item] >= maxShelterTries {
			j.lacks[item] = fmt.Sprintf("I looked for more %s and couldn't get enough.", plural(item))
			continue
		}
		s, ok, why := m.kitStep(item, short, v)
		if !ok {
			j.lacks[item] = why
			continue
		}
		j.tries[item]++
		return s, true
	}
	return step{}, false
}

// kitStep finds a block of a shelter that lies about (dirt), or makes it
// by the recipe planner (a door, a chest).
func (m *Model) kitStep(item string, count int, v agent.Snapshot) (step, bool, string) {
	if block, ok := sourceOf(item); ok {
		return findStep(block, count), true, ""
	}
	if m.maker == nil {
		return step{}, false, fmt.Sprintf("I can't work out how to make %s right now.", game.Count(count, game.ItemName(item)))
	}
	s, ok, why := m.makeStep(item, count, v)
	if !ok {
		why = strings.Replace(why, "make that", "make "+game.ItemName(item), 1)
		why = strings.Replace(why, "for that", "for "+some(count, item), 1)
	}
	return s, ok, why
}

// shelterEnded reads the end of a step of a shelter she was asked for: a
// find or a make that failed is one of its bounded tries, and a build that
// came back short is read for what it ran out of, to be gathered and built
// again.
func (m *Model) shelterEnded(e *errand, ended agent.Ended) (over bool, say string) {
	j := e.shelter
	if !isBuild(ended.Action) || j == nil {
		return false, ""
	}
	m.noteBuild(ended)
	switch {
	case ended.Result == game.Success:
		return true, "Done, it's built."
	case ended.Result == game.FailTimeout:
		return false, "" // the same build carries on where it stopped
	case ended.Result != game.Failure || ended.Build == nil:
		return true, "I couldn't do it: " + firstSentence(ended.Message)
	}
	j.last, j.had, j.want = ended.Build, nil, nil
	j.whole = readBuild(ended.Result, ended.Build).whole
	return false, ""
}

// gotMore reports whether she carries more of something her last build
// ran out of than when it ended: a build again would place more.
func (j *shelterJob) gotMore(v agent.Snapshot) bool {
	inv := v.Inventory()
	for item, n := range j.had {
		if inv[item] > n {
			return true
		}
	}
	return false
}

// outcome is what she says of a shelter she built as far as she could:
// standing without a furnishing she could not get, or how much is missing
// and why.
func (j *shelterJob) outcome() string {
	why := ""
	var without []string
	for _, item := range sortedKeys(j.last.Short) {
		if why == "" {
			why = j.lacks[item]
		}
		if furnishing(item) {
			without = append(without, "the "+game.ItemName(item))
		}
	}
	if j.whole {
		say := "Done, it's built"
		if len(without) > 0 {
			say += ", but without " + strings.Join(without, " and ")
		}
		if why != "" {
			say += ": " + lowerFirst(why)
		}
		return strings.TrimSuffix(say, ".") + "."
	}
	return strings.TrimSpace(builtMost(j.last) + " " + why)
}

func lowerFirst(s string) string {
	if s == "" || strings.HasPrefix(s, "I ") || strings.HasPrefix(s, "I'") {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}
