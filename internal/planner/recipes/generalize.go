package recipes

import (
	"slices"
	"strings"
)

// generalize names a missing item by its tag when the choice of member
// was arbitrary, and writes the steps with the member it chose (kept in
// anyOf). Two cases: the missing item is itself one of the slot's
// alternatives (oak_log for a #oak_logs slot: any of them fills it), or
// every equally good alternative lacks the same things but for one item,
// and those items together make up a tag (#oak_logs for oak planks,
// #spruce_logs for spruce planks, ... make up #logs).
func (p *planner) generalize(base, best *state, results []*state, alts []string) {
	bd := deltaMissing(base, best)
	if len(bd) == 0 {
		return
	}
	if slot := p.b.tagEqual(alts); slot != "" {
		for _, k := range sortedKeys(bd) {
			if slices.Contains(alts, k) {
				p.rename(best, k, slot, k, bd[k])
				return
			}
		}
	}
	var diffKey string
	var others [][]string
	for _, c := range results {
		if c == best || c.missed != best.missed {
			continue
		}
		cd := deltaMissing(base, c)
		onlyB, onlyC := diffKeys(bd, cd), diffKeys(cd, bd)
		if len(onlyB) != 1 || len(onlyC) != 1 || bd[onlyB[0]] != cd[onlyC[0]] {
			continue
		}
		if diffKey != "" && diffKey != onlyB[0] {
			continue
		}
		diffKey = onlyB[0]
		others = append(others, p.members(onlyC[0]))
	}
	if diffKey == "" {
		return
	}
	mine := p.members(diffKey)
	bestTag, bestCover := "", 0
	for _, name := range p.b.tagsBySize {
		t := p.b.tags[name].Items
		if !subset(mine, t) {
			continue
		}
		cover := 0
		for _, o := range others {
			if subset(o, t) {
				cover++
			}
		}
		if cover > bestCover && madeUp(t, mine, others) {
			bestTag, bestCover = name, cover
		}
	}
	if bestTag == "" {
		return
	}
	rep := diffKey
	if strings.HasPrefix(diffKey, "#") {
		rep = best.anyOf[diffKey]
	}
	p.rename(best, diffKey, bestTag, rep, bd[diffKey])
}

// rename moves d missing from key to #tag, whose steps use rep.
func (p *planner) rename(st *state, key, tag, rep string, d int) {
	k := "#" + tag
	if k == key {
		return
	}
	if have, ok := st.anyOf[k]; ok && have != rep {
		return
	}
	st.ownAnyOf()
	st.missing = st.missing.add(key, -d).add(k, d)
	st.anyOf[k] = rep
}

// madeUp reports whether tag t is made up of mine and those of others
// that lie within it.
func madeUp(t, mine []string, others [][]string) bool {
	for _, x := range t {
		if slices.Contains(mine, x) {
			continue
		}
		if !slices.ContainsFunc(others, func(o []string) bool { return slices.Contains(o, x) && subset(o, t) }) {
			return false
		}
	}
	return true
}

func subset(a, b []string) bool {
	for _, x := range a {
		if !slices.Contains(b, x) {
			return false
		}
	}
	return true
}

func (p *planner) members(key string) []string {
	if name, ok := strings.CutPrefix(key, "#"); ok {
		return p.b.tags[name].Items
	}
	return []string{key}
}

// deltaMissing is what an alternative added to the missing list.
func deltaMissing(base, c *state) map[string]int { return c.missing.since(base.missing) }

// diffKeys lists the keys of a whose count b does not share.
func diffKeys(a, b map[string]int) []string {
	var out []string
	for k, v := range a {
		if b[k] != v {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return out
}

// tagEqual is the tag whose members are exactly items, "" when none.
func (b *Book) tagEqual(items []string) string {
	if len(items) < 2 {
		return ""
	}
	for _, name := range b.tagsBySize {
		t := b.tags[name].Items
		if len(t) == len(items) && subset(items, t) {
			return name
		}
	}
	return ""
}
