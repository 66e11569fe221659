package script

import (
	"strconv"
	"strings"
	"testing"
)

func TestGuideStatesTheLimits(t *testing.T) {
	for _, n := range []int{MaxCells, MaxSpan, MaxNotes, MaxNoteLen, MaxSteps, MemoryLimit >> 20, int(DefaultTimeout.Seconds())} {
		if !strings.Contains(Guide, strconv.Itoa(n)) {
			t.Errorf("the guide does not state %d", n)
		}
	}
	if !strings.Contains(Guide, attrList) {
		t.Errorf("the guide does not list the methods a script may call: %s", attrList)
	}
}

// TestGuideExamplesRun draws every shape the guide names with the signature
// it gives.
func TestGuideExamplesRun(t *testing.T) {
	mustDraw(t, `fill(0, 0, 0, 4, 3, 4, "cobblestone", hollow=True)
walls(0, 4, 0, 4, 5, 4, "oak_planks")
line(0, 6, 0, 4, 6, 4, "oak_log[axis=x]")
circle(2, 7, 2, 2, "stone", filled=False)
set(2, 8, 2, "oak_stairs[facing=east,half=top]")
if get(2, 8, 2) != None:
    note("a tower")
print("done")`)
}
