package check

import (
	"reflect"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
	exprparser "github.com/expr-lang/expr/parser"
	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/dsl/syntax"
)

// A Linter checks many files in one run and shares the work they have in
// common: a file read twice (a base and the variants that extend it) is
// parsed once, and an expression is type-checked once for all the places
// that check the same text with the same names and types (the bodies of
// a file, a base's bodies inside each of its variants, a ruleset under
// each of its encounters). It is safe for concurrent use. Every check
// has one: a file checked alone gets its own (see check).
//
// Sharing is sound because a result is keyed by everything expr-lang's
// checker reads: the names and types of the fields the expression
// names (its view, see Frame.viewFor), the functions declared before it
// (names and signatures), the node limit, the text (from its first
// token, Expr.Text) and its dice. The syntax trees and typed expression trees it
// hands out are only read: the optimizer has run before they are kept,
// and bytecode is compiled from them without changing them.
type Linter struct {
	opts  Options // with defaults filled in
	mu    sync.Mutex
	files map[string]*parsedFile
	exprs map[exprKey]exprResult
	sigs  map[sigKey]int
	libs  map[stdlibKey]stdlibOpts
	parts map[partKey]partResult
	// overlay holds texts that stand for files on disk (an editor's
	// unsaved buffers, see overlay.go); nil for the command line.
	overlay map[string]string
	// texts are the files read, by cleaned path (read.go).
	texts  map[string]sourceRead
	inside map[string]insideResult
	encs   map[[2]string]loadedEncounter // the encounters test files name (testfile.go)
	// mergeWalked counts the declarations the merges of chains of
	// variants made or looked at (merge_chain.go), for the tests that
	// hold it linear in the chain.
	mergeWalked atomic.Int64
	// layers are the rule files checked by Lint, by name, each
	// once (layer.go); constsChecked counts the constants checked, for
	// the tests that hold a folder of a chain linear in its files.
	layers        map[string]*layerOnce
	words         map[*syntax.File]map[string]int // layer.go
	constsChecked atomic.Int64
	rootOnce      sync.Once
	absRoot       string
	rootErr       error
}

// NewLinter makes a Linter with nothing shared yet, loading and checking
// with the options.
func (o Options) NewLinter() *Linter {
	return &Linter{opts: o.withDefaults(), files: map[string]*parsedFile{}, exprs: map[exprKey]exprResult{}, sigs: map[sigKey]int{}, libs: map[stdlibKey]stdlibOpts{}, parts: map[partKey]partResult{}, texts: map[string]sourceRead{}, inside: map[string]insideResult{}, encs: map[[2]string]loadedEncounter{}, layers: map[string]*layerOnce{}, words: map[*syntax.File]map[string]int{}}
}

// Lint checks one file of either kind and returns every diagnostic; the
// texts read are added to src.
func (l *Linter) Lint(path string, src diag.Sources) diag.Diagnostics {
	f, diags := l.readFile(path, src)
	if f == nil {
		return diags
	}
	if f.IsTestFile() { // a *_test.fray file: testfile.go
		_, d := l.checkTests(f, src)
		return d
	}
	if IsEncounter(f) {
		_, d := l.loadEncounterFile(f, "", src)
		return d
	}
	return l.lintRuleset(f, src)
}

type parsedFile struct {
	text  string
	f     *syntax.File
	diags diag.Diagnostics
}

// parse is Parse, once per text of a path.
func (l *Linter) parse(path, text string) (*syntax.File, diag.Diagnostics) {
	l.mu.Lock()
	p := l.files[path]
	l.mu.Unlock()
	if p == nil || p.text != text {
		p = &parsedFile{text: text}
		p.f, p.diags = l.opts.Limits.Syntax().Parse(path, text)
		l.mu.Lock()
		l.files[path] = p
		l.mu.Unlock()
	}
	// Callers may adjust the diagnostics they get (a base's read error
	// is reworded by the file that extends it): each gets its own.
	out := make(diag.Diagnostics, len(p.diags))
	for i, d := range p.diags {
		cp := *d
		out[i] = &cp
	}
	return p.f, out
}

// exprKey is what expr-lang's type check of an expression depends on.
type exprKey struct {
	env   *view // the names and types of the fields it reads
	sig   int   // the functions declared, interned (sigKey)
	nodes int   // Limits.ExprNodes
	text  string
	dice  string // the dice tokens and their offsets
}

type exprResult struct {
	tree   *exprparser.Tree
	err    error
	idents []*ast.IdentifierNode // of the tree, for the scope check
}

// sigKey is one step of a chain of declared functions: the chain before
// it, a function's name and one of its signatures. Function types are
// made by reflect.FuncOf and struct types by reflect.StructOf, which
// return the same Type for the same signature, so identity is equality.
type sigKey struct {
	prev int
	name string
	t    reflect.Type
}

// intern numbers a chain of functions; 0 is the empty chain.
func (l *Linter) intern(prev int, name string, t reflect.Type) int {
	if l == nil {
		return 0
	}
	k := sigKey{prev, name, t}
	l.mu.Lock()
	defer l.mu.Unlock()
	id, ok := l.sigs[k]
	if !ok {
		id = len(l.sigs) + 1
		l.sigs[k] = id
	}
	return id
}

func (l *Linter) keyOf(env *view, sig int, text string, dice map[int]string) exprKey {
	k := exprKey{env: env, sig: sig, nodes: l.opts.Limits.ExprNodes, text: text}
	if len(dice) > 0 {
		offs := make([]int, 0, len(dice))
		for off := range dice {
			offs = append(offs, off)
		}
		sort.Ints(offs)
		var b strings.Builder
		for _, off := range offs {
			b.WriteString(strconv.Itoa(off))
			b.WriteByte(':')
			b.WriteString(dice[off])
			b.WriteByte(' ')
		}
		k.dice = b.String()
	}
	return k
}

func (l *Linter) lookup(k exprKey) (exprResult, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	r, ok := l.exprs[k]
	return r, ok
}

func (l *Linter) store(k exprKey, r exprResult) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.exprs[k] = r
}

// stdlibOpts are the library's expr-lang options for one pair of
// combatant and side types, and the function chain they end.
type stdlibOpts struct {
	opts []expr.Option
	sig  int
}

type stdlibKey struct {
	types [2]reflect.Type
	sig   int // the chain they extend
}

func (l *Linter) stdlibFor(types [2]reflect.Type, sig int) (stdlibOpts, bool) {
	if l == nil {
		return stdlibOpts{}, false
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	lib, ok := l.libs[stdlibKey{types, sig}]
	return lib, ok
}

func (l *Linter) keepStdlib(types [2]reflect.Type, sig int, lib stdlibOpts) {
	if l == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.libs[stdlibKey{types, sig}] = lib
}

// A template's {parts} are read as expressions where the template is;
// a base's templates are read once for all the variants that keep them.
type partKey struct {
	at   lexer.Position
	text string
}

type partResult struct {
	e   *syntax.Expr
	err error
}

// exprAt is the package's exprAt, once per place and text.
func (l *Linter) exprAt(at lexer.Position, text string) (*syntax.Expr, error) {
	if l == nil {
		return exprAt(at, text)
	}
	k := partKey{at, text}
	l.mu.Lock()
	r, ok := l.parts[k]
	l.mu.Unlock()
	if !ok {
		r.e, r.err = exprAt(at, text)
		l.mu.Lock()
		l.parts[k] = r
		l.mu.Unlock()
	}
	return r.e, r.err
}
