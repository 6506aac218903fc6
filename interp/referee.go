package interp

// as referee { BODY }: the body runs with nobody as the actor, so its
// rolls are the referee's in the log (rollsBy: the header's `referee`,
// or "the referee"). The actor it hides comes back after the block,
// whatever way it ends.
func compileReferee(body block) stmtFn {
	return func(r *Run, base addr) (flow, error) {
		r.actors = append(r.actors, "")
		f, err := r.runBlock(&body, base)
		r.actors = r.actors[:len(r.actors)-1]
		return f, err
	}
}
