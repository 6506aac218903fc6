package cli

import "io"

// outWriter is standard output as the commands see it. It keeps the
// first error a write met (a full disk, /dev/full), which a command
// printing with fmt.Fprint never sees: fray sim, fmt, test and version
// exited 0 having lost all they printed, and prob's error was taken for
// a usage error. After it, writes fail at once.
type outWriter struct {
	w   io.Writer
	err error
}

func (o *outWriter) Write(p []byte) (int, error) {
	if o.err != nil {
		return 0, o.err
	}
	n, err := o.w.Write(p)
	if err != nil {
		o.err = err
	}
	return n, err
}
