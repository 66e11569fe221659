package protocol

import "encoding/json"

// BuildData is a build answer's data, finished or not: its cells counted,
// in the one shape every game side sends (docs/protocol.md). The brain reads
// these fields, never the answer's sentence.
type BuildData struct {
	Cells int         `json:"cells"` // every cell of the build
	Right int         `json:"right"` // the cells that hold what they should
	Wrong []BuildCell `json:"wrong"` // every cell left wrong, with the block it wants
	// Missing is the blocks she ran short of, by kind; their cells are in
	// Wrong too.
	Missing map[string]int `json:"missing"`
	// Protected is the cells where a block she never breaks stands, with
	// the block found there; their cells are in Wrong too.
	Protected []BuildCell `json:"protected"`
}

// BuildCell is one cell of a build and a block: the one it wants, or the
// one found there.
type BuildCell struct {
	X     int    `json:"x"`
	Y     int    `json:"y"`
	Z     int    `json:"z"`
	Block string `json:"block"`
}

// Build reads the answer's data as a build's counted cells. It answers
// false when there is no data, it does not read, or it has no count of
// cells (another action, or a game side that did not count them).
func (a Answer) Build() (BuildData, bool) {
	if len(a.Data) == 0 {
		return BuildData{}, false
	}
	var d struct {
		BuildData
		Cells *int `json:"cells"`
		Right *int `json:"right"`
	}
	if json.Unmarshal(a.Data, &d) != nil || d.Cells == nil {
		return BuildData{}, false
	}
	b := d.BuildData
	b.Cells = *d.Cells
	switch {
	case d.Right != nil:
		b.Right = *d.Right
	case a.Result.OK():
		b.Right = b.Cells
	}
	return b, true
}

// Complete reports whether Wrong lists every cell that is not right: a
// game side may cut a long list short.
func (b BuildData) Complete() bool {
	return len(b.Wrong) == b.Cells-b.Right
}
