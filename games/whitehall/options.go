package whitehall

import (
	"slices"

	"gaslamp/game"
)

// Option names (see OptionSpecs).
const (
	OptPowers     = "investigator-powers"
	OptReid       = "reid"
	OptSwanson    = "swanson"
	OptFalseClues = "false-clues"
	OptMurderer   = "murderer-at-large"
	OptNewspaper  = "newspaper-fabrications"
	OptDeduction  = "deduction"
)

// figure is an investigator figure: its colour, which is also its priority
// order (yellow 1 .. brown 5).
type figure uint8

const (
	figYellow figure = iota
	figBlue
	figRed
	figGreen // Edmund Reid
	figBrown // Donald Swanson
)

// figureIDs are the seat ids of the figures.
var figureIDs = [5]string{"yellow", "blue", "red", "green", "brown"}

// figureNames are the investigators' names; names are not translated.
var figureNames = [5]string{"Jasper T.C. Waring", "Arthur Ferris", "Thomas Bond", "Edmund Reid", "Donald Swanson"}

// replaceChoices are the values of the reid and swanson options: the base
// figure replaced, or none.
var replaceChoices = []string{"none", "yellow", "blue", "red"}

// config is a table's options in the form the rules use.
type config struct {
	Powers     bool // Smoker for yellow (W20)
	FalseClues bool // W21
	Murderer   bool // W22
	Newspaper  bool // W23
	Deduction  bool // views carry hunt's possible circles
	Reid       uint8
	Swanson    uint8 // base figure replaced + 1, 0 for none
	// Figs lists the figures in play in priority order; seat i+1 plays
	// Figs[i].
	Figs [numFigures]figure
}

// optionSpecs returns the option specs (a fresh copy: callers may keep it).
func optionSpecs() []game.OptionSpec { return slices.Clone(specs) }

var specs = []game.OptionSpec{
	{Name: OptPowers, Kind: "bool", Default: "false", Label: game.T("whitehall.option.investigator-powers")},
	{Name: OptReid, Kind: "choice", Default: "none", Choices: replaceChoices, Label: game.T("whitehall.option.reid")},
	{Name: OptSwanson, Kind: "choice", Default: "none", Choices: replaceChoices, Label: game.T("whitehall.option.swanson")},
	{Name: OptFalseClues, Kind: "bool", Default: "false", Label: game.T("whitehall.option.false-clues")},
	{Name: OptMurderer, Kind: "bool", Default: "false", Label: game.T("whitehall.option.murderer-at-large")},
	{Name: OptNewspaper, Kind: "bool", Default: "false", Label: game.T("whitehall.option.newspaper-fabrications")},
	{Name: OptDeduction, Kind: "choice", Default: "on", Choices: []string{"on", "off"}, Label: game.T("whitehall.option.deduction"), Own: game.OwnNote("whitehall.option.deduction.own")},
}

func replaced(v string) uint8 {
	for i, c := range replaceChoices {
		if c == v {
			return uint8(i)
		}
	}
	return 0
}

// parseOptions validates o and builds the config.
//
// Decisions: Reid and Swanson always come with their powers (a replacement
// figure exists only for its power), while investigator-powers switches on
// Smoker, which belongs to the yellow investigator; so investigator-powers
// with yellow replaced is refused; and at most one of Reid and Swanson is in a
// game (W20: the seed lets the players replace one of the three figures).
func parseOptions(o game.Options) (config, error) {
	var c config
	if err := game.Validate(specs, o); err != nil {
		return c, err
	}
	c.Powers = o.Bool(OptPowers)
	c.FalseClues = o.Bool(OptFalseClues)
	c.Murderer = o.Bool(OptMurderer)
	c.Newspaper = o.Bool(OptNewspaper)
	c.Deduction = o.Get(OptDeduction, "on") == "on"
	c.Reid = replaced(o.Get(OptReid, "none"))
	c.Swanson = replaced(o.Get(OptSwanson, "none"))
	if c.Reid != 0 && c.Swanson != 0 {
		return c, game.Errorf(game.CodeBadOptions, "whitehall.err.options-reid-and-swanson",
			"at most one of reid and swanson (W20)")
	}
	if c.Powers && (c.Reid == 1 || c.Swanson == 1) {
		return c, game.Errorf(game.CodeBadOptions, "whitehall.err.options-no-yellow",
			"investigator-powers needs the yellow investigator (Smoker)")
	}
	n := 0
	for f := figYellow; f <= figBrown; f++ {
		in := f > figRed && ((f == figGreen && c.Reid != 0) || (f == figBrown && c.Swanson != 0))
		if f <= figRed {
			in = c.Reid != uint8(f)+1 && c.Swanson != uint8(f)+1
		}
		if in {
			c.Figs[n] = f
			n++
		}
	}
	return c, nil
}

// options returns c as table options, in canonical form.
func (c config) options() game.Options {
	o := game.Options{}
	if c.Powers {
		o[OptPowers] = "true"
	}
	if c.FalseClues {
		o[OptFalseClues] = "true"
	}
	if c.Murderer {
		o[OptMurderer] = "true"
	}
	if c.Newspaper {
		o[OptNewspaper] = "true"
	}
	if c.Reid != 0 {
		o[OptReid] = replaceChoices[c.Reid]
	}
	if c.Swanson != 0 {
		o[OptSwanson] = replaceChoices[c.Swanson]
	}
	if !c.Deduction {
		o[OptDeduction] = "off"
	}
	return o
}

// indexOf returns the index (0..2) of figure f among the figures in play, or -1.
func (c *config) indexOf(f figure) int {
	for i, g := range c.Figs {
		if g == f {
			return i
		}
	}
	return -1
}
