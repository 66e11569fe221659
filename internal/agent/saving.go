package agent

import "time"

// TopicSaving is the topic of a change of what beaweb fails to save.
const TopicSaving Topic = "saving"

// SaveTrouble is a kind of record beaweb cannot write to its database (a
// full disk, a file made read-only): what a person loses while it lasts.
type SaveTrouble struct {
	What  string    `json:"what"`  // what is not being saved, in words: "her actions"
	Since time.Time `json:"since"` // the first write of this kind that failed
	Error string    `json:"error"` // the database's own words for the last one
	Count int       `json:"count"` // how many writes failed since
}

// SetUnsaved shows what is not being saved now; nil once every kind of
// write succeeds again. The store calls it when that changes, not at every
// write.
func (l *Live) SetUnsaved(troubles []SaveTrouble) {
	l.Update(TopicSaving, func(s *Snapshot) { s.Unsaved = troubles })
}
