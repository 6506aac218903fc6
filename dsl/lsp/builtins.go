package lsp

// exprBuiltins are the expr-lang built-ins a rule may call, with a line
// of documentation each (expr-lang's own table has none). Those the
// checker disables (now, date, reduce, ...) are left out; stdlib's
// functions of the same name (replace, join, string) win over these.
var exprBuiltins = map[string]string{
	"all":           "all(list, predicate) bool: whether every element satisfies the predicate (`.hp` is the element's attribute, `#` the element)",
	"any":           "any(list, predicate) bool: whether some element satisfies the predicate",
	"none":          "none(list, predicate) bool: whether no element satisfies the predicate",
	"one":           "one(list, predicate) bool: whether exactly one element satisfies the predicate",
	"filter":        "filter(list, predicate) list: the elements that satisfy the predicate, in order",
	"map":           "map(list, expression) list: the expression for each element",
	"find":          "find(list, predicate): the first element that satisfies the predicate, or nil",
	"findIndex":     "findIndex(list, predicate) int: the index of the first element that satisfies the predicate, or -1",
	"findLast":      "findLast(list, predicate): the last element that satisfies the predicate, or nil",
	"findLastIndex": "findLastIndex(list, predicate) int: the index of the last element that satisfies the predicate, or -1",
	"count":         "count(list, predicate) int: how many elements satisfy the predicate",
	"sum":           "sum(list) number: the sum of the numbers of a list (sum(list, expression) sums the expression)",
	"groupBy":       "groupBy(list, expression) map: the elements grouped by the expression's value",
	"sortBy":        "sortBy(list, expression, \"asc\"|\"desc\") list: the list sorted by the expression",
	"sort":          "sort(list, \"asc\"|\"desc\") list: the list sorted",
	"len":           "len(v) int: the length of a list, map or string",
	"type":          "type(v) string: the name of the value's type",
	"abs":           "abs(x) number: the absolute value",
	"ceil":          "ceil(x) float: the least whole number not below x",
	"floor":         "floor(x) float: the greatest whole number not above x",
	"round":         "round(x) float: x rounded to the nearest whole number",
	"int":           "int(x) int: x as a whole number (a float is truncated, a string parsed)",
	"float":         "float(x) float: x as a number with a fraction",
	"trim":          "trim(s) string: s without leading and trailing white space",
	"trimPrefix":    "trimPrefix(s, prefix) string: s without the prefix",
	"trimSuffix":    "trimSuffix(s, suffix) string: s without the suffix",
	"upper":         "upper(s) string: s in upper case",
	"lower":         "lower(s) string: s in lower case",
	"split":         "split(s, sep) list[string]: the parts of s between the separators",
	"splitAfter":    "splitAfter(s, sep) list[string]: the parts of s, each with its separator",
	"indexOf":       "indexOf(s, sub) int: the index of the first sub in s, or -1",
	"lastIndexOf":   "lastIndexOf(s, sub) int: the index of the last sub in s, or -1",
	"hasPrefix":     "hasPrefix(s, prefix) bool: whether s starts with prefix",
	"hasSuffix":     "hasSuffix(s, suffix) bool: whether s ends with suffix",
	"max":           "max(a, b, ...) number: the greatest of the numbers (or of a list)",
	"min":           "min(a, b, ...) number: the least of the numbers (or of a list)",
	"mean":          "mean(list) float: the mean of the numbers",
	"median":        "median(list) float: the median of the numbers",
	"duration":      "duration(s) duration: a duration such as \"1h30m\"",
	"first":         "first(list): the first element, or nil for an empty list",
	"last":          "last(list): the last element, or nil for an empty list",
	"get":           "get(v, key): the element at the index or key, or nil",
	"take":          "take(list, n) list: the first n elements",
	"keys":          "keys(map) list: the keys of a map",
	"values":        "values(map) list: the values of a map",
	"toPairs":       "toPairs(map) list: the [key, value] pairs of a map",
	"fromPairs":     "fromPairs(list) map: a map of [key, value] pairs",
	"reverse":       "reverse(list) list: the list in reverse order",
	"uniq":          "uniq(list) list: the list without repeated elements",
	"concat":        "concat(list, ...) list: the lists one after another",
	"flatten":       "flatten(list) list: nested lists made into one",
	"bitnot":        "bitnot(n) int: the bitwise complement",
}

// globals are the names every expression sees.
var globals = map[string]struct{ typ, doc string }{
	"round":      {"int", "the current round (0 during surprise)"},
	"segment":    {"int", "the current segment of the round"},
	"sides":      {"list[side]", "every side of the encounter"},
	"combatants": {"list[combatant]", "every combatant of the encounter"},
}

// builtinAttrs are the attributes fray gives every combatant and side.
var builtinAttrs = map[string][]struct{ name, typ, doc string }{
	"combatant": {
		{"name", "string", "the combatant's name in the encounter"},
		{"side", "side", "the combatant's side"},
		{"alive", "bool", "whether the combatant is alive"},
		{"action", "string", "the action it declared this round"},
		{"present", "bool", "whether it is in the fight (false for a latecomer until a rule sets it true)"},
		{"x", "int", "its column on the map, from 0 at the left (-1 off the map)"},
		{"y", "int", "its row on the map, from 0 at the top (-1 off the map)"},
	},
	"side": {
		{"name", "string", "the side's name in the encounter"},
	},
}

// keywordDocs explain the statements and declarations, for hover and
// completion (README.md, "The language").
var keywordDocs = map[string]string{
	"let":       "`let x = expr`: a local, visible in its block",
	"if":        "`if cond { } else if cond { } else { }`: a conditional",
	"for":       "`for x in LIST [by \"label\" key desc, ...] [simultaneous] { }`: a loop, in an order with its tie-breaks",
	"emit":      "`emit event(args)`: raise an event: its log line, then its handlers",
	"act":       "`act c`: resolve the action c declared",
	"declare":   "`declare`: every living combatant declares for the round; `declare(c)` one combatant",
	"schedule":  "`schedule \"label\" for WHO after N { }`: run the block N segments later",
	"cancel":    "`cancel \"label\" for WHO`: drop what is scheduled under the label",
	"segment":   "`segment n { }`: run the block as segment n",
	"log":       "`log \"text {expr}\"`: a line in the log",
	"apply":     "`apply TABLE to c`, `apply TABLE(key) to c`: roll (or look up) a row and run its effect on c",
	"return":    "`return`: leave the action, handler or phase",
	"ruleset":   "`ruleset \"Name\" { ... }`: the header of a rule file",
	"encounter": "`encounter \"Name\" { rules \"path\" ... }`: the header of an encounter",
	"const":     "`const name[: type] = value`: a constant, fixed when the rules load",
	"event":     "`event name(params) \"template\"`: an event with its log line",
	"on":        "`on event { }`: a handler, run whenever the event is emitted",
	"action":    "`action name(params) { }`: what a combatant can declare and resolve",
	"table":     "`table name [dice] { key: \"label\" value }`: a table rolled or looked up",
	"modifiers": "`modifiers name(params) [over LIST as x] aggregate sum|max|min|best|worst { }`: labelled, conditional values",
	"fn":        "`fn name(params): type = expr`: a named expression",
	"phase":     "`phase name once|each round|each segment|at end [before|after phase] { }`: a step of the procedure",
	"end":       "`end when cond`: the end condition, checked after every phase",
	"override":  "`override DECL`: replace the base ruleset's declaration of the same kind and name",
	"remove":    "`remove phase|table|modifiers|fn|action|event|const|on name`: drop a declaration of the base",
	"side":      "`side { attr: type = default }` in a ruleset; `side name { ... }` in an encounter",
	"combatant": "`combatant { attr: type = default }` in a ruleset; `combatant name { attr = value }` in an encounter",
	"surprise":  "`surprise { who: action(...) }`: the declarations for the surprise segments",
	"ruling":    "`ruling \"text\" { side.attr = value }`: a DM ruling applied before the fight",
	"map":       "`map { \"#..#\" ... a: name }`: the battlefield as rows of squares",
}
