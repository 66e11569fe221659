package rules

import "beaweb/internal/agent"

// What keeps her alive between the routine's steps: a mine's monsters are
// fled from when she is hurt, and a morning's are waited out in the
// shelter.
const (
	// fleeAt is the health at which, with a monster near, she leaves a
	// mine for the open sky, where the sun burns zombies.
	fleeAt = 10
	// dangerRange is how near a monster must be to count.
	dangerRange = 16
	// morningEnd is the time of day until which she waits in her shelter
	// while a monster is near: the last zombies of the night take a while
	// to burn, and some stand in the shade.
	morningEnd = 2000
)

// retreat puts a climb to the open sky first when she is hurt down a mine
// with a monster near: there the sun fights for her. When the climb fails
// twice it is held back like any call, and the routine goes on.
func (r *routineBuilder) retreat(underground bool) {
	if r.v.State == nil || !underground || r.v.State.Player.Health > fleeAt || !monsterNear(r.v, dangerRange) {
		return
	}
	r.add("retreat", "go_to_surface", map[string]any{})
}

// monstersAtDawn reports whether she is in her shelter on a morning with a
// monster still near: she stays in, as at night, until it has burnt or
// gone.
func (m *Model) monstersAtDawn(v agent.Snapshot) bool {
	t := dayTime(v)
	if v.State == nil || t >= morningEnd && t < dawn || !monsterNear(v, dangerRange) {
		return false
	}
	s := m.shelterNear(v)
	return s != nil && s.built && v.State.Player.Position.Block().Dist(s.inside) <= 1.5
}

// monsterNear reports whether a hostile mob is within d blocks of her.
func monsterNear(v agent.Snapshot, d float64) bool {
	if v.State == nil {
		return false
	}
	for _, e := range v.State.Entities {
		if e.Hostile && e.Distance <= d {
			return true
		}
	}
	return false
}
