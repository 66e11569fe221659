package partials

import (
	"strings"
	"unicode"
)

// The game side writes its answers to her, for her model to read: "you
// found no iron ore within 32 blocks that you could reach", "you are dead;
// you respawn in a moment". A person watching reads them said of her:
// "she found no iron ore…", "she is dead; she respawns in a moment". OfHer
// changes only the words for the one it speaks to (you, your, yourself)
// and the verb after "you"; nothing reads the result back, and the exact
// sentence stays behind the page's exact-calls switch.

// OfHer is a sentence of the game to her, said of her.
func OfHer(sentence string) string {
	words := strings.Fields(sentence)
	if len(words) == 0 {
		return sentence
	}
	for i, w := range words {
		lead, core, tail := splitWord(w)
		var said string
		switch strings.ToLower(core) {
		case "you":
			if youIsObject(words, i, tail) {
				said = "her"
			} else {
				said = "she"
				conjugateAfter(words, i+1)
			}
		case "your":
			said = "her"
		case "yours":
			said = "hers"
		case "yourself":
			said = "herself"
		case "you're":
			said = "she's"
		case "you've":
			said = "she's"
		case "you'll":
			said = "she'll"
		case "you'd":
			said = "she'd"
		default:
			continue
		}
		if unicode.IsUpper(rune(core[0])) {
			said = Capital(said)
		}
		words[i] = lead + said + tail
	}
	return strings.Join(words, " ")
}

// splitWord parts a word from the punctuation around it: "(you" is "(",
// "you", ""; "you;" is "", "you", ";".
func splitWord(w string) (lead, core, tail string) {
	start := strings.IndexFunc(w, isWordRune)
	if start < 0 {
		return w, "", ""
	}
	end := strings.LastIndexFunc(w, isWordRune) + 1
	return w[:start], w[start:end], w[end:]
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || r == '\'' || r == '’' }

// youIsObject reports whether "you", the i-th word, is spoken to rather
// than speaking: at the end of a clause ("behind you;"), after a word that
// takes an object ("takes you", "of you") or before one that follows an
// object ("takes you through").
func youIsObject(words []string, i int, tail string) bool {
	if tail != "" || i == len(words)-1 {
		return true
	}
	if i > 0 {
		_, prev, prevTail := splitWord(words[i-1])
		if prevTail == "" && objectBefore[strings.ToLower(prev)] {
			return true
		}
	}
	_, next, _ := splitWord(words[i+1])
	return objectAfter[strings.ToLower(next)]
}

// objectBefore are the words after which "you" is an object.
var objectBefore = map[string]bool{
	"behind": true, "beside": true, "of": true, "to": true, "for": true, "with": true, "from": true, "at": true,
	"near": true, "around": true, "by": true, "on": true, "under": true, "above": true, "below": true, "into": true,
	"takes": true, "take": true, "let": true, "lets": true, "hit": true, "hits": true, "attacked": true, "attacks": true,
	"moved": true, "pushed": true, "killed": true, "gives": true, "gave": true, "told": true, "asks": true, "asked": true,
}

// objectAfter are the words that follow an object "you".
var objectAfter = map[string]bool{
	"through": true, "there": true, "here": true, "back": true, "away": true, "up": true, "down": true, "off": true,
	"out": true, "in": true,
}

// conjugateAfter makes the verb that follows a subject "you" agree with
// "she", past the adverbs between them: "you never break" is "she never
// breaks", "you are" is "she is". A verb in the past or after a modal
// ("could", "did") stays as it is.
func conjugateAfter(words []string, i int) {
	for ; i < len(words); i++ {
		lead, core, tail := splitWord(words[i])
		low := strings.ToLower(core)
		if adverbs[low] {
			if tail != "" {
				return
			}
			continue
		}
		if third, ok := irregular[low]; ok {
			words[i] = lead + third + tail
		} else if presentVerbs[low] {
			words[i] = lead + thirdPerson(low) + tail
		}
		return
	}
}

// adverbs stand between "you" and its verb.
var adverbs = map[string]bool{"never": true, "only": true, "already": true, "still": true, "also": true, "just": true, "always": true, "now": true}

// irregular are the verbs whose third person is not the verb with an s.
var irregular = map[string]string{
	"are": "is", "were": "was", "have": "has", "do": "does", "aren't": "isn't", "weren't": "wasn't",
	"haven't": "hasn't", "don't": "doesn't", "go": "goes",
}

// presentVerbs are the verbs the game's answers put after "you" in the
// present: the others it uses are in the past or follow a modal.
var presentVerbs = map[string]bool{
	"carry": true, "see": true, "stand": true, "respawn": true, "sleep": true, "break": true, "need": true,
	"want": true, "know": true, "hold": true, "get": true, "make": true, "reach": true, "eat": true, "land": true,
	"stop": true, "keep": true, "wear": true, "own": true, "look": true, "walk": true, "fall": true, "mine": true,
	"dig": true, "place": true, "take": true, "find": true, "move": true, "lack": true,
}

// thirdPerson is a verb after "she": "carry" is "carries", "reach" is
// "reaches", "see" is "sees".
func thirdPerson(verb string) string {
	switch {
	case strings.HasSuffix(verb, "y") && len(verb) > 1 && !strings.ContainsRune("aeiou", rune(verb[len(verb)-2])):
		return verb[:len(verb)-1] + "ies"
	case strings.HasSuffix(verb, "ch"), strings.HasSuffix(verb, "sh"), strings.HasSuffix(verb, "s"), strings.HasSuffix(verb, "x"):
		return verb + "es"
	}
	return verb + "s"
}

// DeathCause is how she died as a person says it: the game side names a
// cause by its damage's source ("fall", "lava", "starvation") or in a
// sentence ("slain by Zombie"); a source reads as what happened to her,
// a sentence as it is.
func DeathCause(cause string) string {
	if said, ok := causes[strings.ToLower(strings.TrimSpace(cause))]; ok {
		return said
	}
	return cause
}

// causes are the damage sources the game sides name a death by.
var causes = map[string]string{
	"fall": "fell", "lava": "burned in lava", "starvation": "starved", "magic": "killed by magic",
	"drowning": "drowned", "drown": "drowned", "fire": "burned", "in_fire": "burned", "on_fire": "burned",
	"suffocation": "suffocated", "attack": "killed in a fight", "generic": "died", "died": "died", "": "died",
	"player": "killed by a player", "void": "fell out of the world",
}
