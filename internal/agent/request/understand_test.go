package request

import (
	"fmt"
	"strings"
	"testing"
)

// heard is a line and what it should be understood as: the intent, then
// the slots that must hold ("item=torch count=4"); "none" for a line that
// is no request.
type heard struct{ line, want string }

// check parses each line and compares it with what it should be.
func check(t *testing.T, lang string, cases []heard) {
	t.Helper()
	p := parser(t)
	for _, c := range cases {
		intent, slotsWant, _ := strings.Cut(c.want, " ")
		r, ok := p.Parse(c.line, "Bea")
		if intent == "none" {
			if ok {
				t.Errorf("%q: read as %s, want no request", c.line, show(r))
			}
			continue
		}
		if !ok {
			t.Errorf("%q: not understood, want %s", c.line, c.want)
			continue
		}
		if string(r.Intent) != intent || r.Lang != lang {
			t.Errorf("%q: read as %s (%s), want %s (%s)", c.line, show(r), r.Lang, c.want, lang)
			continue
		}
		for _, kv := range strings.Fields(slotsWant) {
			k, v, _ := strings.Cut(kv, "=")
			v = strings.ReplaceAll(v, "+", " ")
			if got := slot(r, k); got != v {
				t.Errorf("%q: %s is %q, want %q (%s)", c.line, k, got, v, show(r))
			}
		}
	}
}

// slot is a Request's slot by its name in a case.
func slot(r Request, k string) string {
	switch k {
	case "item":
		return r.Item
	case "said":
		return r.Said
	case "count":
		return fmt.Sprint(r.Count)
	case "player":
		return r.Player
	case "place":
		return r.Place
	case "template":
		return r.Template
	case "for":
		if r.HandOver {
			return "me"
		}
		return ""
	case "at":
		if r.At == nil {
			return ""
		}
		return fmt.Sprintf("%d,%d,%d", r.At[0], r.At[1], r.At[2])
	}
	return "?" + k
}

func show(r Request) string {
	s := string(r.Intent)
	for _, k := range []string{"item", "count", "player", "place", "template"} {
		if v := slot(r, k); v != "" && v != "0" {
			s += " " + k + "=" + v
		}
	}
	return s
}

func TestPeopleAreUnderstoodInEnglish(t *testing.T) {
	check(t, "en", []heard{
		// Greetings, fillers and tails around a request.
		{"hii bea can u get me some stone pls", "gather item=cobblestone count=0"},
		{"hi Bea, what are you doing?", "doing"},
		{"hi bea can u come here", "come"},
		{"bea come here rn", "come"},
		{"come here real quick lol", "come"},
		{"@Bea come here pls :D", "come"},
		{"yo bea follow me go", "follow"},
		{"heyyy bea, pleaseee come hereee", "come"},
		{"thanks bea, now go home", "home"},
		{"bea, give me 4 torches 🙏", "give item=torch count=4"},
		// Synonyms.
		{"gimme 5 sticks", "give item=stick count=5"},
		{"toss me a torch", "give item=torch count=1"},
		{"can u chuck me some bread", "give item=bread"},
		{"grab me 3 torches", "bring item=torch count=3"},
		{"bring me a crafting table", "bring item=crafting_table count=1"},
		{"save this spot as base", "remember place=base"},
		{"mark this location as Iron Farm", "remember place=Iron+Farm"},
		{"make us a lil house", "shelter"},
		{"build a small shelter here", "shelter"},
		{"build a house", "shelter"},
		{"can you build me a crib", "shelter"},
		// Typos.
		{"folow me", "follow"},
		{"cmoe here", "come"},
		{"giv me 3 torchs", "give item=torch count=3"},
		{"bring me 2 cobblestne", "gather item=cobblestone count=2"},
		{"bring me 2 torchs", "bring item=torch count=2"},
		{"wher are you", "where"},
		{"waht are you doing", "doing"},
		// Numbers in words.
		{"give me a couple torches", "give item=torch count=2"},
		{"get me a dozen sticks", "bring item=stick count=12"},
		{"bring me twenty torches", "bring item=torch count=20"},
		{"give me twenty five sticks", "give item=stick count=25"},
		{"give me a stack of cobble", "give item=cobblestone count=64"},
		{"craft 4 torches", "craft item=torch count=4"},
		// Gather.
		{"dig some dirt", "gather item=dirt"},
		{"get me 10 cobblestone", "gather item=cobblestone count=10"},
		{"mine 20 stone", "gather item=cobblestone count=20"},
		{"chop some wood", "gather item=#log"},
		{"go chop down 5 trees", "gather item=#log count=5"},
		{"collect some sand for me", "gather item=sand"},
		{"mine some iron", "gather item=raw_iron"},
		{"get me 5 logs", "gather item=#log count=5"},
		// Build and shelter.
		{"build a small wood house here", "build template=small_wood_house"},
		{"build a stone house", "build template=small_stone_house"},
		{"build small_stone_house at 10 64 -20", "build template=small_stone_house at=10,64,-20"},
		{"build big_house at 10 64 10", "build template=big_house"},
		{"build a dirt shelter", "build template=dirt_shelter"},
		// Places.
		{"go to the Mine", "goto place=the+Mine"},
		{"head to base", "goto place=base"},
		{"go home", "home"},
		{"forget base", "forget place=base"},
		{"forget about the old mine", "forget place=the+old+mine"},
		{"what places do you know?", "places"},
		{"which spots do you know", "places"},
		{"remember this place as Base Camp", "remember place=Base+Camp"},
		// People.
		{"where is Steve?", "whereis player=Steve"},
		{"wheres alex", "whereis player=alex"},
		{"have you seen Notch", "whereis player=Notch"},
		{"follow Alex", "follow player=Alex"},
		{"come to Steve", "come player=Steve"},
	})
}

func TestQuestionsAndStopAreUnderstoodInEnglish(t *testing.T) {
	check(t, "en", []heard{
		{"what can you do?", "help"},
		{"help", "help"},
		{"how many logs u got", "howmany item=#log"},
		{"how many torches do you have", "howmany item=torch"},
		{"do you have any bread", "howmany item=bread"},
		{"what do you have", "inventory"},
		{"whats in ur inventory", "inventory"},
		{"why?", "why"},
		{"where r u", "where"},
		{"wyd", "doing"},
		// Stop.
		{"stop", "stop"},
		{"STOP!!!", "stop"},
		{"bea wait here", "stop"},
		{"stay there", "stop"},
		{"stop what you're doing", "stop"},
	})
}

func TestSmallTalkIsUnderstoodInEnglish(t *testing.T) {
	check(t, "en", []heard{
		{"hi", "hello"},
		{"hello bea!", "hello"},
		{"hey there :)", "hello"},
		{"thanks!", "thanks"},
		{"thank you so much bea", "thanks"},
		{"ty", "thanks"},
		{"bye", "bye"},
		{"cya later", "bye"},
		{"good night bea", "bye"},
		{"how are you?", "howareyou"},
		{"how are you doing today", "howareyou"},
		{"you're stupid", "insult"},
		{"you suck", "insult"},
		{"stupid bot", "insult"},
		{"good job!", "praise"},
		{"well done bea", "praise"},
		{"gg", "praise"},
		{"hi and thanks", "thanks"},
		{"ok thanks bye", "bye"},
		{"we need shelter for the night", "shelter"},
		{"why are you running", "why"},
		{"show me ur inv", "inventory"},
		{"do u have iron", "howmany item=iron_ingot"},
		{"i'm hungry, give me food", "give item=#food"},
		{"take me to the village", "goto place=the+village"},
		{"gotta go, bye", "bye"},
	})
}

func TestChatterIsNoRequest(t *testing.T) {
	check(t, "en", []heard{
		{"lol nice", "none"},
		{"steve u coming?", "none"},
		{"", "none"},
		{"Bea", "none"},
		{"nice day for it", "none"},
		{"I'm going to build a house by the lake ok?", "none"},
		{"have you seen any iron around here?", "none"},
		{"please please", "none"},
		{"i can't wait to see the castle you made yesterday", "none"},
		{"this is stupid", "none"},
		{"i'm home", "none"},
		{"that creeper almost got me", "none"},
		{"where is the mine", "none"},
		{"ok", "none"},
		{"lol", "none"},
		{"xD", "none"},
		{"🙂🙂🙂", "none"},
		{"huh?", "none"},
		{"who are you", "none"},
		{"i found iron", "none"},
		{"my house burned down", "none"},
		{"i am going to the village", "none"},
		{"my friend steve is coming", "none"},
		{"nice build", "none"},
		{"give it up", "none"},
		{"what time is it", "none"},
	})
}

func TestPeopleAreUnderstoodInGerman(t *testing.T) {
	check(t, "de", []heard{
		{"Bea komm her", "come"},
		{"komm mal her bitte", "come"},
		{"kannst du herkommen?", "come"},
		{"folge mir", "follow"},
		{"folg mir bea", "follow"},
		{"bleib stehen", "stop"},
		{"hör auf", "stop"},
		{"geh nach hause", "home"},
		{"geh zur Mine", "goto place=Mine"},
		{"gib mir 5 Fackeln", "give item=torch count=5"},
		{"gib mir zehn Stöcke", "give item=stick count=10"},
		{"kannst du mir ein paar Fackeln geben", "give item=torch count=3"},
		{"bring mir 3 Brot", "bring item=bread count=3"},
		{"kannst du mir 4 Fackeln bringen?", "bring item=torch count=4"},
		{"hol mir Holz", "gather item=#log"},
		{"grab etwas Erde", "gather item=dirt"},
		{"bau 20 Stein ab", "gather item=cobblestone count=20"},
		{"fäll ein paar Bäume", "gather item=#log count=3"},
		{"bau ein Haus", "shelter"},
		{"bau uns eine kleine Hütte", "shelter"},
		{"kannst du ein Haus bauen", "shelter"},
		{"bau ein Holzhaus", "build template=small_wood_house"},
		{"merk dir diesen Ort als Basis", "remember place=Basis"},
		{"vergiss Basis", "forget place=Basis"},
		{"welche Orte kennst du?", "places"},
		{"wo ist Steve?", "whereis player=Steve"},
		{"wo bist du", "where"},
		{"was machst du gerade?", "doing"},
		{"was hast du dabei", "inventory"},
		{"wie viele Fackeln hast du", "howmany item=torch"},
		{"was kannst du", "help"},
		{"warum?", "why"},
		{"hallo Bea", "hello"},
		{"danke schön", "thanks"},
		{"tschüss", "bye"},
		{"wie gehts?", "howareyou"},
		{"du bist dumm", "insult"},
		{"gut gemacht!", "praise"},
		{"hallo bea, kannst du mir 5 fackeln geben bitte", "give item=torch count=5"},
		{"bea kannst du mal herkommen", "come"},
		{"lauf zur basis", "goto place=basis"},
		{"kannst du mir holz holen", "gather item=#log"},
		{"kannst du eine werkbank bauen", "craft item=crafting_table count=1"},
		{"hast du steve gesehen", "whereis player=steve"},
		{"halt die klappe", "insult"},
	})
}

func TestPeopleAreUnderstoodInSpanish(t *testing.T) {
	check(t, "es", []heard{
		{"Bea ven aquí", "come"},
		{"ven aca porfa", "come"},
		{"sígueme", "follow"},
		{"para", "stop"},
		{"quédate aquí", "stop"},
		{"vete a casa", "home"},
		{"ve a la mina", "goto place=la+mina"},
		{"dame 5 antorchas", "give item=torch count=5"},
		{"dame diez palos por favor", "give item=stick count=10"},
		{"me das unos palos", "give item=stick"},
		{"tráeme 3 panes", "bring item=bread count=3"},
		{"consígueme madera", "gather item=#log"},
		{"cava un poco de tierra", "gather item=dirt"},
		{"pica 20 piedras", "gather item=cobblestone count=20"},
		{"tala unos árboles", "gather item=#log"},
		{"construye una casa", "shelter"},
		{"hazme una casita", "shelter"},
		{"construye una casa de madera", "build template=small_wood_house"},
		{"guarda este lugar como base", "remember place=base"},
		{"olvida base", "forget place=base"},
		{"¿qué lugares conoces?", "places"},
		{"¿dónde está Steve?", "whereis player=Steve"},
		{"¿dónde estás?", "where"},
		{"¿qué estás haciendo?", "doing"},
		{"¿qué tienes?", "inventory"},
		{"¿cuántas antorchas tienes?", "howmany item=torch"},
		{"¿qué puedes hacer?", "help"},
		{"¿por qué?", "why"},
		{"hola bea", "hello"},
		{"muchas gracias", "thanks"},
		{"adiós", "bye"},
		{"¿cómo estás?", "howareyou"},
		{"eres tonta", "insult"},
		{"buen trabajo", "praise"},
		{"hola bea, ¿me das 5 antorchas por favor?", "give item=torch count=5"},
		{"llévame al pueblo", "goto place=pueblo"},
		{"puedes conseguirme madera", "gather item=#log"},
		{"construye una mesa de trabajo", "craft item=crafting_table count=1"},
		{"cuánta madera tienes", "howmany item=#log"},
		{"no te muevas", "stop"},
	})
}

// TestGatherSaysForWhom: a gather whose line says the things are for the
// speaker ("get me", "for us", "hol mir", "tráeme") is handed over; one
// that does not ("go get some stone", "mine 10 stone") she keeps.
func TestGatherSaysForWhom(t *testing.T) {
	check(t, "en", []heard{
		{"hii bea can u get me some stone pls", "gather item=cobblestone for=me"},
		{"get me 10 cobblestone", "gather item=cobblestone count=10 for=me"},
		{"bring me some dirt", "gather item=dirt for=me"},
		{"fetch me 5 sand", "gather item=sand for=me"},
		{"can you get us some logs", "gather item=#log for=me"},
		{"dig some dirt for me please", "gather item=dirt for=me"},
		{"go get some stone", "gather item=cobblestone for="},
		{"dig some dirt", "gather item=dirt for="},
		{"mine 10 stone", "gather item=cobblestone count=10 for="},
		{"chop some wood", "gather item=#log for="},
		{"hey its me, mine 10 stone", "gather item=cobblestone count=10 for="},
	})
	check(t, "de", []heard{
		{"hol mir 10 steine", "gather item=cobblestone count=10 for=me"},
		{"bau 10 stein ab", "gather item=cobblestone count=10 for="},
	})
	check(t, "es", []heard{
		{"tráeme 10 piedras", "gather item=cobblestone count=10 for=me"},
		{"consígueme 10 piedras", "gather item=cobblestone count=10 for=me"},
		{"cava 10 piedras", "gather item=cobblestone count=10 for="},
	})
}
