package check

import (
	"context"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/frayrules/fray/dsl/syntax"
	"github.com/frayrules/fray/stdlib"
)

// TypeKind is the kind of a rule-language type.
type TypeKind int

const (
	KInt TypeKind = iota
	KFloat
	KBool
	KString
	KDice
	KCombatant
	KSide
	KList
	KAny
)

// Type is a rule-language type and the Go type that carries it at run time.
// Combatants and sides are structs made with reflect.StructOf from the
// ruleset's attribute declarations, so expr-lang type-checks field access.
type Type struct {
	Kind TypeKind
	Elem *Type
	R    reflect.Type
	// Groups: for a map groupBy makes of a list of combatants or sides
	// (Kind any), what it holds (group_maps.go); nil for any other type.
	Groups *Grouping
}

func (t *Type) String() string {
	switch t.Kind {
	case KInt:
		return "int"
	case KFloat:
		return "float"
	case KBool:
		return "bool"
	case KString:
		return "string"
	case KDice:
		return "dice"
	case KCombatant:
		return "combatant"
	case KSide:
		return "side"
	case KList:
		return "list[" + t.Elem.String() + "]"
	}
	return "any"
}

var (
	ctxType   = reflect.TypeOf((*context.Context)(nil)).Elem()
	intType   = reflect.TypeOf(0)
	floatType = reflect.TypeOf(0.0)
	boolType  = reflect.TypeOf(false)
	strType   = reflect.TypeOf("")
	diceType  = reflect.TypeOf(stdlib.Dice{})
	anyType   = reflect.TypeOf((*any)(nil)).Elem()
)

// Universe holds the types of one ruleset.
type Universe struct {
	Combatant *Type // pointer to the combatant struct
	Side      *Type // pointer to the side struct
	Int       *Type
	Float     *Type
	Bool      *Type
	String    *Type
	Dice      *Type
	Any       *Type

	CombatantAttrs []*Attr // in field order, built-ins first
	SideAttrs      []*Attr
	// combatantByName and sideByName index the lists by name (AttrOf).
	combatantByName, sideByName map[string]*Attr
	friendly                    *strings.Replacer
}

// Attr is an attribute of combatants or sides.
type Attr struct {
	Name    string
	Type    *Type
	Field   int  // index in the struct
	Builtin bool // name, side, alive, action, present, x, y: provided by fray
	// Settable built-ins (present, x and y) may be set by encounters and
	// rules.
	Settable bool
	Decl     *syntax.AttrDecl
	Default  *CExpr
	Used     bool
	// Derived: the engine computes the attribute from Default, in a
	// frame whose self is the combatant (derived.go); rules and
	// encounters cannot set it.
	Derived *DerivedAttr
	// Ref names the function that reads an attribute holding a
	// combatant, a side or a list of them (refs.go): "" for others.
	Ref string
}

// Struct fields of the built-in attributes, in the order buildTypes lays
// them out: every combatant and side starts with its name; a combatant
// then has its side, whether it is alive and its declared action.
const (
	FieldName   = 0
	FieldSide   = 1
	FieldAlive  = 2
	FieldAction = 3
	// FieldPresent is whether the combatant is in the fight: false for
	// one that has not arrived yet (it neither declares nor acts, and
	// living and standing leave it out until a rule sets it true).
	FieldPresent = 4
	FieldX       = 5
	FieldY       = 6
	// FieldState is why a living combatant is out of the fight ("fled",
	// "asleep", ...; "" while it fights): like an absent one, it is not
	// living, does not declare or act, and its side does not stand on it.
	FieldState = 7
)

// StateAttr is the built-in combatant attribute at FieldState. It is
// kept out of combatantBuiltins so that the hint that lists those stays
// as it was; schemaAttrs reserves it on its own.
const StateAttr = "state"

// Built-in attributes every combatant and side has.
var (
	combatantBuiltins = []string{"name", "side", "alive", "action", "present", "x", "y"}
	sideBuiltins      = []string{"name"}
)

// HiddenIndexField is the struct field that stores a combatant's or side's
// index in the run; expr-lang cannot see it.
const HiddenIndexField = "Idx"

func scalar(k TypeKind, r reflect.Type) *Type { return &Type{Kind: k, R: r} }

// ListOf makes list[t].
func ListOf(t *Type) *Type {
	if t.R == nil {
		// An entity type whose struct is still being built; the caller
		// reports it before anything needs its Go type.
		return &Type{Kind: KList, Elem: t}
	}
	return &Type{Kind: KList, Elem: t, R: reflect.SliceOf(t.R)}
}

func structOf(attrs []*Attr) reflect.Type {
	fields := make([]reflect.StructField, 0, len(attrs)+1)
	for i, a := range attrs {
		a.Field = i
		ft, tag := a.Type.R, exprTag(a.Name)
		if a.Ref != "" { // v2: a reference, held untyped (refs.go)
			ft, tag = anyType, refTag(a.Name, a.Ref)
		}
		fields = append(fields, reflect.StructField{
			Name: fmt.Sprintf("F%d", i),
			Type: ft,
			Tag:  tag,
		})
	}
	fields = append(fields, reflect.StructField{Name: HiddenIndexField, Type: intType, Tag: `expr:"-"`})
	return reflect.StructOf(fields)
}

// AttrOf is the attribute of sides (side) or of combatants with that
// name, or nil, found in one look-up: scanned in the list, each of an
// encounter's 40 000 settings read the attributes before it (lint 2.8 s
// of CPU, a quarter of that for 10 000), and so did each rule's
// assignment.
func (u *Universe) AttrOf(side bool, name string) *Attr {
	if side {
		return u.sideByName[name]
	}
	return u.combatantByName[name]
}

// attrsByName indexes attrs by name, the first of a name kept.
func attrsByName(attrs []*Attr) map[string]*Attr {
	m := make(map[string]*Attr, len(attrs))
	for i := len(attrs) - 1; i >= 0; i-- {
		m[attrs[i].Name] = attrs[i]
	}
	return m
}

// Friendly rewrites Go type names in expr-lang's messages into the
// language's own names.
func (u *Universe) Friendly(msg string) string {
	if u.friendly == nil {
		return msg
	}
	return u.friendly.Replace(msg)
}

func (u *Universe) buildFriendly() {
	c, s := u.Combatant.R, u.Side.R
	u.friendly = strings.NewReplacer(
		"[]"+c.String(), "list[combatant]",
		"[]"+s.String(), "list[side]",
		c.String(), "combatant",
		s.String(), "side",
		c.Elem().String(), "combatant",
		s.Elem().String(), "side",
		"stdlib.Dice", "dice",
		// An expectation's events (testenv.go): not Go's type name
		// (the tenth homebrew round read "mismatched types int and
		// check.TestEvent").
		"[]"+testEventName, "list[event]",
		testEventName, "event",
		// A function named without its call (round >= 0 in an
		// expectation, where round is expr-lang's): not Go's signature.
		"func(...interface {}) (interface {}, error)", "function",
		"func(...any) (any, error)", "function",
		"[]interface {}", "list", // before []int, which it starts with
		"[]any", "list",
		"[]float64", "list[float]",
		"[]int", "list[int]",
		"[]string", "list[string]",
		"[]bool", "list[bool]",
		"float64", "float",
		"interface {}", "any",
		// The readers of optional values (optional.go) are the rule's ?? and reads.
		"to call "+optOrPrefix+"int ", "to ??",
		"to call "+optOrPrefix+"float ", "to ??",
		"to call "+optOrPrefix+"string ", "to ??",
		"to call "+optOrPrefix+"bool ", "to ??",
		"to call "+optOrPrefix+"dice ", "to ??",
		"to call "+orCombatant+" ", "to ??",
		"to call "+orSide+" ", "to ??",
		"to call "+orAny+" ", "to ??",
	)
}

// Resolve maps a stdlib kind to this ruleset's type.
func (u *Universe) Resolve(k stdlib.Kind) *Type {
	switch k {
	case stdlib.Int:
		return u.Int
	case stdlib.Float:
		return u.Float
	case stdlib.Bool:
		return u.Bool
	case stdlib.String:
		return u.String
	case stdlib.DiceKind:
		return u.Dice
	case stdlib.Combatant:
		return u.Combatant
	case stdlib.Side:
		return u.Side
	case stdlib.Combatants:
		return ListOf(u.Combatant)
	case stdlib.Sides:
		return ListOf(u.Side)
	case stdlib.Ints:
		return ListOf(u.Int)
	}
	return u.Any
}

// TypeOfR maps a Go type from expr-lang back to a language type.
func (u *Universe) TypeOfR(r reflect.Type) *Type {
	if r == nil {
		return u.Any
	}
	switch r {
	case intType:
		return u.Int
	case floatType:
		return u.Float
	case boolType:
		return u.Bool
	case strType:
		return u.String
	case diceType:
		return u.Dice
	case u.Combatant.R:
		return u.Combatant
	case u.Side.R:
		return u.Side
	}
	switch r.Kind() {
	case reflect.Slice:
		return ListOf(u.TypeOfR(r.Elem()))
	case reflect.Int, reflect.Int64, reflect.Int32:
		return u.Int
	case reflect.Float32:
		return u.Float
	}
	return &Type{Kind: KAny, R: r}
}

// Assignable reports whether a value of type from may be stored as to.
func Assignable(from, to *Type) bool {
	if from.Kind == KAny || to.Kind == KAny {
		return true
	}
	if from.Kind == KInt && to.Kind == KFloat {
		return true
	}
	if from.Kind == KList && to.Kind == KList {
		return Assignable(from.Elem, to.Elem)
	}
	return from.Kind == to.Kind
}

// Frame is the environment struct of one body (a phase, an action, a
// handler, ...): the globals every body sees, then the body's own locals.
// One instance is the expr-lang environment while the body runs.
type Frame struct {
	Name   string
	Fields []*FrameField
	R      reflect.Type // the struct type
	stale  bool         // fields changed since R was made (buildLater)
	index  frameIndex   // fields by name (frame_index.go)
	// numbered is how many of Fields have their Index (buildLater).
	numbered int
}

// FrameField is one global or local of a frame.
type FrameField struct {
	Name   string
	Type   *Type
	Index  int
	Global bool
	Decl   *syntax.Name // where a local was declared
	param  bool         // a parameter or self: visible in the whole body
	// tag is the struct tag made for Name (which never changes), kept
	// for the frame's rebuilds.
	tag reflect.StructTag
}

// Lookup finds a frame field by name.
func (f *Frame) Lookup(name string) *FrameField {
	if at := f.positions(name); len(at) > 0 {
		return f.Fields[at[0]]
	}
	return nil
}

// buildLater numbers the fields and leaves the struct type to be made
// when next needed (ensure): a body declares its locals one by one, and
// only its expressions need the type. Fields are only appended, so
// only those after the ones numbered last time are numbered (a body of
// a hundred thousand lets renumbered them all at each let).
func (f *Frame) buildLater() {
	from := f.numbered
	if from > len(f.Fields) || from > 0 && f.Fields[from-1].Index != from-1 {
		from = 0
	}
	for i := from; i < len(f.Fields); i++ {
		f.Fields[i].Index = i
	}
	f.numbered = len(f.Fields)
	f.stale = true
}

// ensure makes the struct type if fields changed since it was made.
func (f *Frame) ensure() {
	if f.stale || f.R == nil {
		f.build()
	}
}

// viewFor is what expr-lang types e against: the fields e names (and
// ctx, which the library's functions receive), by name and type. That
// is enough to type e, though not to run it: bytecode is made against
// the frame's struct R, where each field has its place. Checking
// against views rather than the whole frame spares a struct type per
// let while a body's locals are learned, and lets every body that
// checks the same text with the same names and types share one check.
func (f *Frame) viewFor(e *syntax.Expr) *view {
	fs := f.fieldsNamed(e.Names())
	for _, ff := range fs {
		if ff.tag == "" {
			ff.tag = exprTag(ff.Name)
		}
	}
	return frameTypes.view(fs)
}

// A view is a list of frame fields by name and type, made once for each
// such list (so a pointer names it). expr-lang sees it as a map of
// those names to values of those types (viewConfig).
type view struct {
	names []string
	types []reflect.Type
	// groups: what each field holds when it is a map groupBy made of
	// combatants or sides (group_maps.go); nil for the others.
	groups []*Grouping
}

func (f *Frame) build() {
	f.stale = false
	f.numbered = len(f.Fields)
	for i, ff := range f.Fields {
		ff.Index = i
		if ff.tag == "" {
			ff.tag = exprTag(ff.Name)
		}
	}
	f.R = frameTypes.of(f.Fields)
}

// frameTypes remembers the struct type made for each list of frame
// fields, and the view made for each list. reflect.StructOf returns the
// same type for the same fields anyway, but only after describing and
// hashing them all; most bodies of a ruleset (and all of a variant's)
// repeat the same lists, so a lookup by a short key is much cheaper,
// and one view for one list lets checks be shared by pointer.
var frameTypes = &structCache{types: map[string]reflect.Type{}, views: map[string]*view{}, ids: map[reflect.Type]int{}}

type structCache struct {
	mu    sync.Mutex
	types map[string]reflect.Type // by the fields' tags and type numbers
	views map[string]*view        // by the same key
	ids   map[reflect.Type]int    // a number for each field type seen
	buf   []byte                  // for key
}

// key names a list of fields by their tags and type numbers; the
// caller holds mu, and the key is good until the next call.
func (sc *structCache) key(fs []*FrameField) []byte {
	key := sc.buf[:0]
	for _, ff := range fs {
		id, ok := sc.ids[ff.Type.R]
		if !ok {
			id = len(sc.ids) + 1
			sc.ids[ff.Type.R] = id
		}
		key = append(key, ff.tag...)
		key = append(key, 0)
		key = strconv.AppendInt(key, int64(id), 10)
		if g := ff.Type.Groups; g != nil {
			// A map groupBy made of combatants or sides is checked
			// apart from any other map (its predicates are typed:
			// group_maps.go): its key and list types are part of the key.
			lid, ok := sc.ids[g.List.R]
			if !ok {
				lid = len(sc.ids) + 1
				sc.ids[g.List.R] = lid
			}
			key = append(key, 2, byte('0'+g.Key.Kind))
			key = strconv.AppendInt(key, int64(lid), 10)
		}
		key = append(key, 1)
	}
	sc.buf = key
	return key
}

func (sc *structCache) of(fs []*FrameField) reflect.Type {
	sc.mu.Lock()
	defer sc.mu.Unlock()
	key := sc.key(fs)
	if t, ok := sc.types[string(key)]; ok {
		return t
	}
	fields := make([]reflect.StructField, len(fs))
	for i, ff := range fs {
		fields[i] = reflect.StructField{Name: fieldName(i), Type: ff.Type.R, Tag: ff.tag}
	}
	t := reflect.StructOf(fields)
	sc.types[string(key)] = t
	return t
}

// view is the view of the fields, the same for the same names and types.
func (sc *structCache) view(fs []*FrameField) *view {
	sc.mu.Lock()
	defer sc.mu.Unlock()
	key := sc.key(fs)
	if v, ok := sc.views[string(key)]; ok {
		return v
	}
	v := &view{names: make([]string, len(fs)), types: make([]reflect.Type, len(fs)), groups: make([]*Grouping, len(fs))}
	for i, ff := range fs {
		v.names[i], v.types[i], v.groups[i] = ff.Name, ff.Type.R, ff.Type.Groups
	}
	sc.views[string(key)] = v
	return v
}

// exprTag is the struct tag that gives a field its rule-language name.
func exprTag(name string) reflect.StructTag {
	return reflect.StructTag("expr:" + strconv.Quote(name))
}

// fieldNames are the Go names of frame fields, made once.
var fieldNames = func() []string {
	out := make([]string, 256)
	for i := range out {
		out[i] = fmt.Sprintf("V%d", i)
	}
	return out
}()

func fieldName(i int) string {
	if i < len(fieldNames) {
		return fieldNames[i]
	}
	return fmt.Sprintf("V%d", i)
}

// Global frame fields, in order; every frame starts with them.
const (
	GCtx = iota
	GRound
	GSegment
	GSides
	GCombatants
	numFixedGlobals
)

func ptrTo(t reflect.Type) reflect.Type { return reflect.PointerTo(t) }

func decodeRune(s string) (rune, int) { return utf8.DecodeRuneInString(s) }

// Article is "a" or "an" before the type's name, for messages.
func (t *Type) Article() string {
	n := t.String()
	if strings.ContainsRune("aeiou", rune(n[0])) {
		return "an " + n
	}
	return "a " + n
}
