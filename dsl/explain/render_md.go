package explain

import (
	"fmt"
	"io"
	"strings"
)

// Markdown writes the checklist as GitHub-flavoured Markdown: a heading
// per phase, its steps as a task list to tick, the reference as tables.
func Markdown(w io.Writer, d *Doc) error {
	m := &mdOut{w: w}
	// The header's values are a rule's strings and a path: one line each,
	// so an escaped line break cannot end the heading or a code span.
	m.p("# " + oneLine(text(d.Name)))
	var facts []string
	facts = append(facts, "file: "+code(oneLine(d.File)))
	if d.Source != "" {
		facts = append(facts, "source: "+code(oneLine(d.Source)))
	}
	if len(d.Covers) > 0 {
		facts = append(facts, "covers: "+oneLine(text(strings.Join(d.Covers, ", "))))
	}
	facts = append(facts, roundLine(d))
	m.p(strings.Join(facts, " · "))
	m.prose(d.About)
	if v := d.Variant; v != nil {
		m.p("## What this variant changes")
		m.p("It extends " + code(oneLine(v.Extends)) + "; the rest of this checklist is the merged procedure, with what the variant changed marked.")
		var lines []string
		for _, l := range []struct {
			label string
			items []string
		}{{"changes", v.Changed}, {"adds", v.Added}, {"removes", v.Removed}} {
			if len(l.items) > 0 {
				var cs []string
				for _, it := range l.items {
					cs = append(cs, code(it))
				}
				lines = append(lines, "- "+l.label+": "+strings.Join(cs, ", "))
			}
		}
		m.p(strings.Join(lines, "\n"))
	}
	n := 0
	for _, sec := range []struct {
		title  string
		phases []*Phase
	}{{"Before the first round", d.Setup}, {"Each round", d.Round}, {"When the fight is over", d.AtEnd}} {
		if len(sec.phases) == 0 {
			continue
		}
		m.p("## " + sec.title)
		for _, p := range sec.phases {
			n++
			m.p(fmt.Sprintf("### %d. %s — %s%s", n, p.Name, p.When, mdMark(p.Mark)))
			m.prose(p.About)
			m.uses(p.Uses)
			m.steps(p.Steps)
		}
	}
	m.p("## What ends the fight")
	if d.End != nil {
		m.p("The fight ends as soon as this holds (checked after every phase): " + code(d.End.When) + mdMark(d.End.Mark))
		m.prose(d.End.About)
	} else {
		m.p("The rule file gives no end condition: the fight ends at the round limit.")
	}
	if len(d.Orders) > 0 {
		m.p("## Orders and tie rules")
		rows := []string{"| where | items | keys, in order | ties |", "|---|---|---|---|"}
		for _, o := range d.Orders {
			var keys []string
			for _, k := range o.Keys {
				keys = append(keys, fmt.Sprintf("%s, %s (%s)", text(k.Label), k.Direction, code(k.Expr)))
			}
			rows = append(rows, fmt.Sprintf("| %s | %s | %s | %s |", cell(o.Where), cell(code(o.Items)), cell(strings.Join(keys, "; then ")), cell(text(o.Ties))))
		}
		m.p(strings.Join(rows, "\n"))
	}
	if len(d.Tables) > 0 {
		m.p("## Tables")
		for _, t := range d.Tables {
			m.table(t)
		}
	}
	if len(d.Modifiers) > 0 {
		m.p("## Modifiers")
		for _, x := range d.Modifiers {
			head := fmt.Sprintf("### modifiers %s(%s)", x.Name, x.Params)
			if x.Over != "" {
				head += " over " + x.Over
			}
			m.p(head + mdMark(x.Mark))
			m.prose(x.About)
			m.p("Takes the " + aggregateText(x.Aggregate) + ".")
			rows := []string{"| modifier | value | when | note |", "|---|---|---|---|"}
			for _, r := range x.Rows {
				rows = append(rows, fmt.Sprintf("| %s | %s | %s | %s |", cell(text(r.Label)), cell(code(r.Value)), cell(code(r.When)), cell(r.About)))
			}
			m.p(strings.Join(rows, "\n"))
		}
	}
	m.procs("Actions", d.Actions)
	m.procs("Events", d.Events)
	m.procs("Points and reactions", d.Points)
	m.items("Conditions", d.Conditions)
	m.items("Functions", d.Funcs)
	m.items("Constants", d.Constants)
	m.items("Side attributes", d.SideAttrs)
	m.items("Combatant attributes", d.CombAttrs)
	return m.err
}

type mdOut struct {
	w   io.Writer
	err error
}

// p writes a block and the blank line after it.
func (m *mdOut) p(s string) {
	if m.err == nil && s != "" {
		_, m.err = fmt.Fprintf(m.w, "%s\n\n", s)
	}
}

func (m *mdOut) prose(s string) {
	for _, para := range strings.Split(s, "\n\n") {
		m.p(para)
	}
}

func (m *mdOut) uses(u Uses) {
	var parts []string
	if len(u.Rolls) > 0 {
		var rs []string
		for _, r := range u.Rolls {
			rs = append(rs, r.String())
		}
		parts = append(parts, "**Rolls:** "+strings.Join(rs, "; "))
	}
	for _, l := range []struct {
		label string
		names []string
	}{{"Tables", u.Tables}, {"Modifiers", u.Modifiers}, {"Functions", u.Funcs}} {
		if len(l.names) > 0 {
			var cs []string
			for _, n := range l.names {
				cs = append(cs, code(n))
			}
			parts = append(parts, "**"+l.label+":** "+strings.Join(cs, ", "))
		}
	}
	if len(u.Changed) > 0 {
		var cs []string
		for _, n := range u.Changed {
			cs = append(cs, code(n))
		}
		parts = append(parts, "***uses what the variant changed:*** "+strings.Join(cs, ", "))
	}
	m.p(strings.Join(parts, " · "))
}

func (m *mdOut) steps(steps []*Step) {
	var b strings.Builder
	writeSteps(&b, steps, 0)
	m.p(strings.TrimRight(b.String(), "\n"))
}

func writeSteps(b *strings.Builder, steps []*Step, depth int) {
	pad := strings.Repeat("  ", depth)
	for _, s := range steps {
		if s.Note != "" {
			fmt.Fprintf(b, "%s- *%s*\n", pad, strings.ReplaceAll(s.Note, "\n\n", " "))
		}
		fmt.Fprintf(b, "%s- [ ] %s\n", pad, code(s.Text))
		writeSteps(b, s.Steps, depth+1)
	}
}

func (m *mdOut) table(t *Table) {
	head := fmt.Sprintf("### table %s(%s)", t.Name, strings.Join(t.Keys, ", "))
	m.p(head + mdMark(t.Mark))
	m.prose(t.About)
	if t.Dice != nil {
		m.p("Rolled on " + t.Dice.String() + ".")
	}
	if t.TBA {
		m.p("To be announced: the source gives no rows.")
		return
	}
	cols := "| " + strings.Join(t.Keys, " | ") + " | result |"
	sep := strings.Repeat("|---", len(t.Keys)+1) + "|"
	rows := []string{cols, sep}
	for _, r := range t.Rows {
		var cells []string
		for i := range t.Keys {
			k := ""
			if i < len(r.Keys) {
				k = r.Keys[i]
			}
			cells = append(cells, cell(text(k)))
		}
		res := text(r.Label)
		if r.Value != "" {
			if res != "" {
				res += ": "
			}
			res += code(r.Value)
		}
		if r.Chance != "" {
			res += " (" + r.Chance + ")"
		}
		if len(r.Effect) > 0 {
			var b strings.Builder
			for i, s := range r.Effect {
				if i > 0 {
					b.WriteString("; ")
				}
				b.WriteString(code(s.Text))
			}
			res += " — effect: " + b.String()
		}
		rows = append(rows, "| "+strings.Join(cells, " | ")+" | "+cell(res)+" |")
	}
	m.p(strings.Join(rows, "\n"))
}

func (m *mdOut) procs(title string, ps []*Proc) {
	if len(ps) == 0 {
		return
	}
	m.p("## " + title)
	for _, p := range ps {
		head := "### " + code(p.Form)
		m.p(head + mdMark(p.Mark))
		if p.Template != "" {
			m.p("Logged as " + code(p.shown) + ".")
		}
		m.prose(p.About)
		m.uses(p.Uses)
		m.steps(p.Steps)
	}
}

func (m *mdOut) items(title string, items []*Item) {
	if len(items) == 0 {
		return
	}
	m.p("## " + title)
	rows := []string{"| name | type | value | about |", "|---|---|---|---|"}
	for _, it := range items {
		v := code(it.Value)
		if it.Roll != nil {
			v += " (" + rangeText(it.Roll.Min, it.Roll.Max) + ", average " + avgText(it.Roll.Average) + ")"
		}
		about := strings.ReplaceAll(it.About, "\n\n", " ")
		if it.Mark != "" {
			about = strings.TrimSpace("**" + it.Mark + "** " + about)
		}
		rows = append(rows, fmt.Sprintf("| %s | %s | %s | %s |", code(it.Name), cell(it.Type), cell(v), cell(about)))
	}
	m.p(strings.Join(rows, "\n"))
}

func mdMark(mark string) string {
	if mark == "" {
		return ""
	}
	return " *(" + mark + ")*"
}

// code is s as an inline code span, fenced with more backticks than it
// holds in a row.
func code(s string) string {
	if s == "" {
		return ""
	}
	run, longest := 0, 0
	for _, r := range s {
		if r == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	fence := strings.Repeat("`", longest+1)
	if longest > 0 || strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") {
		return fence + " " + s + " " + fence
	}
	return fence + s + fence
}

// text is s, a rule's string or words made with one, as Markdown that
// shows it as written: a character Markdown or HTML would take as markup
// (a tag, an entity, emphasis, a link, a code span) gets a backslash,
// CommonMark's escape of ASCII punctuation. A pipe is cell's to escape.
func text(s string) string { return mdEscaper.Replace(s) }

var mdEscaper = strings.NewReplacer(`\`, `\\`, "`", "\\`", "*", `\*`, "_", `\_`, "[", `\[`, "]", `\]`,
	"<", `\<`, ">", `\>`, "&", `\&`, "~", `\~`)

// cell makes s safe in a table cell: a pipe would end it.
func cell(s string) string { return strings.ReplaceAll(s, "|", `\|`) }
