package interp

// ofElem evaluates fn with e as the element of the predicate being run
// (what # and .x read; fast_entity.go, fast_location.go), and drops the
// lists fn made on the scratch space: a predicate's value is a number, a
// truth or a string, never one of those lists. Every native predicate, map and key
// (filter, count, any/all/none/one, find, sortBy, sum, max/min of a map,
// join) visits its elements through it.
func ofElem[T any](r *Run, f, e addr, fn func(*Run, addr) (T, error)) (T, error) {
	mark := len(r.scratch)
	r.elems = append(r.elems, e)
	v, err := fn(r, f)
	r.elems = r.elems[:len(r.elems)-1]
	r.dropScratch(mark)
	return v, err
}
