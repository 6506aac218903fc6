package interp_test

import (
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/frayrules/fray/interp"
)

// actsByCount lists who acted at each initiative count of a round of
// the Stress and Wound Points procedure, read from its "initiative K"
// log lines.
func actsByCount(ev []*interp.Event, round int) map[int][]string {
	out := map[int][]string{}
	count, ok := 0, false
	for _, e := range ev {
		if e.Round != round {
			continue
		}
		if e.Kind == interp.KLog && strings.HasPrefix(e.Text, "initiative ") {
			n, err := strconv.Atoi(strings.TrimPrefix(e.Text, "initiative "))
			count, ok = n, err == nil
		}
		if e.Kind == interp.KAct && ok {
			out[count] = append(out[count], e.Who)
		}
	}
	return out
}

func logged(ev []*interp.Event, text string) bool {
	for _, e := range ev {
		if strings.Contains(e.Text, text) {
			return true
		}
	}
	return false
}

func wantCounts(t *testing.T, ev []*interp.Event, round int, want map[int][]string) {
	t.Helper()
	if got := actsByCount(ev, round); !reflect.DeepEqual(got, want) {
		t.Errorf("round %d: who acts at which initiative: got %v, want %v", round, got, want)
	}
}

func wantLogged(t *testing.T, ev []*interp.Event, texts ...string) {
	t.Helper()
	for _, s := range texts {
		if !logged(ev, s) {
			t.Errorf("the log never says %q", s)
		}
	}
}

var stressCases = []procCase{
	{id: "SW order, surprise, shared initiative", file: "mechanics/sw_order_and_surprise.fray", ids: []string{"001-01", "001-03", "001-04", "001-06"},
		check: func(t *testing.T, ev []*interp.Event) {
			wantCounts(t, ev, 1, map[int][]string{6: {"aelis", "gob1", "gob2"}})
			wantLogged(t, ev, "gob2 shares gob1's initiative: base 6",
				"sentry is surprised: it neither declares nor acts this round",
				"order by declaration order, lowest first: aelis (0) = gob1 (0) = gob2 (0) simultaneous",
				"gob1 is Dying", "aelis is Incapacitated", "combat ends in round 1, won by monsters")
			for _, e := range ev {
				if e.Who == "sentry" && (e.Kind == interp.KDeclare || e.Kind == interp.KAct) {
					t.Errorf("the surprised sentry neither declares nor acts in round 1: %s", e.Text)
				}
			}
		}},
	{id: "SW action modifiers and Defense", file: "mechanics/sw_actions_and_defense.fray", ids: []string{"001-07", "001-13", "001-08"},
		check: func(t *testing.T, ev []*interp.Event) {
			wantCounts(t, ev, 1, map[int][]string{4: {"shield", "ogre"}, 6: {"dancer"}, 7: {"slinger"}, 8: {"axe"}, 9: {"guard", "mage"}, 11: {"medic"}})
			wantLogged(t, ev, "defense for shield: base +10, full defense +4 (sum) = +14",
				"defense for ogre: base +10, agility +1, defense bonus +2 (sum) = +13",
				"ogre's armour 2 leaves 2", "guard hits ogre for 1", "ogre holds (19 against TN 18)")
		}},
	{id: "SW Stress, Wound Points, injuries", file: "mechanics/sw_stress_wounds_injuries.fray", ids: []string{"001-10", "001-11", "001-12", "001-14", "001-15"},
		check: func(t *testing.T, ev []*interp.Event) {
			wantLogged(t, ev, "fighter: Stress 11 (2 HD of d8, 1 Strength modifier each)",
				"archer loses 2 Stress (0 left)", "archer loses 3 Wound Point(s)",
				"fighter hits ogre for 6 (critical hit)", "ogre is Incapacitated",
				"table blunt_injury, 2: Broken Shin, on ogre", "ogre takes 3 Agility damage", "ogre: moves at half speed",
				"table piercing_injury, 7: no row; the source leaves this table to be announced (tba), on kobold",
				"ogre acts while down", "ogre is Dying (-1 Wound Points)", "ogre is dying",
				"cleric's Heal check 16 meets TN 16", "ogre is stabilized",
				"kobold dies (-7 Wound Points, Strength 4)",
				"fighter scores a critical hit (a natural 20): 2 damage x3", "ogre suffers a Combat Injury (d% 5 against 6 damage)",
				"ogre is down and out of the fight (-2 Wound Points, stable)", "ogre's ability damage: Agility 3",
				"combat ends in round 2, won by party")
			for _, e := range ev {
				if strings.HasPrefix(e.Text, "ogre loses") && strings.Contains(e.Text, "Stress") {
					t.Errorf("a critical hit bypasses Stress: %s", e.Text)
				}
			}
		}},
	{id: "SW morale and the end of combat", file: "mechanics/sw_morale.fray", ids: []string{"001-08", "001-09"},
		check: func(t *testing.T, ev []*interp.Event) {
			wantLogged(t, ev, "bard intimidates wolf (result 15)", "ogre breaks (8 against TN 13)",
				"wolf checks morale: the outcome is obvious to it", "combat ends in round 1, won by party")
			if n := len(eventsNamed(ev, "flees")); n != 2 {
				t.Errorf("both monsters stop fighting, got %d", n)
			}
		}},
}

// Found by adversarial QA of the ruleset against its document; each case
// fails on the rule file before its fix.
var stressQACases = []procCase{
	{id: "SW QA Stress never below 0, double knock-out", file: "mechanics/sw_weak_stress_double_ko.fray", ids: []string{"001-10", "001-03", "001-09"},
		check: func(t *testing.T, ev []*interp.Event) {
			wantLogged(t, ev, "weakling: Stress -1 (1 HD of d4, -2 Strength modifier each)",
				"weakling's Stress cannot fall below 0: Stress 0",
				"brute hits weakling for 4", "weakling loses 4 Wound Point(s)", "weakling is Incapacitated (0 Wound Points)",
				"brute is Incapacitated (0 Wound Points)",
				"combat ends in round 1: no side stands")
		}},
	{id: "SW QA latecomers: a side still to come, surprised on entering", file: "mechanics/sw_latecomers.fray", ids: []string{"001-05", "001-01", "001-09"},
		check: func(t *testing.T, ev []*interp.Event) {
			wantLogged(t, ev, "lost is absent and has no arrives_round: it never enters the fight",
				"scout enters the fight as the round stands at -2: base initiative 9",
				"sleepy enters the fight as the round stands at 3: base initiative 1",
				"sleepy is surprised: it neither declares nor acts this round")
			wantCounts(t, ev, 1, map[int][]string{5: {"hero"}, 9: {"scout"}})
			wantCounts(t, ev, 2, map[int][]string{5: {"hero"}, 9: {"scout"}})
			wantCounts(t, ev, 3, map[int][]string{1: {"sleepy"}, 5: {"hero"}, 9: {"scout"}})
			for _, e := range ev {
				if e.Who == "sleepy" && e.Round == 2 && (e.Kind == interp.KDeclare || e.Kind == interp.KAct) {
					t.Errorf("the surprised newcomer neither declares nor acts in its first round: %s", e.Text)
				}
			}
		}},
	{id: "SW QA actions declared with their parameters", file: "mechanics/sw_declared_actions.fray", ids: []string{"001-07", "001-11", "001-12", "001-14"},
		check: func(t *testing.T, ev []*interp.Event) {
			wantCounts(t, ev, 1, map[int][]string{4: {"boss"}, 5: {"orc", "rat"}, 6: {"slinger"}, 7: {"mage"}, 8: {"medic"}})
			wantCounts(t, ev, 2, map[int][]string{4: {"boss"}, 5: {"mage", "medic", "slinger"}})
			wantLogged(t, ev, "action_speed for mage: spell speed +2 (sum) = +2",
				"action_speed for medic: consumable +3 (sum) = +3",
				"action_speed for slinger: throw +1 (sum) = +1",
				"mage casts Sleep (TN 10)", "action_speed for mage: spell speed +0 (sum) = +0",
				"orc scores a critical hit (a natural 20): 3 damage x2", "orc hits medic for 6 (critical hit)",
				"medic escapes a Combat Injury (d% 90 is above 6 damage)",
				"orc is down (0 Wound Points) and takes no action",
				"rat is no longer in the fight: the spell has no target",
				"rat is dead: there is nothing to stabilize",
				"slinger's Heal check 15 meets TN 14", "orc is stabilized")
		}},
	{id: "SW QA a stabilized creature wounded again", file: "mechanics/sw_stabilized_hit_again.fray", ids: []string{"001-11", "001-12"},
		check: func(t *testing.T, ev []*interp.Event) {
			wantLogged(t, ev, "cleric's Heal check 17 meets TN 17", "ogre is stabilized",
				"ogre is down (-1 Wound Points) and takes no action",
				"ogre is wounded again and no longer stable")
			dying := 0
			for _, e := range ev {
				if e.Text == "ogre is dying" {
					dying++
					if e.Round != 2 {
						t.Errorf("a stabilized creature loses nothing at the round's end: %s in round %d", e.Text, e.Round)
					}
				}
			}
			if dying != 1 {
				t.Errorf("ogre should lose a Wound Point at the end of round 2 only, got %d", dying)
			}
		}},
}

var stressWorked = []procCase{
	{id: "W3 agility and base initiative", file: "worked/w03_agility_and_base_initiative.fray", ids: []string{"001-02"},
		check: func(t *testing.T, ev []*interp.Event) {
			wantLogged(t, ev, "nimble: base initiative 5 (d12 - 2)", "clumsy: base initiative 8 (d12 + 1)")
			wantCounts(t, ev, 1, map[int][]string{5: {"nimble"}, 8: {"clumsy"}})
		}},
	{id: "W4 ghoul joins mid-round", file: "worked/w04_ghoul_joins_mid_round.fray", ids: []string{"001-05"},
		check: func(t *testing.T, ev []*interp.Event) {
			wantLogged(t, ev, "ghoul enters the fight as the round stands at 13: base initiative 8",
				"ghoul's initiative 8 has passed: next round it acts at -4 as well")
			wantCounts(t, ev, 1, map[int][]string{5: {"brom"}, 6: {"orc"}})
			wantCounts(t, ev, 2, map[int][]string{-4: {"ghoul"}, 5: {"brom"}, 6: {"orc"}, 8: {"ghoul"}})
			wantCounts(t, ev, 3, map[int][]string{5: {"brom"}, 6: {"orc"}, 8: {"ghoul"}})
		}},
}

// declareOrder lists who declared in a round, in order.
func declareOrder(ev []*interp.Event, round int) []string {
	var out []string
	for _, e := range ev {
		if e.Kind == interp.KDeclare && e.Round == round {
			out = append(out, e.Who)
		}
	}
	return out
}

func init() {
	stressCases = append(stressCases, procCase{id: "SW declaring by Agility (variant)", file: "mechanics/sw_declaration_order.fray", ids: []string{"001-06"},
		check: func(t *testing.T, ev []*interp.Event) {
			wantLogged(t, ev, "order by declaration order, lowest first: ilka (-16), then ogre (-12), then brom (-8)")
			if got := strings.Join(declareOrder(ev, 1), " "); got != "ilka ogre brom" {
				t.Errorf("the most agile declares first: got %q", got)
			}
		}})
	mechanicCases = append(mechanicCases, stressCases...)
	mechanicCases = append(mechanicCases, stressQACases...)
	workedCases = append(workedCases, stressWorked...)
}
