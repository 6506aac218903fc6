package lsp

import (
	"path/filepath"
	"sort"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/syntax"
)

// unit is one file as the server reads it: an open buffer's text, or
// the file on disk.
type unit struct {
	path  string
	uri   string
	text  string
	lines *lineIndex
	file  *syntax.File  // nil when the text does not parse
	toks  []lexer.Token // nil when it does not tokenize (comments included)
}

// newUnit tokenizes and parses a text.
func newUnit(path, text string, lim syntax.Limits) *unit {
	u := &unit{path: path, uri: uriOf(path), text: text, lines: newLineIndex(text)}
	if len(text) > lim.FileSize {
		return u
	}
	if toks, err := syntax.Tokenize(path, text); err == nil {
		u.toks = expandTemplates(toks)
	}
	u.file = parseText(path, text, lim)
	return u
}

// project is a file and the files it draws names from, nearest first:
// a variant, its base, the base's base; an encounter, its ruleset and
// that ruleset's bases. A name resolves to the first file declaring it,
// as a variant's override wins over its base.
type project struct {
	units []*unit
	// decls is units[0]'s syntax tree, or the last one that parsed while
	// the buffer does not (names and scopes still resolve while typing).
	decls *syntax.File
}

// maxChain bounds a chain of imports (a cycle is lint's to report).
const maxChain = 32

// loader reads the files of projects: open buffers first, then disk
// through check's reads (the root confinement and size limit of lint).
type loader struct {
	linter *check.Linter
	lim    syntax.Limits
	units  map[string]*unit // by path, read once per request
	cache  *unitCache
}

func newLoader(opts check.Options, overlay map[string]string) *loader {
	lim := opts.Limits.Syntax()
	if lim == (syntax.Limits{}) {
		lim = syntax.DefaultLimits()
	}
	return &loader{linter: opts.NewOverlayLinter(overlay), lim: lim, units: map[string]*unit{}}
}

// unitOf reads a file, or nil when it cannot be read.
func (ld *loader) unitOf(path string) *unit {
	path = filepath.Clean(path)
	if u, ok := ld.units[path]; ok {
		return u
	}
	var u *unit
	if text, d := ld.linter.ReadText(path); d == nil {
		u = ld.cache.unit(path, text, ld.lim)
	}
	ld.units[path] = u
	return u
}

// unitCache keeps the units made from the texts of files, so that a
// request does not parse again a text that has not changed since the
// last (a base, an open buffer between two keystrokes' requests). Used
// by the dispatch loop only; a nil cache keeps nothing.
type unitCache struct {
	units map[string]*unit
	text  int // the bytes of the cached units' texts
}

// maxCachedUnits bounds the cache, and so does cacheText of their
// texts (a tree is tens of times its text); past either, it starts
// again empty.
const maxCachedUnits = 1000

func (c *unitCache) unit(path, text string, lim syntax.Limits) *unit {
	if c == nil {
		return newUnit(path, text, lim)
	}
	if u, ok := c.units[path]; ok && u.text == text {
		return u
	}
	if c.units == nil || len(c.units) >= maxCachedUnits || c.text+len(text) > cacheText(lim.FileSize) {
		c.units, c.text = map[string]*unit{}, 0
	}
	u := newUnit(path, text, lim)
	if old, ok := c.units[path]; ok {
		c.text -= len(old.text)
	}
	c.units[path] = u
	c.text += len(text)
	return u
}

// project builds the project of a unit: the files it imports, read
// through the loader. last is the unit's last tree that parsed, used
// when its text does not parse now.
func (ld *loader) project(u *unit, last *syntax.File) *project {
	p := &project{units: []*unit{u}, decls: u.file}
	if p.decls == nil {
		p.decls = last
	}
	seen := map[string]bool{u.path: true}
	f := p.decls
	for f != nil && len(p.units) < maxChain {
		rel, at, ok := check.Extends(f)
		if !ok {
			_, rel, at = check.EncounterHeader(f)
			ok = rel != ""
		}
		if !ok {
			break
		}
		path, deny := ld.linter.ResolveImport(f.Name, rel, at)
		if deny != nil || seen[path] {
			break
		}
		seen[path] = true
		next := ld.unitOf(path)
		if next == nil || next.file == nil {
			break
		}
		p.units = append(p.units, next)
		f = next.file
	}
	return p
}

// files are the trees of the project, nearest first, with their units.
func (p *project) files() []fileOf {
	out := make([]fileOf, 0, len(p.units))
	for i, u := range p.units {
		f := u.file
		if i == 0 {
			f = p.decls
		}
		if f != nil {
			out = append(out, fileOf{u, f})
		}
	}
	return out
}

type fileOf struct {
	u *unit
	f *syntax.File
}

// isEncounter reports whether the project's own file is an encounter.
func (p *project) isEncounter() bool {
	return p.decls != nil && check.IsEncounter(p.decls)
}

// tokenAt is the index of units[0]'s token under byte offset off, or
// ending there (a cursor just after a word), comments left out; -1 if
// none.
func tokenAt(toks []lexer.Token, off int) int {
	i := sort.Search(len(toks), func(i int) bool { return toks[i].Pos.Offset+len(toks[i].Value) >= off })
	for ; i < len(toks); i++ {
		t := toks[i]
		if t.Pos.Offset > off {
			break
		}
		if t.Type != syntax.TokComment && t.Type != syntax.TokEOF && off <= t.Pos.Offset+len(t.Value) {
			// Between two tokens that touch ("c.hp" at the dot), prefer
			// the word.
			if off == t.Pos.Offset+len(t.Value) && i+1 < len(toks) && toks[i+1].Pos.Offset == off && toks[i+1].Type == syntax.TokIdent {
				continue
			}
			return i
		}
	}
	return -1
}

// prevToken is the index of the token before i, comments skipped; -1.
func prevToken(toks []lexer.Token, i int) int {
	for i--; i >= 0; i-- {
		if toks[i].Type != syntax.TokComment {
			return i
		}
	}
	return -1
}
