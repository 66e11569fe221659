package game

// The game's clock in ticks (20 a second), as vanilla counts it. The
// practice world runs its days by it and the brain reads the time she is
// sent by it, so both mean the same by "night".
const (
	DayTicks   = 24000 // a whole day and its night
	NightStart = 13000 // from here monsters may spawn in the dark
	NightEnd   = 23000 // from here the sun is up again
)

// TimeOfDay is a world time's place in its day, 0 to DayTicks-1.
func TimeOfDay(t int64) int64 { return t % DayTicks }

// NightTime reports whether a world time falls in the night, when the
// monsters come wherever it is dark.
func NightTime(t int64) bool {
	d := TimeOfDay(t)
	return d >= NightStart && d < NightEnd
}
