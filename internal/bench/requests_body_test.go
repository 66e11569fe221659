package bench

import (
	"io"
	"strings"
	"testing"
)

// TestBenchBodyGoesWithRequests: --body runs the request bench through the
// body, so alone it is refused with a sentence that says what to add, and
// with --requests it is taken.
func TestBenchBodyGoesWithRequests(t *testing.T) {
	if _, err := parseBench([]string{"--body"}, fakeBeaweb, io.Discard); err == nil || !strings.Contains(err.Error(), "--requests N") {
		t.Errorf("--body alone: %v, not a refusal that names --requests N", err)
	}
	s, err := parseBench([]string{"--requests", "5", "--body"}, fakeBeaweb, io.Discard)
	if err != nil || !s.Body || s.Requests != 5 {
		t.Errorf("--requests 5 --body: %+v, %v", s, err)
	}
}
