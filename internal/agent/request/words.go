package request

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// maxWords is how many words of a line are read: a request is a chat
// line, not an essay, and the matcher's work grows with the words.
const maxWords = 48

// word is a word of a line: folded for matching (lowered, accents off,
// a letter held down squeezed: "pleaseee" is "please"), as written for
// names, and the clause of the line it stands in (a comma, a full stop,
// a question or exclamation mark begins the next).
type word struct {
	low, orig string
	clause    int
}

// wave is the word a waving hand stands for ("o/", "👋"): a greeting.
const wave = "o/"

// split breaks a line into words: letters, digits, '_' and a '-' inside
// a word or before a digit ("-20"); an apostrophe is dropped ("what's" is
// "whats"), an emoticon (":D", "<3", "xD") is no word, a waving hand is
// the word "o/", anything else separates. Only the first maxWords words
// are kept.
func split(line string) []word {
	var s splitter
	for _, chunk := range strings.Fields(line) {
		switch {
		case chunk == "o/" || chunk == "\\o/" || chunk == "\\o":
			s.add(wave)
		case emoticon(chunk):
			s.clause = len(s.out) > 0 // a face ends what it follows
		default:
			s.chunk(chunk)
		}
		if len(s.out) >= maxWords {
			return s.out[:maxWords]
		}
	}
	return s.out
}

// splitter is a line being split.
type splitter struct {
	out    []word
	b      strings.Builder
	clause bool // a clause ended: the next word begins another
}

func (s *splitter) add(w string) {
	n := 0
	if len(s.out) > 0 {
		n = s.out[len(s.out)-1].clause
		if s.clause {
			n++
		}
	}
	s.out = append(s.out, word{low: fold(w), orig: w, clause: n})
	s.clause = false
}

func (s *splitter) flush() {
	w := strings.TrimRight(s.b.String(), "-")
	s.b.Reset()
	if w != "" {
		s.add(w)
	}
}

func (s *splitter) chunk(chunk string) {
	rs := []rune(chunk)
	for i, r := range rs {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_':
			s.b.WriteRune(r)
		case r == '-' && (s.b.Len() > 0 || i+1 < len(rs) && unicode.IsDigit(rs[i+1])):
			s.b.WriteRune(r)
		case r == '\'' || r == '’' || r == '`':
		case r == '👋':
			s.flush()
			s.add(wave)
		case strings.ContainsRune(".,!?;:…", r):
			s.flush()
			s.clause = len(s.out) > 0
		default:
			s.flush()
		}
	}
	s.flush()
}

// emoticon reports whether a chunk of a line is a face made of
// punctuation: ":)", ":D", ";p", "xD", "<3", "^^", "o/".
func emoticon(s string) bool {
	switch strings.ToLower(s) {
	case "xd", "xdd", "<3", "^^", "^_^", "o/", "\\o/", "d:", "t_t", "-_-", "._.", "o_o":
		return true
	}
	if utf8.RuneCountInString(s) > 4 || !strings.ContainsAny(s, ":;=") {
		return false
	}
	alnum := 0
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			alnum++
			if !strings.ContainsRune("dDpPoO3xXcCsS", r) {
				return false
			}
		}
	}
	return alnum <= 1
}

// fold lowers a word, takes the accents off its letters ("más" is "mas",
// "über" "uber", "ß" "ss") and squeezes a letter held down three times or
// more to one ("pleaseee", "hiii"), as people type them.
func fold(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if f, ok := plain[r]; ok {
			b.WriteString(f)
		} else {
			b.WriteRune(r)
		}
	}
	return squeeze(b.String(), 3)
}

// plain are the letters with accents people leave off.
var plain = map[rune]string{
	'à': "a", 'á': "a", 'â': "a", 'ã': "a", 'ä': "a", 'å': "a", 'ç': "c", 'è': "e", 'é': "e", 'ê': "e",
	'ë': "e", 'ì': "i", 'í': "i", 'î': "i", 'ï': "i", 'ñ': "n", 'ò': "o", 'ó': "o", 'ô': "o", 'õ': "o",
	'ö': "o", 'ù': "u", 'ú': "u", 'û': "u", 'ü': "u", 'ý': "y", 'ÿ': "y", 'ß': "ss",
}

// squeeze writes every run of at least n same letters as one letter.
func squeeze(s string, n int) string {
	rs := []rune(s)
	out := rs[:0:0]
	for i := 0; i < len(rs); {
		j := i
		for j < len(rs) && rs[j] == rs[i] {
			j++
		}
		if j-i >= n && unicode.IsLetter(rs[i]) {
			out = append(out, rs[i])
		} else {
			out = append(out, rs[i:j]...)
		}
		i = j
	}
	return string(out)
}

// The cost of a slip, in steps: a letter held down twice ("hii") is one,
// a neighbouring key or two letters swapped ("teh") two, any other letter
// added, dropped or changed three.
const (
	costHeld      = 1
	costNeighbour = 2
	costEdit      = 3
)

// budget is how many steps of slips a word of n letters forgives: none
// but a held letter below three, a neighbour key at three, one slip from
// four, a slip and a neighbour key from six, two slips from eight
// ("rember").
func budget(n int) int {
	switch {
	case n <= 2:
		return costHeld
	case n == 3:
		return costNeighbour
	case n <= 5:
		return costEdit
	case n <= 7:
		return costEdit + costNeighbour
	}
	return 2 * costEdit
}

// slip is the cost of reading got as want, and whether it is within the
// budget of want's length.
func slip(want, got string) (int, bool) {
	if want == got {
		return 0, true
	}
	limit := budget(len(want))
	if held(want, got) {
		return costHeld, true
	}
	if d := len(want) - len(got); d*costEdit > limit || -d*costEdit > limit {
		return 0, false
	}
	c := distance(want, got, limit)
	return c, c <= limit
}

// held reports whether a and b differ only by letters held down: each
// run of a letter in one is a run of the same letter in the other.
func held(a, b string) bool {
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		if a[i] != b[j] {
			return false
		}
		c := a[i]
		for i < len(a) && a[i] == c {
			i++
		}
		for j < len(b) && b[j] == c {
			j++
		}
	}
	return i == len(a) && j == len(b)
}

// distance is the weighted edit distance of a and b in slip steps, or
// more than limit once it is sure to be: a restricted Damerau-Levenshtein
// on bytes, since what people type in chat is mostly ASCII.
func distance(a, b string, limit int) int {
	var buf [3][33]int
	var prev2, prev, cur []int
	if len(b) < 32 {
		prev2, prev, cur = buf[0][:len(b)+1], buf[1][:len(b)+1], buf[2][:len(b)+1]
	} else {
		prev2, prev, cur = make([]int, len(b)+1), make([]int, len(b)+1), make([]int, len(b)+1)
	}
	for j := range prev {
		prev[j] = j * costEdit
	}
	lowPrev := 0
	for i := 1; i <= len(a); i++ {
		cur[0] = i * costEdit
		low := cur[0]
		for j := 1; j <= len(b); j++ {
			sub := 0
			if a[i-1] != b[j-1] {
				sub = costEdit
				if neighbours(a[i-1], b[j-1]) {
					sub = costNeighbour
				}
			}
			cur[j] = min(prev[j]+costEdit, cur[j-1]+costEdit, prev[j-1]+sub)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+costNeighbour)
			}
			low = min(low, cur[j])
		}
		// Two rows past the limit: a swap reaches back one row, no more.
		if low > limit && lowPrev > limit {
			return limit + 1
		}
		lowPrev = low
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}

// keyRows are the letter rows of a QWERTY keyboard and of a QWERTZ one
// (German), each row offset half a key from the one above.
var keyRows = [2][3]string{{"qwertyuiop", "asdfghjkl", "zxcvbnm"}, {"qwertzuiop", "asdfghjkl", "yxcvbnm"}}

// nextKeys are, for each letter a to z, the letters beside it on either
// keyboard, in a row or across rows, as bits.
var nextKeys = keyboard()

func keyboard() [26]uint32 {
	var out [26]uint32
	for _, rows := range keyRows {
		for r, row := range rows {
			for c := range len(row) {
				a := row[c] - 'a'
				near := func(r2, c2 int) {
					if r2 >= 0 && r2 < len(rows) && c2 >= 0 && c2 < len(rows[r2]) {
						out[a] |= 1 << (rows[r2][c2] - 'a')
					}
				}
				near(r, c-1)
				near(r, c+1)
				near(r-1, c) // the row above sits half a key to the left
				near(r-1, c+1)
				near(r+1, c-1)
				near(r+1, c)
			}
		}
	}
	return out
}

// neighbours reports whether two letters sit side by side on either
// keyboard.
func neighbours(a, b byte) bool {
	if a < 'a' || a > 'z' || b < 'a' || b > 'z' {
		return false
	}
	return nextKeys[a-'a']&(1<<(b-'a')) != 0
}

// letters are the letters a to z a word has, as bits; any other
// character is bit 26.
func letters(w string) uint32 {
	var out uint32
	for i := range len(w) {
		if c := w[i]; c >= 'a' && c <= 'z' {
			out |= 1 << (c - 'a')
		} else {
			out |= 1 << 26
		}
	}
	return out
}
