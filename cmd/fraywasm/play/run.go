package play

import (
	"bytes"

	"github.com/frayrules/fray/interp"
)

// run plays the encounter r.Path once and returns its log, as fray run
// does: the dice of the encounter's dice line, else r.Seed, else the
// encounter's seed, else 1.
func run(r *Request) *Response {
	l := newLoader(r.Files)
	enc, diags := l.encounter(r.Path, r.Rules)
	ds := withText(diags, l.src)
	if enc == nil || diags.HasErrors() {
		return &Response{Diagnostics: ds, Error: "the files have errors: see the diagnostics"}
	}
	opt := r.options()
	opt.Seed = 1
	if enc.HasSeed {
		opt.Seed = enc.Seed
	}
	if r.Seed != nil {
		opt.Seed = *r.Seed
	}
	if enc.Dice != nil && r.Seed == nil {
		opt.Dice = enc.Dice
	}
	var out bytes.Buffer
	t := interp.NewTextLog(&out)
	opt.Sink = t.Write
	_, err := interp.New(interp.Lower(enc.Rules), enc, opt).Play()
	if err == nil {
		err = t.Err()
	}
	if err != nil {
		resp := failure(err, ds)
		resp.Log = out.String()
		return resp
	}
	return &Response{Diagnostics: ds, Log: out.String()}
}
