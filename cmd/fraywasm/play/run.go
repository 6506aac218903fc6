package play

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/frayrules/fray/interp"
)

// run plays the encounter r.Path once and returns its log, as fray run
// does: the dice of r.Dice, else r.Seed, else the encounter's dice line,
// else its seed, else 1.
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
	if strings.TrimSpace(r.Dice) != "" {
		fixed, err := parseDice(r.Dice)
		if err != nil {
			return &Response{Diagnostics: ds, Error: "--dice: " + err.Error()}
		}
		opt.Dice = fixed
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

// parseDice reads --dice: die results separated by commas.
func parseDice(s string) ([]int, error) {
	var out []int
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		n, err := strconv.Atoi(part)
		if err != nil || n < 1 {
			return nil, fmt.Errorf("%q is not a die result (a whole number of 1 or more)", part)
		}
		out = append(out, n)
	}
	return out, nil
}
