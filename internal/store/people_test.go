package store

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"beaweb/internal/agent"
	"beaweb/internal/fault"
	"beaweb/internal/game"
)

const alexUUID = "0f3c3b1e-0000-4000-8000-000000000001"

func TestPeopleAcrossNames(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	p, err := s.SeePlayer(ctx, alexUUID, "Alex", t0)
	if err != nil {
		t.Fatal(err)
	}
	if p.Name != "Alex" || !slices.Equal(p.Names, []string{"Alex"}) || !p.FirstSeen.Equal(t0) || p.Messages != 0 || p.Card {
		t.Fatalf("first sight = %+v", p)
	}
	for i := range 3 {
		if _, err := s.CountMessage(ctx, alexUUID, "Alex", t0.Add(time.Duration(i+1)*time.Minute)); err != nil {
			t.Fatal(err)
		}
	}
	p, err = s.SeePlayer(ctx, alexUUID, "Alexandra", t0.Add(24*time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	if p.Name != "Alexandra" || !slices.Equal(p.Names, []string{"Alex", "Alexandra"}) || p.Messages != 3 ||
		!p.FirstSeen.Equal(t0) || !p.LastSeen.Equal(t0.Add(24*time.Hour)) {
		t.Fatalf("after a new name = %+v", p)
	}
	// A late sighting under the old name does not take the new one back.
	p, _ = s.SeePlayer(ctx, alexUUID, "Alex", t0.Add(time.Hour))
	if p.Name != "Alexandra" || !p.LastSeen.Equal(t0.Add(24*time.Hour)) {
		t.Fatalf("after a late sighting = %+v", p)
	}

	if _, err := s.SeePlayer(ctx, "uuid-steve", "Steve", t0.Add(2*time.Hour)); err != nil {
		t.Fatal(err)
	}
	people, err := s.People(ctx, 0)
	if err != nil || len(people) != 2 || people[0].UUID != alexUUID || len(people[0].Names) != 2 || people[1].Name != "Steve" {
		t.Fatalf("People = %+v, %v", people, err)
	}
	for _, name := range []string{"alexandra", "ALEX"} {
		if p, err := s.PersonByName(ctx, name); err != nil || p.UUID != alexUUID {
			t.Errorf("PersonByName(%q) = %+v, %v", name, p, err)
		}
	}
	if _, err := s.PersonByName(ctx, "Notch"); !errors.Is(err, ErrNotFound) {
		t.Errorf("PersonByName(Notch) = %v, want ErrNotFound", err)
	}
	if _, err := s.Person(ctx, "nobody"); !errors.Is(err, ErrNotFound) {
		t.Errorf("Person(nobody) = %v, want ErrNotFound", err)
	}
	if _, err := s.SeePlayer(ctx, "", "Ghost", t0); fault.CodeOf(err) != fault.CodeInvalid {
		t.Errorf("a player without UUID: %v", err)
	}
}

func TestFacts(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	if _, err := s.SeePlayer(ctx, alexUUID, "Alex", t0); err != nil {
		t.Fatal(err)
	}
	f, err := s.AddFact(ctx, alexUUID, "  likes birch houses ")
	if err != nil || f.Text != "likes birch houses" || f.ID == 0 {
		t.Fatalf("AddFact = %+v, %v", f, err)
	}
	if p, _ := s.Person(ctx, alexUUID); !p.Card {
		t.Fatal("a fact did not give Alex a card")
	}
	long := strings.Repeat("a", game.MaxFact+1)
	if _, err := s.AddFact(ctx, alexUUID, long); fault.CodeOf(err) != fault.CodeInvalid || !strings.Contains(err.Error(), "keep a fact to 500") {
		t.Fatalf("a fact of 501 characters: %v", err)
	}
	if _, err := s.AddFact(ctx, alexUUID, strings.Repeat("ü", game.MaxFact)); err != nil {
		t.Fatalf("a fact of 500 characters: %v", err)
	}
	if _, err := s.AddFact(ctx, alexUUID, "   "); fault.CodeOf(err) != fault.CodeInvalid {
		t.Fatalf("an empty fact: %v", err)
	}
	if _, err := s.AddFact(ctx, "nobody", "x"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("a fact about nobody: %v", err)
	}
	facts, err := s.Facts(ctx, alexUUID)
	if err != nil || len(facts) != 2 || facts[0].Text != "likes birch houses" {
		t.Fatalf("Facts = %+v, %v", facts, err)
	}
	if err := s.DeleteFact(ctx, facts[0].ID); err != nil {
		t.Fatal(err)
	}
	if err := s.DeleteFact(ctx, facts[0].ID); !errors.Is(err, ErrNotFound) {
		t.Fatalf("deleting a fact twice: %v", err)
	}
	if err := s.SetCard(ctx, alexUUID, false); err != nil {
		t.Fatal(err)
	}
	if p, _ := s.Person(ctx, alexUUID); p.Card {
		t.Fatal("SetCard(false) kept the card")
	}
	if err := s.SetCard(ctx, "nobody", true); !errors.Is(err, ErrNotFound) {
		t.Fatalf("SetCard(nobody): %v", err)
	}
}

func TestObjectives(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	var plan []*agent.Objective
	for _, text := range []string{"get wood", "build a hut", "find iron"} {
		o := &agent.Objective{Text: text}
		if err := s.SaveObjective(ctx, o); err != nil {
			t.Fatal(err)
		}
		plan = append(plan, o)
	}
	if plan[2].Order != 3 || plan[2].ID == 0 {
		t.Fatalf("third objective = %+v", plan[2])
	}
	plan[0].Order = 10 // move "get wood" last
	if err := s.SaveObjective(ctx, plan[0]); err != nil {
		t.Fatal(err)
	}
	if err := s.SetObjectiveDone(ctx, plan[1].ID, true); err != nil {
		t.Fatal(err)
	}
	if err := s.DeleteObjective(ctx, plan[2].ID); err != nil {
		t.Fatal(err)
	}
	got, err := s.Objectives(ctx)
	if err != nil || len(got) != 2 || got[0].Text != "build a hut" || !got[0].Done || got[1].Text != "get wood" {
		t.Fatalf("Objectives = %+v, %v", got, err)
	}
	if err := s.SetObjectiveDone(ctx, plan[2].ID, true); !errors.Is(err, ErrNotFound) {
		t.Fatalf("done on a deleted objective: %v", err)
	}
	if err := s.DeleteObjective(ctx, plan[2].ID); !errors.Is(err, ErrNotFound) {
		t.Fatalf("deleting twice: %v", err)
	}
	if err := s.SaveObjective(ctx, &agent.Objective{ID: 999, Text: "x"}); !errors.Is(err, ErrNotFound) {
		t.Fatalf("saving a missing objective: %v", err)
	}
	if err := s.SaveObjective(ctx, &agent.Objective{Text: " "}); fault.CodeOf(err) != fault.CodeInvalid {
		t.Fatalf("an empty objective: %v", err)
	}
}

func TestSettings(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	if _, err := s.Setting(ctx, "model"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("unsaved setting: %v", err)
	}
	for _, v := range []string{"gpt", "claude"} {
		if err := s.SetSetting(ctx, "model", v); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.SetSetting(ctx, "idle_nudge_seconds", "0"); err != nil {
		t.Fatal(err)
	}
	if v, err := s.Setting(ctx, "model"); err != nil || v != "claude" {
		t.Fatalf("Setting = %q, %v", v, err)
	}
	all, err := s.Settings(ctx)
	if err != nil || len(all) != 2 || all["idle_nudge_seconds"] != "0" {
		t.Fatalf("Settings = %v, %v", all, err)
	}
	if err := s.DeleteSetting(ctx, "model"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Setting(ctx, "model"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("deleted setting: %v", err)
	}
	if err := s.SetSetting(ctx, "", "x"); fault.CodeOf(err) != fault.CodeInvalid {
		t.Fatalf("a setting without a name: %v", err)
	}
}
