package check

import (
	"maps"
	"slices"
	"sync"

	"github.com/expr-lang/expr"
	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/dsl/syntax"
)

// A rule file that extends another is checked as the merge of its chain,
// so a folder holding one chain of variants, each extending the one
// before (lint DIR, or the language server with them all open), checked
// every base once for each file above it: 65 files of 3000 constants
// (testdata/bench/chain_folder.sh), 57 s of CPU; now 7.9 s. Lint checks
// each rule file once for the run (a
// layer), and a variant that only adds constants is checked on its
// base's layer: its constants against the globals the base's constants
// left, its findings the base's with those the variant's names answer
// taken away. Any other variant is checked whole, as before, and is a
// layer in its turn.
//
// The variant's findings are those of checking the merged chain, because
// of what it may not do: its header gives nothing but extends (the
// merged header is the base's), it overrides and removes nothing, and no
// name it declares occurs in a file of the base's chain, so that no
// declaration of the base reads it, clashes with it or is shadowed by
// it, and each declaration of the base checks as it did. Constants come
// before every other declaration in a check (checkRuleset) and read
// only constants and built-in globals, never what a table, a function
// or a body declares; the variant's are checked after the base's, as in
// the merged chain. The base's findings that change are those of
// names that occur once in the files (usedNames): a variant that names
// one uses it. TestLayeredLintIsTheMergedCheck compares the two.

// layer is one rule file checked by Lint.
type layer struct {
	diags   diag.Diagnostics  // every finding, sorted; shared: copy before sorting
	sources map[string]string // the texts of the chain's files
	// The rest is set when the check found no error: a variant of the
	// file may then be checked on it.
	scope  *constScope
	unused map[*diag.Diagnostic]string // findings of names used once (checker.unused)
	chain  []*syntax.File              // base first, the file last
	// mu is held while a variant is checked on a layer of the chain,
	// whose globals it shares.
	mu *sync.Mutex
}

type layerOnce struct {
	once sync.Once
	ly   *layer
}

// constScope is what checking a constant reads once the constants of a
// check are checked: the first n globals, the functions declared (the
// library's for the attributes) and the types.
//
// The first variant checked on it takes the frame over and appends its
// constants, so that the frame's index of names (frame_index.go) grows
// with the chain rather than being made again for each file: a chain of
// 64 files of 3000 constants spent 1.8 s of its 5 s making them. Globals
// are only appended, so the first n stay those of this scope; another
// variant of the same base copies them. The check whose frame it was is
// done with it (only Lint makes scopes, and keeps no model).
type constScope struct {
	frame    *Frame
	n        int
	taken    bool          // a variant has the frame
	funcOpts []expr.Option // full: appending copies
	funcs    map[string]bool
	sig      int
	u        *Universe
}

func (c *checker) constScope() *constScope {
	fo := c.funcOpts
	return &constScope{frame: c.m.Globals, n: len(c.m.Globals.Fields), funcOpts: fo[:len(fo):len(fo)],
		funcs: maps.Clone(c.funcs), sig: c.sig, u: c.u}
}

// globals is the frame a variant's constants are checked in.
func (sc *constScope) globals() *Frame {
	if !sc.taken {
		sc.taken = true
		sc.frame.Fields = sc.frame.Fields[:sc.n]
		return sc.frame
	}
	return &Frame{Name: sc.frame.Name, Fields: slices.Clone(sc.frame.Fields[:sc.n])}
}

func (l *Linter) countConst() {
	if l != nil {
		l.constsChecked.Add(1)
	}
}

// lintRuleset is Lint of a parsed rule file.
func (l *Linter) lintRuleset(f *syntax.File, src diag.Sources) diag.Diagnostics {
	ly := l.layerOf(f)
	maps.Copy(src, ly.sources)
	return append(diag.Diagnostics(nil), ly.diags...)
}

// layerOf checks a rule file once for the Linter's run. The key is the
// name as given, which its findings carry (./v1.fray and v1.fray are
// two).
func (l *Linter) layerOf(f *syntax.File) *layer {
	key := f.Name
	l.mu.Lock()
	e := l.layers[key]
	if e == nil {
		e = &layerOnce{}
		l.layers[key] = e
	}
	l.mu.Unlock()
	e.once.Do(func() { e.ly = l.makeLayer(f) })
	return e.ly
}

func (l *Linter) makeLayer(f *syntax.File) *layer {
	src := diag.Sources{}
	maps.Copy(src, f.Sources)
	chain, diags := l.resolveChain(f, src)
	if chain == nil {
		return &layer{diags: diags, sources: src} // as checkRuleset gives them
	}
	if n := len(chain); n > 1 && addsOnlyConstants(f) {
		// The base's chain is a part of this one: within the limits, and
		// read already.
		if base := l.layerOf(chain[n-2]); base.scope != nil && !l.namesAnyOf(f, base.chain) {
			return l.extendLayer(base, f)
		}
	}
	merged, mdiags, walked := mergeChain(chain)
	l.mergeWalked.Add(int64(walked))
	c := checkFile(merged, l)
	all := append(mdiags, c.diags.Sort()...).Sort()
	ly := &layer{diags: all, sources: src}
	if !all.HasErrors() && c.atConsts != nil {
		ly.scope, ly.unused, ly.mu, ly.chain = c.atConsts, c.unused, &sync.Mutex{}, chain
	}
	return ly
}

// addsOnlyConstants reports whether a variant's header gives nothing but
// extends and each of its other declarations is a new constant.
func addsOnlyConstants(f *syntax.File) bool {
	headers := 0
	for _, d := range f.Decls {
		switch {
		case d.Ruleset != nil:
			headers++
			if len(d.Ruleset.Fields) != 1 || d.Ruleset.Fields[0].Key != "extends" {
				return false
			}
		case d.Const == nil || d.Override:
			return false
		}
	}
	return headers == 1
}

// namesAnyOf reports whether a constant f declares is named in any of
// the files.
func (l *Linter) namesAnyOf(f *syntax.File, files []*syntax.File) bool {
	for _, file := range files {
		words := l.wordsOf(file)
		for _, d := range f.Decls {
			if d.Const != nil && words[d.Const.Name] > 0 {
				return true
			}
		}
	}
	return false
}

// wordsOf is the package's wordsOf, once per file of the run: only files
// a variant is checked on need them.
func (l *Linter) wordsOf(f *syntax.File) map[string]int {
	l.mu.Lock()
	w, ok := l.words[f]
	l.mu.Unlock()
	if !ok {
		w = wordsOf(f)
		l.mu.Lock()
		l.words[f] = w
		l.mu.Unlock()
	}
	return w
}

// wordsOf counts the names a file holds: its identifiers and the words
// of its strings ({templates}), as usedNames counts them.
func wordsOf(f *syntax.File) map[string]int {
	count := map[string]int{}
	ts, _ := f.TokensOf(f.Name)
	for _, t := range ts {
		if t.Type == syntax.TokIdent {
			count[t.Value]++
		} else if t.Type == syntax.TokString {
			eachWord(t.Value, func(w string) { count[w]++ })
		}
	}
	return count
}

// extendLayer checks a variant that only adds constants on its base's
// layer (see the top of the file).
func (l *Linter) extendLayer(base *layer, top *syntax.File) *layer {
	base.mu.Lock()
	defer base.mu.Unlock()
	sc := base.scope
	c := &checker{f: top, u: sc.u, funcOpts: sc.funcOpts, funcs: maps.Clone(sc.funcs), sig: sc.sig,
		emitted: map[string]bool{}, memo: l, sugg: newSuggester()}
	c.m = newModel(top)
	c.m.U = sc.u
	c.m.Globals = sc.globals()
	seen := map[string]*syntax.ConstDecl{}
	for _, d := range top.Decls {
		if d.Const != nil {
			c.checkConst(d.Const, seen)
		}
	}
	scope := c.constScope()
	words := l.wordsOf(top)
	// Its constants occur in no file of the base: used when named twice
	// in its own.
	for _, d := range top.Decls {
		if cd := d.Const; cd != nil && words[cd.Name] <= 1 {
			c.unusedConst(cd)
		}
	}
	// What the merged chain's check finds in the constants' text and in
	// the file's comments beside what checkRuleset does for them.
	c.lintRanges()
	c.checkDiceClaims()
	c.tidy()
	own := c.diags.Sort()
	unused := map[*diag.Diagnostic]string{}
	var all diag.Diagnostics
	for _, d := range base.diags {
		if name, ok := base.unused[d]; ok {
			if words[name] > 0 {
				continue // the variant uses it
			}
			unused[d] = name
		}
		all = append(all, d)
	}
	all = append(all, own...).Sort()
	maps.Copy(unused, c.unused)
	src := maps.Clone(base.sources)
	maps.Copy(src, top.Sources)
	ly := &layer{diags: all, sources: src}
	if !all.HasErrors() {
		ly.scope, ly.unused, ly.mu = scope, unused, base.mu
		ly.chain = append(base.chain[:len(base.chain):len(base.chain)], top)
	}
	return ly
}
