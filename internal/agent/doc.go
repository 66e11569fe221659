// Package agent is her mind: the turn loop that shows a model her situation
// and runs the tools it calls, the one pair of hands that runs game actions in
// the background, the senses that turn the game's packets into perceptions,
// and the live snapshot that both her prompt and the dashboard read.
//
// It imports neither the store nor the web: what it needs of them it
// declares as small interfaces, and cmd/beaweb wires the concrete types.
package agent
