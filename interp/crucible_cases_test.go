package interp_test

import (
	"strings"
	"testing"

	"github.com/frayrules/fray/interp"
)

// firstIndex is the position of the first event satisfying ok, or -1.
func firstIndex(ev []*interp.Event, ok func(*interp.Event) bool) int {
	for i, e := range ev {
		if ok(e) {
			return i
		}
	}
	return -1
}

// named matches a rule event by name and round, with the text containing sub.
func named(name string, round int, sub string) func(*interp.Event) bool {
	return func(e *interp.Event) bool {
		return e.Kind == interp.KEvent && e.Name == name && e.Round == round && strings.Contains(e.Text, sub)
	}
}

// logLine matches a log line of a round containing sub.
func logLine(round int, sub string) func(*interp.Event) bool {
	return func(e *interp.Event) bool {
		return e.Kind == interp.KLog && e.Round == round && strings.Contains(e.Text, sub)
	}
}

// acted matches a combatant's act in a round.
func acted(who string, round int) func(*interp.Event) bool {
	return func(e *interp.Event) bool { return e.Kind == interp.KAct && e.Who == who && e.Round == round }
}

// before fails unless an event matching a comes, and comes before one matching b.
func before(t *testing.T, ev []*interp.Event, what string, a, b func(*interp.Event) bool) {
	t.Helper()
	i, j := firstIndex(ev, a), firstIndex(ev, b)
	if i < 0 || j < 0 || i > j {
		t.Errorf("%s: positions %d and %d", what, i, j)
	}
}

// present fails unless some event matches.
func present(t *testing.T, ev []*interp.Event, what string, ok func(*interp.Event) bool) {
	t.Helper()
	if firstIndex(ev, ok) < 0 {
		t.Errorf("missing: %s", what)
	}
}

// absent fails if some event matches.
func absent(t *testing.T, ev []*interp.Event, what string, ok func(*interp.Event) bool) {
	t.Helper()
	if i := firstIndex(ev, ok); i >= 0 {
		t.Errorf("%s: %s", what, ev[i].Text)
	}
}

func init() {
	mechanicCases = append(mechanicCases,
		procCase{id: "spell timing", file: "mechanics/cs_spell_timing.fray", ids: []string{"000-07"},
			check: func(t *testing.T, ev []*interp.Event) {
				before(t, ev, "round 1: Ilse is casting when the axe lands, and loses the spell",
					named("spell_begins", 1, "ilse"), named("spell_lost", 1, "ilse is struck while casting"))
				present(t, ev, "round 1: sleep lost from memory", named("spell_lost", 1, "sleep is lost from memory"))
				absent(t, ev, "a lost spell is not also prevented", named("spell_prevented", 1, ""))
				before(t, ev, "round 2: damage before her turn prevents casting",
					named("hit", 2, "orc hits ilse"), named("spell_prevented", 2, "ilse cannot cast sleep"))
				absent(t, ev, "round 2: no spell begins", named("spell_begins", 2, ""))
				before(t, ev, "round 3: sleep goes off on Ilse's turn, before the orc acts",
					named("spell_goes_off", 3, "ilse's sleep"), acted("orc", 3))
				before(t, ev, "round 3: the full-round cloudkill resolves last, after the orc's blow",
					named("missed", 3, "orc misses ilse"), named("spell_goes_off", 3, "oswin's cloudkill"))
				if last := ev[len(ev)-2]; last.Name != "spell_goes_off" || !strings.Contains(last.Text, "cloudkill") {
					t.Errorf("the full-round spell is the round's last event, got %q", last.Text)
				}
			}},
		procCase{id: "spell and missile ties", file: "mechanics/cs_spell_ties.fray", ids: []string{"000-09"},
			check: func(t *testing.T, ev []*interp.Event) {
				present(t, ev, "the order names the tie-break between spells and blows", func(e *interp.Event) bool {
					return e.Kind == interp.KOrder && strings.Contains(e.Text,
						"ilse (5), then orc (5) [tie on initiative broken by speed factor or casting time: 2 vs 3], then archer (5) [tie on initiative broken by speed factor or casting time: 3 vs 5], then oswin (5) [tie on initiative broken by speed factor or casting time: 5 vs 7]")
				})
				before(t, ev, "casting time 2 beats speed factor 3", named("spell_goes_off", 1, "ilse"), acted("orc", 1))
				present(t, ev, "speed factor 3 beats casting time 7: the spell is lost", named("spell_lost", 1, "oswin"))
				before(t, ev, "the missile beats a casting time (7) above the die (5)", acted("archer", 1), acted("oswin", 1))
			}},
		procCase{id: "charging into melee", file: "mechanics/cs_charge.fray", ids: []string{"000-08"},
			round: 1, want: acts{0: {"brute", "brawler"}},
			check: func(t *testing.T, ev []*interp.Event) {
				before(t, ev, "the spear strikes the charging brute first", named("first_strike", 1, "kell has the longer reach and strikes brute"), named("hit", 1, "brute hits kell"))
				before(t, ev, "the monk is never unarmed: she strikes the bare-handed brawler first",
					named("first_strike", 1, "tamsin has the longer reach and strikes brawler"), named("missed", 1, "brawler misses tamsin"))
				for _, e := range ev {
					if e.Kind == interp.KRoll && e.Round == 1 && e.Why == "attack_roll" && strings.Contains(e.Text, "first_strike") {
						t.Errorf("a first strike rolls as an attack: %s", e.Text)
					}
				}
			}},
		procCase{id: "readied missile", file: "mechanics/cs_readied_missile.fray", ids: []string{"000-10", "000-11"},
			check: func(t *testing.T, ev []*interp.Event) {
				before(t, ev, "Wren fires before initiative is rolled", named("hit", 1, "wren hits goblin"), func(e *interp.Event) bool {
					return e.Kind == interp.KRoll && e.Why == "init" && e.Round == 1
				})
				present(t, ev, "Fenn's readied sling is wasted", logLine(1, "fenn does not use its readied missile"))
				if n := len(filterEvents(ev, acted("wren", 1))); n != 1 {
					t.Errorf("Wren acts once in round 1, not again on her count: %d acts", n)
				}
				before(t, ev, "firing in melee draws the goblin's attack of opportunity first",
					named("opportunity", 2, "goblin takes an attack of opportunity at wren (missile fire in melee)"), named("hit", 2, "wren hits goblin"))
			}},
		procCase{id: "opportunity and movement", file: "mechanics/cs_opportunity.fray", ids: []string{"000-11", "000-12"},
			check: func(t *testing.T, ev []*interp.Event) {
				present(t, ev, "moving the standard rate still attacks", func(e *interp.Event) bool {
					return e.Kind == interp.KRoll && e.Round == 1 && e.Who == "rolf" && e.Why == "attack_roll"
				})
				present(t, ev, "11 hits Mira's ac 14 while she casts (dexterity bonus 3 lost)", named("hit", 1, "kobold hits mira"))
				present(t, ev, "moving past the standard rate gives up attacks", logLine(2, "mira moves 15\" (more than its 12\"): no attacks"))
				absent(t, ev, "Mira attacks after moving too far", func(e *interp.Event) bool {
					return e.Kind == interp.KRoll && e.Round == 2 && e.Who == "mira"
				})
				absent(t, ev, "the 5' step draws no attack of opportunity", named("opportunity", 2, ""))
				present(t, ev, "moving 10' in melee draws one", named("opportunity", 3, "ogre takes an attack of opportunity at rolf (moving more than 5' in melee range)"))
			}},
		procCase{id: "withdrawal", file: "mechanics/cs_withdrawal.fray", ids: []string{"000-15"},
			check: func(t *testing.T, ev []*interp.Event) {
				before(t, ev, "a followed fall-back keeps fighting", logLine(2, "ogre follows: the fight goes on"), func(e *interp.Event) bool {
					return e.Kind == interp.KRoll && e.Round == 2 && e.Who == "ada" && e.Why == "attack_roll"
				})
				present(t, ev, "an unfollowed fall-back stops", logLine(2, "goblin does not follow"))
				absent(t, ev, "falling back draws no attack of opportunity", named("opportunity", 2, "at bram"))
				absent(t, ev, "the disengaging Cato attacks", func(e *interp.Event) bool {
					return e.Kind == interp.KRoll && e.Round == 2 && e.Who == "cato"
				})
				before(t, ev, "Cato leaves only after everyone has acted", acted("rat", 2), logLine(2, "cato disengages and leaves the fight"))
				before(t, ev, "the fleeing Dell takes an attack at his back", named("opportunity", 2, "wolf takes an attack of opportunity at dell (at the back of a fleeing foe)"), logLine(2, "dell flees"))
				present(t, ev, "Eve surrenders", logLine(2, "eve throws down the weapon and surrenders"))
				// After the withdrawals, the monsters' own blows all go to Ada.
				fled := firstIndex(ev, logLine(2, "eve throws down"))
				if fled < 0 {
					return
				}
				for _, e := range filterEvents(ev[fled:], named("missed", 2, "")) {
					if !strings.HasSuffix(e.Text, " ada") {
						t.Errorf("a blow at someone out of reach or out of the fight: %s", e.Text)
					}
				}
			}},
	)
}

// filterEvents keeps the events that match.
func filterEvents(ev []*interp.Event, ok func(*interp.Event) bool) []*interp.Event {
	var out []*interp.Event
	for _, e := range ev {
		if ok(e) {
			out = append(out, e)
		}
	}
	return out
}

// Adversarial QA of the Crucible of Souls: each case failed before its fix.
func init() {
	mechanicCases = append(mechanicCases,
		procCase{id: "QA free round is a normal round", file: "mechanics/cs_qa_free_round.fray", ids: []string{"000-04", "000-07", "000-13"},
			round: 0, want: acts{0: {"ilse", "oswin", "gorm", "vex"}},
			check: func(t *testing.T, ev []*interp.Event) {
				absent(t, ev, "the surprised troll declares in the free round", func(e *interp.Event) bool {
					return e.Round == 0 && strings.HasPrefix(e.Text, "troll declares")
				})
				present(t, ev, "a spell goes off in the free round", named("spell_goes_off", 0, "ilse's sleep"))
				before(t, ev, "the full-round spell resolves after every blow of the free round",
					named("hit", 0, "vex hits troll"), named("spell_goes_off", 0, "oswin's cloudkill"))
				r0, r1 := attackRolls(ev, 0), attackRolls(ev, 1)
				if r0["gorm"] != 2 || r0["vex"] != 1 {
					t.Errorf("free round: 2/1 attacks twice, 3/2 once; got gorm %d, vex %d", r0["gorm"], r0["vex"])
				}
				if r1["vex"] != 2 {
					t.Errorf("round 1 is the 3/2 fighter's second round: two attacks, got %d", r1["vex"])
				}
			}},
		procCase{id: "QA readied missile disrupts a spell", file: "mechanics/cs_qa_missile_before_spell.fray", ids: []string{"000-07", "000-10", "000-12"},
			check: func(t *testing.T, ev []*interp.Event) {
				before(t, ev, "the readied arrow, then no casting", named("hit", 1, "wren hits morg"), named("spell_prevented", 1, "morg cannot cast bolt"))
				absent(t, ev, "a spell begins after damage this round", named("spell_begins", 1, "morg"))
				absent(t, ev, "a caster moving past its rate begins casting", named("spell_begins", 1, "sly"))
				absent(t, ev, "a spell goes off", named("spell_goes_off", 1, ""))
			}},
		procCase{id: "QA one attack of opportunity a round", file: "mechanics/cs_qa_one_opportunity.fray", ids: []string{"000-11", "000-14"},
			check: func(t *testing.T, ev []*interp.Event) {
				present(t, ev, "Mira, who attacked the ogre, is in its reach", named("opportunity", 2, "ogre takes an attack of opportunity at mira"))
				absent(t, ev, "the ogre takes a second attack of opportunity", named("opportunity", 2, "at rolf"))
				present(t, ev, "no 5' step for Tod, who cannot move", named("opportunity", 2, "goblin takes an attack of opportunity at tod (no 5' step"))
			}},
		procCase{id: "QA whole routines in first strikes and falling back; disengaging", file: "mechanics/cs_qa_routines.fray", ids: []string{"000-08", "000-13", "000-15"},
			check: func(t *testing.T, ev []*interp.Event) {
				r1, r2 := attackRolls(ev, 1), attackRolls(ev, 2)
				if r1["kell"] != 2 || r2["kell"] != 2 {
					t.Errorf("Kell (2/1) strikes first twice and falls back fighting twice: got %d, %d", r1["kell"], r2["kell"])
				}
				before(t, ev, "both of Kell's first blows come before the charger's", named("hit", 1, "kell hits brute"), named("hit", 1, "brute hits kell"))
				present(t, ev, "an unpressed disengage works", logLine(2, "pell disengages and leaves the fight"))
				present(t, ev, "a pressed disengage fails", logLine(2, "lyle tries to disengage, but its foe presses the issue"))
			}},
		procCase{id: "QA three sides", file: "mechanics/cs_qa_three_sides.fray", ids: []string{"000-03", "000-04"},
			round: 0, want: acts{0: {"vor", "elda", "pip", "borin", "ide"}},
			check: func(t *testing.T, ev []*interp.Event) {
				for side, want := range map[string]string{"party": "1-1", "gnolls": "1-6", "cultists": "1-5"} {
					present(t, ev, side+" surprised on "+want, func(e *interp.Event) bool {
						return e.Round == 0 && strings.HasPrefix(e.Text, side+" is ") && strings.Contains(e.Text, "surprised on "+want+")")
					})
				}
				before(t, ev, "the higher surprise die acts first", acted("vor", 0), acted("pip", 0))
			}},
		procCase{id: "QA spells named as declared", file: "mechanics/cs_qa_declared_spells.fray", ids: []string{"000-07", "000-09"},
			check: func(t *testing.T, ev []*interp.Event) {
				before(t, ev, "a declared casting time 1 beats speed factor 3", named("spell_goes_off", 1, "ilse's magic missile"), acted("orc", 1))
				before(t, ev, "a declared full-round spell resolves last", named("missed", 1, "bob misses orc"), named("spell_goes_off", 1, "oswin's cloudkill"))
				present(t, ev, "speed factor 3 beats a declared casting time 5: the declared spell is lost", named("spell_lost", 2, "sleep is lost from memory"))
			}},
		procCase{id: "QA individual variant: casting after a disrupted round", file: "mechanics/cs_qa_individual_casting.fray", ids: []string{"000-05", "000-07"},
			check: func(t *testing.T, ev []*interp.Event) {
				present(t, ev, "struck before his turn, no casting", named("spell_prevented", 1, "ansel"))
				present(t, ev, "the next round he casts", named("spell_goes_off", 2, "ansel's sleep"))
				absent(t, ev, "still disrupted a round later", named("spell_prevented", 2, ""))
			}},
	)
}
