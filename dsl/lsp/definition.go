package lsp

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/frayrules/fray/dsl/syntax"
)

func (s *Server) definition(params json.RawMessage) (any, *rpcError) {
	a, err := s.position(params)
	if err != nil {
		return nil, err
	}
	r := a.p.resolveAt(a.off)
	if r == nil {
		return nil, nil
	}
	if loc, ok := a.p.location(r); ok {
		return []Location{loc}, nil
	}
	return nil, nil
}

// location is where a resolved name is declared; built-ins have none.
func (p *project) location(r *resolved) (Location, bool) {
	name := func(u *unit, from lexer.Position, n string) (Location, bool) {
		if u == nil {
			return Location{}, false
		}
		pos, ok := nameAfter(u.toks, from.Offset, n)
		if !ok {
			pos = from
		}
		return Location{URI: u.uri, Range: u.lines.span(pos.Offset, pos.Offset+len(n))}, true
	}
	switch r.kind {
	case kindConst, kindFn, kindEvent, kindAction, kindTable, kindModifiers, kindPhase, kindCondition, kindOrder, kindPoint:
		_, n, at := declName(r.decl)
		return name(r.in.u, at, n)
	case kindAttr:
		return name(r.in.u, r.attr.Pos, r.name)
	case kindArg:
		return name(r.in.u, r.param.Pos, r.name)
	case kindLocal:
		if r.binder.at == nil {
			return Location{}, false
		}
		return name(r.binder.u, *r.binder.at, r.name)
	case kindSide:
		return name(r.in.u, r.side.Pos, r.name)
	case kindCombatant:
		return name(r.in.u, r.comb.Pos, r.name)
	case kindFile:
		return Location{URI: uriOf(r.path)}, true
	}
	return Location{}, false
}

// key names what a resolved name refers to, the same from every file
// that sees it: a declaration and its overrides in variants are one
// symbol, keyed by the base-most file that declares it.
func (p *project) key(r *resolved) string {
	switch r.kind {
	case kindConst, kindFn, kindEvent, kindAction, kindTable, kindModifiers, kindPhase, kindCondition, kindOrder, kindPoint:
		return fmt.Sprintf("%s:%s@%s", kindWords[r.kind], r.name, p.baseMost(r.kind, "", r.name, r.in.u))
	case kindAttr:
		return fmt.Sprintf("attr:%s:%s@%s", r.owner, r.name, p.baseMost(kindAttr, r.owner, r.name, r.in.u))
	case kindArg:
		return fmt.Sprintf("at:%s:%d", r.in.u.path, r.param.Pos.Offset)
	case kindLocal:
		if r.binder.at == nil {
			return fmt.Sprintf("implicit:%s:%s:%d", p.units[0].path, r.name, r.binder.from)
		}
		return fmt.Sprintf("at:%s:%d", r.binder.u.path, r.binder.at.Offset)
	case kindSide, kindCombatant:
		return fmt.Sprintf("entity:%s@%s", r.name, r.in.u.path)
	case kindStdlib, kindBuiltin, kindGlobal:
		return "builtin:" + r.name
	case kindBuiltinAttr:
		return "builtin-attr:" + r.owner + ":" + r.name
	}
	return ""
}

// baseMost is the path of the last file of the project that declares
// the name (an attribute's owner given), or def's own.
func (p *project) baseMost(k kind, owner, name string, def *unit) string {
	path := ""
	if def != nil {
		path = def.path
	}
	for _, fo := range p.files() {
		for _, d := range fo.f.Decls {
			if k == kindAttr {
				if s := d.Schema; s != nil && s.Kind == owner {
					for _, a := range s.Attrs {
						if a.Name == name {
							path = fo.u.path
						}
					}
				}
			} else if dk, dn, _ := declName(d); dk == k && dn == name {
				path = fo.u.path
			}
		}
	}
	return path
}

func (s *Server) references(params json.RawMessage) (any, *rpcError) {
	var rp referenceParams
	if err := decode(params, &rp); err != nil {
		return nil, err
	}
	a, err := s.position(params)
	if err != nil {
		return nil, err
	}
	r := a.p.resolveAt(a.off)
	if r == nil {
		return nil, nil
	}
	key := a.p.key(r)
	if key == "" {
		return nil, nil
	}
	decl, hasDecl := a.p.location(r)
	// A local is seen in its own file only; anything else wherever a
	// file imports, directly or not, the file that declares it.
	candidates := []string{a.p.units[0].path}
	if !strings.HasPrefix(key, "at:") && !strings.HasPrefix(key, "implicit:") {
		candidates = append(candidates, s.candidateFiles(a.p)...)
	}
	sc := s.newScanner(a.ld)
	defer sc.report(s, "references")
	var out []Location
	for n, path := range candidates {
		cp := a.p
		u := a.p.units[0]
		if n > 0 {
			if path == u.path {
				continue
			}
			text, ok := sc.text(path)
			if !ok || !strings.Contains(text, r.name) {
				continue // cannot use it: no need to parse it or read its imports
			}
			u = sc.unit(path, text)
			cp = a.ld.project(u, nil)
		}
		for _, i := range cp.uses(r.name, key) {
			t := u.toks[i]
			loc := Location{URI: u.uri, Range: u.lines.span(t.Pos.Offset, t.Pos.Offset+len(t.Value))}
			if !rp.Context.IncludeDeclaration && hasDecl && loc == decl {
				continue
			}
			out = append(out, loc)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].URI != out[j].URI {
			return out[i].URI < out[j].URI
		}
		a, b := out[i].Range.Start, out[j].Range.Start
		return a.Line < b.Line || a.Line == b.Line && a.Character < b.Character
	})
	return out, nil
}

// uses are the indexes of the tokens of the project's own file that
// name what key names.
func (p *project) uses(name, key string) []int {
	u := p.units[0]
	if u.toks == nil || !strings.Contains(u.text, name) {
		return nil
	}
	var out []int
	for i, t := range u.toks {
		if t.Type != syntax.TokIdent || t.Value != name {
			continue
		}
		if r := p.identAt(i); r != nil && p.key(r) == key {
			out = append(out, i)
		}
	}
	return out
}

// maxWalk bounds the files a search for references looks at.
const maxWalk = 5000

// candidateFiles are the files references are looked for in: the
// project's, the open buffers, and the .fray files under the root
// (symbolic links are not followed, hidden folders skipped), sorted.
func (s *Server) candidateFiles(p *project) []string {
	set := map[string]bool{}
	for _, u := range p.units {
		set[u.path] = true
	}
	docs, _ := s.docs.snapshot()
	for _, d := range docs {
		set[d.path] = true
	}
	n := 0
	_ = filepath.WalkDir(s.opts.Root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() {
			if path != s.opts.Root && strings.HasPrefix(d.Name(), ".") {
				return filepath.SkipDir
			}
			return nil
		}
		if d.Type()&os.ModeSymlink != 0 || !d.Type().IsRegular() || filepath.Ext(path) != ".fray" {
			return nil
		}
		if n++; n > maxWalk {
			return filepath.SkipAll
		}
		set[filepath.Clean(path)] = true
		return nil
	})
	out := make([]string, 0, len(set))
	for path := range set {
		out = append(out, path)
	}
	sort.Strings(out)
	return out
}
