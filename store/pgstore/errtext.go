package pgstore

import (
	"strings"
)

// lineError is an error whose text is another's on one line: pgx lists the
// addresses it tried to connect to on lines of their own (one per address and
// TLS mode, often the same line twice), which breaks a log line or a
// terminal's one-line message into fragments an admin has to put together.
// Unwrap keeps the original for errors.Is and errors.As.
type lineError struct {
	text string
	err  error
}

func (e *lineError) Error() string { return e.text }
func (e *lineError) Unwrap() error { return e.err }

// oneLine returns err with its text on one line: the lines trimmed, a line
// repeated word for word kept once, a line that ends with ":" followed by
// the next with a space, the others joined with "; ". An error already on
// one line is returned as it is.
func oneLine(err error) error {
	if err == nil || !strings.Contains(err.Error(), "\n") {
		return err
	}
	var b strings.Builder
	seen := map[string]bool{}
	for line := range strings.SplitSeq(err.Error(), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || seen[line] {
			continue
		}
		seen[line] = true
		if b.Len() > 0 {
			if strings.HasSuffix(b.String(), ":") {
				b.WriteByte(' ')
			} else {
				b.WriteString("; ")
			}
		}
		b.WriteString(line)
	}
	return &lineError{text: b.String(), err: err}
}
