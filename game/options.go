package game

import (
	"sort"
	"strconv"
	"strings"
)

// Options are a table's options: name to value. A boolean option is "true" or
// absent. Unknown names are refused by Rules.New.
type Options map[string]string

// Bool reports whether option name is "true".
func (o Options) Bool(name string) bool { return o[name] == "true" }

// Get returns option name or def when unset.
func (o Options) Get(name, def string) string {
	if v, ok := o[name]; ok && v != "" {
		return v
	}
	return def
}

// Int returns option name as an integer, or def when unset or not a number.
func (o Options) Int(name string, def int) int {
	if v, err := strconv.Atoi(o[name]); err == nil {
		return v
	}
	return def
}

// String returns the canonical form "a,b=c" (sorted names; booleans by name
// alone), the form `--options` takes on the command line.
func (o Options) String() string {
	names := make([]string, 0, len(o))
	for k := range o {
		names = append(names, k)
	}
	sort.Strings(names)
	var b strings.Builder
	for _, k := range names {
		v := o[k]
		if v == "" || v == "false" {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte(',')
		}
		b.WriteString(k)
		if v != "true" {
			b.WriteByte('=')
			b.WriteString(v)
		}
	}
	return b.String()
}

// ParseOptions reads the form of Options.String: "false-clues,reid=blue".
func ParseOptions(s string) Options {
	o := Options{}
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		if k, v, ok := strings.Cut(part, "="); ok {
			o[strings.TrimSpace(k)] = strings.TrimSpace(v)
		} else {
			o[part] = "true"
		}
	}
	return o
}

// OptionSpec describes one option a game accepts, for the lobby and for
// validation. Kind is "bool" or "choice". Own, when set, marks an option that
// is gaslamp's own invention rather than a rule of the published game, and
// says why (the lobby shows it beside the option: RULINGS J11); Published
// lists the choices of such an option that are the published game's, which
// the lobby shows without the mark.
type OptionSpec struct {
	Name      string   `json:"name"`
	Kind      string   `json:"kind"`
	Default   string   `json:"default"`
	Choices   []string `json:"choices,omitempty"`
	Label     Text     `json:"label"`
	Own       *Text    `json:"own,omitempty"`
	Published []string `json:"published,omitempty"`
}

// OwnNote returns the note of an option that is gaslamp's own (OptionSpec.Own).
func OwnNote(key string) *Text {
	t := T(key)
	return &t
}

// Validate checks o against specs: every name known, every value allowed.
func Validate(specs []OptionSpec, o Options) error {
	for k, v := range o {
		var spec *OptionSpec
		for i := range specs {
			if specs[i].Name == k {
				spec = &specs[i]
			}
		}
		if spec == nil {
			return Errorf(CodeBadOptions, "err.unknown-option", "unknown option "+k, "option", k)
		}
		switch spec.Kind {
		case "bool":
			if v != "true" && v != "false" && v != "" {
				return Errorf(CodeBadOptions, "err.bad-option-value", k+"="+v, "option", k)
			}
		case "choice":
			ok := false
			for _, c := range spec.Choices {
				ok = ok || c == v
			}
			if !ok {
				return Errorf(CodeBadOptions, "err.bad-option-value", k+"="+v, "option", k)
			}
		}
	}
	return nil
}
