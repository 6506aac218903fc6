package interp_test

import (
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/interp"
)

// logLines are the texts of a run's events, in order.
func logLines(ev []*interp.Event) []string {
	var out []string
	for _, e := range ev {
		out = append(out, e.Text)
	}
	return out
}

// wantInOrder checks that the lines appear in the log, in this order.
func wantInOrder(lines ...string) func(t *testing.T, ev []*interp.Event) {
	return func(t *testing.T, ev []*interp.Event) {
		t.Helper()
		log := logLines(ev)
		i := 0
		for _, l := range log {
			if i < len(lines) && strings.TrimSpace(l) == lines[i] {
				i++
			}
		}
		if i < len(lines) {
			t.Errorf("the log lacks, in order, %q (after %q):\n%s", lines[i], lines[:i], strings.Join(log, "\n"))
		}
	}
}

// wantNone checks that no log line contains any of the texts.
func wantNone(texts ...string) func(t *testing.T, ev []*interp.Event) {
	return func(t *testing.T, ev []*interp.Event) {
		t.Helper()
		for _, l := range logLines(ev) {
			for _, x := range texts {
				if strings.Contains(l, x) {
					t.Errorf("the log should not have %q: %q", x, l)
				}
			}
		}
	}
}

func both(fs ...func(t *testing.T, ev []*interp.Event)) func(t *testing.T, ev []*interp.Event) {
	return func(t *testing.T, ev []*interp.Event) {
		t.Helper()
		for _, f := range fs {
			f(t, ev)
		}
	}
}

// roundActs is who acts in a round, in order.
func roundActs(ev []*interp.Event, round int) []string {
	var out []string
	for _, e := range ev {
		if e.Kind == interp.KAct && e.Round == round {
			out = append(out, e.Who)
		}
	}
	return out
}

var shockCases = []procCase{
	{id: "003 grid, cover and the attack roll", file: "mechanics/g3_grid_cover.fray", ids: []string{"003-01", "003-13"},
		check: wantInOrder(
			"ilse rolls d20 for attack_roll: 14",
			"situation for ilse: the target has half cover -2 (sum) = -2",
			"ilse's attack total 16 against AC 13", // 14 + 1 + 2 + 1 - 2
			"forbidden for pim: no line of sight +1 (max) = +1",
			"pim cannot make that attack",
			"rask rolls d20 for attack_roll: 9",
			"rask's attack total 11 against AC 13", // an NPC: 9 + 2 HD, no cover
		)},
	{id: "003 initiative of three sides", file: "mechanics/g3_initiative_three_sides.fray", ids: []string{"003-02"},
		check: func(t *testing.T, ev []*interp.Event) {
			wantInOrder(
				"party rolls 4 + 1 for initiative = 5",
				"orcs rolls 5 + 0 for initiative = 5",
				"wolves rolls 2 + 0 for initiative = 2",
			)(t, ev)
			for r := 1; r <= 2; r++ {
				if got := roundActs(ev, r); !reflect.DeepEqual(got, []string{"ana", "bo", "grub", "fang"}) {
					t.Errorf("round %d: the party wins its tie with the orcs, then the wolves: %v", r, got)
				}
			}
			n := 0
			for _, e := range ev {
				if e.Kind == interp.KRoll && e.Why == "initiative_roll" {
					n++
				}
			}
			if n != 3 {
				t.Errorf("initiative is rolled once per combat per side: %d rolls", n)
			}
		}},
	{id: "003 surprise", file: "mechanics/g3_surprise.fray", ids: []string{"003-03"},
		check: both(wantInOrder(
			"party anticipates combat and cannot be surprised",
			"bandits DEX/Sneak 8 against wolves WIS/Notice 5",
			"wolves is surprised: the opposed check",
			"orcs is surprised: the GM says so",
			"the free round",
		), func(t *testing.T, ev []*interp.Event) {
			if got := roundActs(ev, 0); !reflect.DeepEqual(got, []string{"ana", "rask", "mott"}) {
				t.Errorf("the free round: only the unsurprised act, got %v", got)
			}
		})},
	{id: "003 actions and attacks of opportunity", file: "mechanics/g3_actions_aoo.fray", ids: []string{"003-04", "003-05", "003-06", "003-12"},
		check: both(wantInOrder(
			"ana: run (Move)",
			`table combat_action, "run": Move (1)`,
			"orc gets an attack of opportunity on ana (run)",
			"bo: disengage (Main)",
			"bo has disengaged: no attack of opportunity",
			"cai spends its Main action as a second Move",
			"goblin gets an attack of opportunity on dag (stand up)",
			"situation for goblin: attacking an adjacent prone foe +2 (sum) = +2",
			"eli: go prone (Free)",
			"orc: total defense (Instant)",
		), wantNone("kobold gets an attack of opportunity"))},
	{id: "003 ranged attacks in melee", file: "mechanics/g3_ranged_in_melee.fray", ids: []string{"003-07"},
		check: wantInOrder(
			"situation for tam: thrown attack while in melee -4 (sum) = -4",
			"situation for uli: one-handed ranged weapon while in melee -4 (sum) = -4",
			"forbidden for vic: shooting a bow or crossbow while in melee +1 (max) = +1",
			"vic cannot make that attack",
		)},
	{id: "003 snap attack, held action, total defense", file: "mechanics/g3_snap_hold_defense.fray", ids: []string{"003-08", "003-12"},
		check: both(wantInOrder(
			"sif is ready to snap at ogre", // readied when declared (Instant)
			"pia: total defense (Instant)",
			"hal: hold an action (Move)",
			"hal triggers its held action: ogre acts (Instant)",
			"sif: snap attack (Instant)",
			"sif's attack total 12 against AC 11", // 16 - 4
			"sif hits ogre for 2",
			"ogre acts: attack(target=pia)",
			"ogre's attack total 13 against AC 14", // Pia's 12 + 2
			"pia is immune to Shock (Total Defense)",
		), wantNone("deals 3 Shock"))},
	{id: "003 swarm damage and Shock", file: "mechanics/g3_swarm_shock.fray", ids: []string{"003-09"},
		check: both(wantInOrder(
			"ann strikes for a swarm of 2: +2 to hit, +1 damage",
			"ann rolls d6 for damage_roll: 6",
			"ann hits page for 6", // not 7: a d6's maximum
			"cat's attack total 5 against AC 18",
			"cat misses knight but deals 1 Shock", // AC 18 > 10 and a shield
		), wantNone("shield ignores"))},
	{id: "003 charge", file: "mechanics/g3_charge.fray", ids: []string{"003-10"},
		check: wantInOrder(
			"kell: charge (Move+Main)",
			"kell moves to (4,1)",
			"kell's attack total 12 against AC 12", // 10 + 2
			"lio cannot charge goblin: 5' away",
			"orc's attack total 11 against AC 11", // Kell's 13 - 2
		)},
	{id: "003 screen an ally", file: "mechanics/g3_screen.fray", ids: []string{"003-11"},
		check: wantInOrder(
			"bandit rolls 7 against the screen",
			"rolf screens with 10",
			"sten screens with 8",
			"sten screens wiz: the attack of bandit targets sten",
			"bandit misses sten",
		)},
	{id: "003 Shock", file: "mechanics/g3_shock.fray", ids: []string{"003-14"},
		// hurt and strike are silent events (template ""): not logged.
		check: both(wantNone("hurt(", "strike("), wantInOrder(
			"brak misses knight but deals 3 Shock", // 2/- plus his modifier, against AC 19
			"squire's shield ignores the first Shock of the round",
			"dune misses squire but deals 2 Shock",
			"esk rolls d4 for damage_roll: 1",
			"esk hits page for 4", // never less than her Shock
		))},
	{id: "003 grappling, shoving, two weapons", file: "mechanics/g3_grapple_dual.fray", ids: []string{"003-15"},
		check: wantInOrder(
			`table size_penalty, "large": -2`,
			"grapple: gorm 11 against ogre 5",
			"gorm grapples ogre",
			"hild knocks goblin prone",
			"ivo's attack total 12 against AC 12", // 12 + 1 - 1
			"ivo hits rat for 5",                  // 3 + 2
			"ogre is grappled by gorm",
			"gorm hits ogre for 4", // unarmed d2 2 + STR 1 + Brawl 1
		)},
	{id: "003 execution attacks", file: "mechanics/g3_execution.fray", ids: []string{"003-16"},
		check: wantInOrder(
			"nim spends a minute preparing an execution attack on sentry",
			"nim's DEX/Shoot check: 11 (+4 for distance) against 8, AC ignored",
			"sentry fails the Physical save (8 after -1) and drops to 0 HP",
			"sentry falls",
			"the melee execution attack hits automatically",
			"cook saves (17 after -2) and takes maximum damage",
			"oda hits cook for 9",
			"guard is alert: no execution attack",
		)},
	// QA of 003 (adversarial encounters): each fails under the rule file
	// before the QA fixes.
	{id: "003 QA Instant actions out of turn", file: "mechanics/g3_qa_instant_out_of_turn.fray", ids: []string{"003-08"},
		check: both(wantInOrder(
			"veteran is ready to snap at ana",
			"orc is not a well-trained NPC and cannot Snap Attack",
			"veteran: snap attack (Instant)", // before Ana acts, though the orcs act last
			"veteran's attack total 13 against AC 10",
			"ana acts: attack(target=veteran)",
			"bo rolls d20 for attack_roll: 11",
			"guard sees the roll and takes Total Defense",
			"bo's attack total 11 against AC 14",
			"bo misses guard",
			"guard took Total Defense before its turn; it ends now",
		), wantNone("orc attacks"))},
	{id: "003 QA moving", file: "mechanics/g3_qa_moving.fray", ids: []string{"003-06", "003-12"},
		check: both(wantInOrder(
			"ana moves to (2,2)",
			"bo cannot run to (5,2): 20' away, 15' allowed (double = true runs twice)",
			"cai cannot run to (8,3): 35' away, 30' allowed (double = true runs twice)",
			"goblin moves to (2,3)",
			"dag triggers its held action: goblin comes adjacent (Instant)",
			"dag hits goblin for 4",
			"goblin attacks dag (melee)",
		), wantNone("attack of opportunity"))},
	{id: "003 QA maneuvers", file: "mechanics/g3_qa_maneuvers.fray", ids: []string{"003-05", "003-09", "003-10", "003-11", "003-15"},
		check: both(wantInOrder(
			"kell cannot charge orc: no clear straight run of at most 60' ends next to it",
			"lio moves to (6,1)",
			"lio's attack total 15 against AC 12",
			"hild forces goblin into (2,4)",
			"mo is grappling or grappled and cannot move",
			"pip's attack total 4 against AC 30",
			"ogre gets an attack of opportunity on sten (screen an ally)",
			"sten screens wiz against 1 attacker(s)",
			"s4 strikes for a swarm of 4: +6 to hit, +3 damage",
			"s5 cannot join the swarm on troll: 4 already assail it",
			"pip: reload (Main)",
		), wantNone("mo: run", "pip rolls d20 for attack_roll: 2", "kell: charge"))},
}

var shockWorked = []procCase{
	{id: "W11 Shock 2/AC 15 misses AC 13", file: "worked/w11_shock_2_ac_15.fray", ids: []string{"003-14"},
		check: wantInOrder("mara's attack total 5 against AC 13", "mara misses bandit but deals 2 Shock")},
	{id: "W12 a swarm of four", file: "worked/w12_swarm_of_four.fray", ids: []string{"003-09"},
		check: wantInOrder(
			"ann joins the swarm on troll",
			"bea joins the swarm on troll",
			"cat joins the swarm on troll",
			"dee strikes for a swarm of 4: +6 to hit, +3 damage",
			"dee's attack total 14 against AC 14",
			"dee hits troll for 5",
		)},
}

func init() {
	mechanicCases = append(mechanicCases, shockCases...)
	workedCases = append(workedCases, shockWorked...)
}

// The variant gives initiative ties to the monsters: with the same dice,
// the orcs act before the party, which the base puts first.
func TestShockMonstersWinTiesVariant(t *testing.T) {
	encPath := filepath.Join("..", "testdata", "mechanics", "g3_initiative_three_sides.fray")
	order := func(rules string) []string {
		enc, diags := check.UnderRoot("..").LoadEncounter(encPath, rules, diag.Sources{})
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		var ev []*interp.Event
		if _, err := interp.New(interp.Lower(enc.Rules), enc, interp.Options{Dice: enc.Dice, Sink: func(e *interp.Event) { ev = append(ev, e) }}).Play(); err != nil {
			t.Fatal(err)
		}
		return roundActs(ev, 1)
	}
	if got := order(""); !reflect.DeepEqual(got, []string{"ana", "bo", "grub", "fang"}) {
		t.Errorf("base: the party wins the tie, got %v", got)
	}
	variant := filepath.Join("..", "rules", "variants", "shock_and_swarm_monsters_win_ties.fray")
	if got := order(variant); !reflect.DeepEqual(got, []string{"grub", "ana", "bo", "fang"}) {
		t.Errorf("variant: the monsters win the tie, got %v", got)
	}
}

// The example encounter runs to the end with its seed.
func TestAmbushAtTheFordEnds(t *testing.T) {
	enc, diags := check.UnderRoot("..").LoadEncounter(filepath.Join("..", "testdata", "encounters", "ambush_at_the_ford.fray"), "", diag.Sources{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	res, err := interp.New(interp.Lower(enc.Rules), enc, interp.Options{Seed: enc.Seed}).Play()
	if err != nil {
		t.Fatal(err)
	}
	if res.Capped || len(res.Standing) != 1 {
		t.Errorf("the fight should end with one side standing: %+v", res)
	}
}
