module github.com/frayrules/fray

go 1.26.8

require (
	github.com/alecthomas/participle/v2 v2.1.4 // indirect
	github.com/expr-lang/expr v1.17.8 // indirect
	github.com/inconshreveable/mousetrap v1.1.0 // indirect
	github.com/owenrumney/go-sarif/v2 v2.3.3 // indirect
	github.com/rogpeppe/go-internal v1.16.0 // indirect
	github.com/spf13/cobra v1.10.2 // indirect
	github.com/spf13/pflag v1.0.9 // indirect
	golang.org/x/sys v0.26.0 // indirect
	golang.org/x/tools v0.26.0 // indirect
)
