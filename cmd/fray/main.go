// Command fray lints and runs tabletop combat procedures written as data.
package main

import "os"

func main() { os.Exit(Main()) }
