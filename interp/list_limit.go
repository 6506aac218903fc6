package interp

// MaxList is the most items a list made by one expression may hold
// (--max-expr-memory): stdlib functions that build lists (downto) refuse
// one longer before making it (stdlib.ListLimiter).
func (r *Run) MaxList() int { return int(min(r.opt.MemoryBudget, uint(1<<62))) }
