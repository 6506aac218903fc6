package check

import (
	"reflect"
	"sync"
)

// ExprField is the field of struct type t with that expr-lang name (its
// `expr` tag; the first, if two have it), found in t's index of its
// fields' names, made once a type. Read field by field, every look-up
// went through the tags of the fields before it: the check of a ruleset
// of 40 000 attributes whose rules read 20 000 of them (refPatch, at each
// member read) took 38 s of CPU, and the run's look-ups were alike
// (interp's tagField).
func ExprField(t reflect.Type, name string) (reflect.StructField, bool) {
	idx, ok := exprFieldIndexes.Load(t)
	if !ok {
		byName := make(map[string]int, t.NumField())
		for i := t.NumField() - 1; i >= 0; i-- { // the first of a name stays
			byName[t.Field(i).Tag.Get("expr")] = i
		}
		idx, _ = exprFieldIndexes.LoadOrStore(t, byName)
	}
	i, ok := idx.(map[string]int)[name]
	if !ok {
		return reflect.StructField{}, false
	}
	return t.Field(i), true
}

// exprFieldIndexes holds, for each struct type ExprField is asked of
// (frames, combatants and sides: types reflect keeps for good once
// made), the index of its fields by expr-lang name. Checks and fights
// that run in parallel (lint of a folder, fray sim) share it.
var exprFieldIndexes sync.Map // reflect.Type -> map[string]int
