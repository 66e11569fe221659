// Package request understands what a player asks of her in plain words,
// without a language model, as people type: "hii bea can u get me some
// stone pls", "gib mir 5 Fackeln", "¿dónde está Steve?". The phrases live
// in tables, a text file per language (data/requests/en.txt, de.txt,
// es.txt; the head of en.txt gives the format), so the words are data and
// another language is another file. A parsed line is a Request value with
// its facts as fields; what she does about it is the autopilot's business.
//
// The API:
//
//   - ReadLang (Read for English) reads one table; Join joins the tables,
//     the first her fallback language, with the item ids of the recipe
//     books into a Parser. A Parser never changes: any number of
//     goroutines may use it.
//   - Parser.Parse(line, her) is the request a line said to her asks, and
//     false for a line no table understands. Request.Lang is the language
//     of the table that understood it.
//   - Parser.DidYouMean(line, her) is, for a line not understood but near
//     a phrase, that phrase in the line's language with the player's own
//     words in its slots ("bring me 4 torches"); false when nothing is
//     near.
//   - Parser.Examples and ExamplesIn(lang) are one way of saying each
//     request, for a player who asks for help, in her fallback language or
//     in the speaker's.
//
// How a line is read: it is split into words and clauses (emoticons and
// emojis are none, a waving hand is a hello, accents and a held-down
// letter are folded away, a comma or a full stop ends a clause, at most
// the first 48 words are read); her name, the table's fillers ("pls",
// "rn", "real quick"), a word said again and a greeting or thanks are free
// anywhere. Then a scoring matcher finds, for every phrase of every
// table, where in the line or in one of its clauses it stands best: each
// of its words matched (a slip of the keyboard forgiven within a budget
// that grows with the word's length, a neighbouring key or two swapped
// letters cheaper than any other), its slots filled within a clause (an
// item named by the table or the book scores over words it does not
// know), and the words it leaves over costed. A match that leaves more
// words over than it explains, or more than one inside its own words, is
// no match: "i can't wait to see it" is no stop. A request comes before a
// question said beside it, a question before small talk; of small talk,
// the last said. A request that begins with a name not hers is said to
// someone else.
package request
