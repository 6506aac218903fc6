package lsp

// The searches that read every .fray file under the root (references,
// workspace/symbol) read each through scan: a file's tree is kept only
// while it is looked at, not for the whole request, and a request reads
// at most scanFiles times --max-file-size of them. Six 3.7 MB files
// under the root, each kept with its tokens and tree, took a
// workspace/symbol 74 s and 1.9 GB; 5 000 of them would take hours.

// scanFiles bounds the bytes of files one search reads: 32 MiB by
// default, 14 times this repository's every .fray file.
const scanFiles = 8

// scanner reads the files of one search.
type scanner struct {
	ld     *loader
	read   int // bytes of the files read so far
	limit  int
	capped bool // a file was left out for the limit
}

func (s *Server) newScanner(ld *loader) *scanner {
	return &scanner{ld: ld, limit: scanFiles * ld.lim.FileSize}
}

// text is the text of a file, an open buffer's or the disk's, without
// parsing it (a file that cannot use the name needs no tree); ok is
// false when it cannot be read or the search has read its limit.
func (sc *scanner) text(path string) (string, bool) {
	if u, ok := sc.ld.units[path]; ok {
		if u == nil {
			return "", false
		}
		return u.text, true
	}
	text, d := sc.ld.linter.ReadText(path)
	if d != nil {
		return "", false
	}
	if sc.read+len(text) > sc.limit {
		sc.capped = true
		return "", false
	}
	sc.read += len(text)
	return text, true
}

// unit is the parsed file, through the server's bounded cache, not
// kept by the request: what the search needs of it it copies.
func (sc *scanner) unit(path, text string) *unit {
	if u, ok := sc.ld.units[path]; ok {
		return u
	}
	return sc.ld.cache.unit(path, text, sc.ld.lim)
}

// report says, once, that a search left files out.
func (sc *scanner) report(s *Server, what string) {
	if sc.capped {
		s.logf(2, "fray lsp: %s read %d bytes of the files under the root, its limit (%d times --max-file-size, which raises it); the other files were not searched", what, sc.read, scanFiles)
	}
}

// cacheText bounds the text of the files whose trees the server keeps
// between requests: one file of the largest size, or many small ones.
// A tree with its tokens takes tens of times its text.
func cacheText(fileSize int) int { return fileSize }
