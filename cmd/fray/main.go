// Command fray lints and runs tabletop combat procedures written as data.
package main

import "os"

// default.pgo, the profile go build applies to fray, is made by pgo.sh.
//go:generate sh pgo.sh

func main() { os.Exit(Main()) }
