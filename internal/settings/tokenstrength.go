package settings

import (
	"math"
	"strings"
	"unicode/utf8"

	"beaweb/internal/fault"
)

// minTokenBits is the least a dashboard token holds: 128 bits, as much as a
// random AES key, so that guessing it over the network is hopeless.
const minTokenBits = 128

// makeToken is how the sentences say to make a good token.
const makeToken = "run openssl rand -base64 32 and use the line it prints (in a shell, BEA_TOKEN=\"$(openssl rand -base64 32)\" does both), " +
	"or leave BEA_TOKEN unset off loopback and beaweb makes one"

// token is the dashboard token: empty (beaweb makes one when it needs one)
// or one hard to guess. The token itself is never quoted back: even a weak
// one may be someone's password.
func token(v string) (string, error) {
	if v == "" {
		return "", nil
	}
	if placeholder(v) {
		return "", fault.Invalidf("The dashboard token is a command or a placeholder, not its output: %s.", makeToken)
	}
	if bits := TokenBits(v); bits < minTokenBits {
		return "", fault.Invalidf("The dashboard token is too easy to guess (about %d bits once its repeats, runs such as abcd or 1234 and common words are "+
			"taken out; it needs %d): %s.", bits, minTokenBits, makeToken)
	}
	return v, nil
}

// placeholder says v is the text of a command or a stand-in rather than a
// secret: "$(openssl rand -base64 32)" pasted without a shell to run it,
// "${TOKEN}" or "$TOKEN" never expanded, "<your token>".
func placeholder(v string) bool {
	l := strings.ToLower(v)
	if strings.ContainsAny(v, "`<>") || strings.Contains(v, "$(") || strings.Contains(v, "${") ||
		strings.Contains(l, "openssl") || strings.Contains(l, "rand -") || strings.Contains(l, "base64 ") {
		return true
	}
	// $NAME: a variable nobody expanded.
	if rest, ok := strings.CutPrefix(v, "$"); ok && rest != "" && strings.Trim(rest, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_") == "" {
		return true
	}
	return false
}

// commonWords are what a guesser tries first, in lower case: a token that
// spells one gets the bits of its first letter for the whole word.
var commonWords = []string{
	"password", "passwd", "passw0rd", "letmein", "welcome", "secret", "token", "admin", "root", "login", "master",
	"changeme", "default", "example", "test", "guest", "hello", "qwerty", "qwertz", "azerty", "asdf", "zxcv",
	"1qaz", "dragon", "monkey", "shadow", "sunshine", "princess", "football", "baseball", "iloveyou", "trustno1",
	"beaweb", "minecraft", "dashboard", "bearer",
}

// TokenBits estimates how many bits of guessing v holds, as a guesser who
// tries the obvious first sees it. Characters that repeat three or more
// that came before (Password1Password1), that go on a run (abcd, 4321,
// aaaa) or that finish a common word (password, qwerty) count for nothing;
// each of the others counts for the alphabet the token draws from (lower
// case, upper case, digits, the rest). A token of fewer than 8 different
// characters holds nothing.
func TokenBits(v string) int {
	r := []rune(strings.ToLower(v))
	if distinct(r) < 8 {
		return 0
	}
	guessed := make([]bool, len(r))
	markWords(r, guessed)
	markRuns(r, guessed)
	markRepeats(r, guessed)
	free := 0
	for _, g := range guessed {
		if !g {
			free++
		}
	}
	return int(float64(free) * math.Log2(float64(alphabet(v))))
}

func distinct(r []rune) int {
	seen := map[rune]bool{}
	for _, c := range r {
		seen[c] = true
	}
	return len(seen)
}

// alphabet is how many characters v's kinds of character span.
func alphabet(v string) int {
	var lower, upper, digit, other bool
	for _, c := range v {
		switch {
		case c >= 'a' && c <= 'z':
			lower = true
		case c >= 'A' && c <= 'Z':
			upper = true
		case c >= '0' && c <= '9':
			digit = true
		default:
			other = true
		}
	}
	n := 0
	for _, k := range []struct {
		in   bool
		size int
	}{{lower, 26}, {upper, 26}, {digit, 10}, {other, 32}} {
		if k.in {
			n += k.size
		}
	}
	return max(n, 2)
}

// markWords marks every letter of a common word but its first.
func markWords(r []rune, guessed []bool) {
	s := string(r)
	for _, w := range commonWords {
		for from := 0; ; {
			i := strings.Index(s[from:], w)
			if i < 0 {
				break
			}
			at := utf8.RuneCountInString(s[:from+i])
			for k := 1; k < utf8.RuneCountInString(w); k++ {
				guessed[at+k] = true
			}
			from += i + len(w)
		}
	}
}

// markRuns marks a character that goes on a run of the two before it by
// the same step of -1, 0 or +1: the c of abc, the third 7 of 777.
func markRuns(r []rune, guessed []bool) {
	for i := 2; i < len(r); i++ {
		d := r[i] - r[i-1]
		if d >= -1 && d <= 1 && r[i-1]-r[i-2] == d {
			guessed[i] = true
		}
	}
}

// markRepeats marks every stretch of three or more characters that
// repeats one that started earlier (overlapping it or not).
func markRepeats(r []rune, guessed []bool) {
	for i := 1; i+3 <= len(r); {
		best := 0
		for j := 0; j < i; j++ {
			n := 0
			for i+n < len(r) && r[j+n] == r[i+n] {
				n++
			}
			best = max(best, n)
		}
		if best < 3 {
			i++
			continue
		}
		for k := i; k < i+best; k++ {
			guessed[k] = true
		}
		i += best
	}
}
