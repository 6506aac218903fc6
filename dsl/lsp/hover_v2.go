package lsp

import (
	"fmt"
	"strings"

	"github.com/frayrules/fray/dsl/syntax"
)

// Hover texts of the language v2 declarations: conditions and pairwise
// orders, shown whole (they are short) with what each line means.

// describeCondition writes a condition's declaration and a sentence on
// what the engine does with it.
func describeCondition(b *strings.Builder, cd *syntax.ConditionDecl) {
	var lines, says []string
	for _, it := range cd.Items {
		switch {
		case it.CannotAct:
			lines = append(lines, "cannot act")
			says = append(says, "its holder does not act (`act` logs that it cannot)")
		case it.Lasts != nil:
			lines = append(lines, "lasts "+it.Lasts.Raw()+" rounds")
			says = append(says, "it ends at the end of its last round unless the statement gives another duration")
		case it.Adjust != nil:
			a := it.Adjust
			lines = append(lines, fmt.Sprintf("%s %s by %s", a.Op, a.Attr.Text, a.By.Raw()))
			verb := "adds " + a.By.Raw() + " to"
			if a.Op == "scale" {
				verb = "multiplies by " + a.By.Raw()
			}
			says = append(says, fmt.Sprintf("it %s the derived attribute %s while it holds", verb, a.Attr.Text))
		}
	}
	fmt.Fprintf(b, "```fray\ncondition %s {\n", cd.Name)
	for _, l := range lines {
		fmt.Fprintf(b, "  %s\n", l)
	}
	b.WriteString("}\n```\n")
	if len(says) == 0 {
		says = append(says, "a state the rules ask for with has(c, \""+cd.Name+"\")")
	}
	fmt.Fprintf(b, "\ncondition: %s.\n", strings.Join(says, "; "))
	fmt.Fprintf(b, "\n`apply condition %s to c [for N rounds]`, `remove condition %s from c`, `has(c, %q)`\n", cd.Name, cd.Name, cd.Name)
}

// describeOrder writes a pairwise order's rules, in the order they are
// tried.
func describeOrder(b *strings.Builder, od *syntax.OrderDecl) {
	fmt.Fprintf(b, "```fray\norder %s(%s)\n```\n", od.Name, paramsText(od.Params))
	b.WriteString("\npairwise order: the first rule that holds one way round and not the other decides\n\n")
	for i, r := range od.Rules {
		fmt.Fprintf(b, "%d. %s: `%s`\n", i+1, string(r.Label), r.Cond.Raw())
	}
}
