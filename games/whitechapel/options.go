package whitechapel

import (
	"slices"

	"gaslamp/game"
)

// OptDeduction is the name of the deduction option: "on" (the default) puts
// hunt's possible circles of tonight and the possible hideouts in the views
// of the police and the spectators; "off" leaves them out.
const OptDeduction = "deduction"

// config is a table's options in the form the rules use.
type config struct {
	Deduction bool
}

// optionSpecs returns the option specs (a fresh copy: callers may keep it).
func optionSpecs() []game.OptionSpec { return slices.Clone(specs) }

var specs = []game.OptionSpec{
	{Name: OptDeduction, Kind: "choice", Default: "on", Choices: []string{"on", "off"}, Label: game.T("whitechapel.option.deduction"), Own: game.OwnNote("whitechapel.option.deduction.own")},
}

// parseOptions validates o and builds the config.
func parseOptions(o game.Options) (config, error) {
	var c config
	if err := game.Validate(specs, o); err != nil {
		return c, err
	}
	c.Deduction = o.Get(OptDeduction, "on") == "on"
	return c, nil
}

// options returns c as table options, in canonical form.
func (c config) options() game.Options {
	o := game.Options{}
	if !c.Deduction {
		o[OptDeduction] = "off"
	}
	return o
}
