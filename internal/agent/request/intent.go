package request

// Intent is what a line asks for.
type Intent string

// The intents of the phrase tables. A table line naming another is refused
// when the table is read.
const (
	Help      Intent = "help"
	Stop      Intent = "stop"
	Come      Intent = "come"
	Follow    Intent = "follow"
	Home      Intent = "home"
	GoTo      Intent = "goto"
	Remember  Intent = "remember"
	Give      Intent = "give"
	Bring     Intent = "bring"
	Craft     Intent = "craft"
	Shelter   Intent = "shelter"
	Build     Intent = "build"
	Doing     Intent = "doing"
	Why       Intent = "why"
	Where     Intent = "where"
	Inventory Intent = "inventory"
	HowMany   Intent = "howmany"
	// Gather asks her to dig, chop or mine N of a block or its drop for
	// the speaker ("get me 10 cobblestone", "dig some dirt").
	Gather Intent = "gather"
	// Forget asks her to forget a named place.
	Forget Intent = "forget"
	// Places asks which places she knows.
	Places Intent = "places"
	// WhereIs asks where another player is.
	WhereIs Intent = "whereis"
	// The small talk: answered in her voice, nothing for her hands.
	Hello     Intent = "hello"
	Thanks    Intent = "thanks"
	Bye       Intent = "bye"
	HowAreYou Intent = "howareyou"
	Insult    Intent = "insult"
	Praise    Intent = "praise"
)

// intents are the intents a table may name.
var intents = []Intent{Help, Stop, Come, Follow, Home, GoTo, Remember, Forget, Places, Give, Bring, Gather, Craft,
	Shelter, Build, Doing, Why, Where, WhereIs, Inventory, HowMany, Hello, Thanks, Bye, HowAreYou, Insult, Praise}

// Question reports whether the intent is answered in words alone, with
// nothing for her hands to do.
func (i Intent) Question() bool {
	switch i {
	case Help, Doing, Why, Where, WhereIs, Places, Inventory, HowMany:
		return true
	}
	return false
}

// SmallTalk reports whether the intent is small talk: a hello, thanks, a
// goodbye, "how are you", an insult or praise.
func (i Intent) SmallTalk() bool {
	switch i {
	case Hello, Thanks, Bye, HowAreYou, Insult, Praise:
		return true
	}
	return false
}

func known(in Intent) bool {
	for _, k := range intents {
		if k == in {
			return true
		}
	}
	return false
}

// languages are the languages a table may be written in: those she
// answers in.
var languages = []string{"en", "de", "es"}

// Languages are the languages a phrase table may be written in, English
// first.
func Languages() []string { return append([]string(nil), languages...) }
