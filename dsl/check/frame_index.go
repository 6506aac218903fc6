package check

import "slices"

// frameIndex finds a frame's fields by name without reading them all:
// a body of a hundred thousand lets looked each one up (and built each
// expression's view) by reading every field before it, quadratic in
// the body's length. Fields are only ever appended to a frame, so the
// index catches up with the new ones when asked; a list that changed
// otherwise (the last field indexed is not where it was) is indexed
// again from the start.
type frameIndex struct {
	at   map[string][]int // positions in Fields of each name, in order
	n    int              // how many of Fields are indexed
	last *FrameField      // Fields[n-1] when indexed
}

// positions is where name is in f.Fields, first to last.
func (f *Frame) positions(name string) []int {
	ix := &f.index
	if ix.n > len(f.Fields) || ix.n > 0 && f.Fields[ix.n-1] != ix.last {
		*ix = frameIndex{}
	}
	if ix.at == nil {
		ix.at = map[string][]int{}
	}
	for ; ix.n < len(f.Fields); ix.n++ {
		name := f.Fields[ix.n].Name
		ix.at[name] = append(ix.at[name], ix.n)
		ix.last = f.Fields[ix.n]
	}
	return ix.at[name]
}

// fieldsNamed are the fields of f whose names are in names, and the
// global ctx, in the frame's order.
func (f *Frame) fieldsNamed(names []string) []*FrameField {
	var at []int
	for _, i := range f.positions("ctx") {
		if f.Fields[i].Global {
			at = append(at, i)
		}
	}
	for _, n := range names {
		at = append(at, f.positions(n)...)
	}
	slices.Sort(at)
	at = slices.Compact(at)
	out := make([]*FrameField, len(at))
	for k, i := range at {
		out[k] = f.Fields[i]
	}
	return out
}
