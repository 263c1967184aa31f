package jekyll

import (
	"strconv"

	"gaslamp/game"
)

// chapterDef is one chapter of the campaign: which parts of the rules it uses
// and its own track and start spaces (J8: settable per chapter).
type chapterDef struct {
	Key       string
	Potions   uint8 // potions in the game: 4, 2 or 0
	Reactions bool  // potion pairs trigger reactions (J6)
	Yard      bool  // the Scotland Yard pawn is on the track
	Mirror    bool  // the first colour seen is the strongest
	Fog       bool  // colour ranks are drawn at the start of each round
	HydeLeads bool  // Hyde always plays right after the City
	LastWord  bool  // the players must also win the last trick of round 2
	Hounds    int8  // extra Scotland Yard steps at the end of each round
	Last      int8  // the last space of the track (spaces 0..Last)
	StartJH   int8  // start space of the Jekyll & Hyde pawn
	StartYard int8  // start space of the Scotland Yard pawn
}

// chapters 1..10 (index 0 unused). Chapters 1-3 teach, 4 is the classic game,
// 5-10 are the product's own challenges (never the published chapters 5-10):
// each adds one rule change or goal to the classic game.
//
// Track and start spaces (J8) are the product's choice, set per chapter and
// measured with "gaslamp arena --game jekyll" (README, "Jekyll & Hyde: track
// defaults"): spaces 0..12 in every chapter, Scotland Yard at 0; Jekyll &
// Hyde at 3 from chapter 3 on. On the classic chapter the partner pair (easy,
// 6 samples) wins a minority but a real share and the all-seeing pair wins
// clearly more often than not: hard but winnable.
//
// Chapters 1 and 2 start the pawn on 9: without reactions the pawn moves
// about 3 spaces a round (at most 5 in 40 deals of chapter 1, even for the
// all-seeing pair), so the 9 spaces from 3 to 12, landed exactly (J7), were
// out of reach (0/8 games even for the all-seeing pair). In chapter 1 (100
// games each, partner pair / all-seeing pair) a start on 5 won 5% / 29%, on
// 6 19% / 50%, on 7 32% / 71%, on 8 52% / 84%, on 9 61% / 84%, on 10 60% /
// 88%: a teaching chapter should be won more often than not, so 9, as in
// chapter 2 (72% / 98%).
var chapters = [11]chapterDef{
	{},
	{Key: "first-steps", Potions: 0, Last: 12, StartJH: 9, StartYard: 0},
	{Key: "potions", Potions: 4, Yard: true, Last: 12, StartJH: 9, StartYard: 0},
	{Key: "reactions", Potions: 4, Reactions: true, Last: 12, StartJH: 3, StartYard: 0},
	{Key: "classic", Potions: 4, Reactions: true, Yard: true, Last: 12, StartJH: 3, StartYard: 0},
	{Key: "looking-glass", Potions: 4, Reactions: true, Yard: true, Mirror: true, Last: 12, StartJH: 3, StartYard: 0},
	{Key: "hounds", Potions: 4, Reactions: true, Yard: true, Hounds: 1, Last: 12, StartJH: 3, StartYard: 0},
	{Key: "empty-cabinet", Potions: 2, Reactions: true, Yard: true, Last: 12, StartJH: 3, StartYard: 0},
	{Key: "pea-souper", Potions: 4, Reactions: true, Yard: true, Fog: true, Last: 12, StartJH: 3, StartYard: 0},
	{Key: "hyde-unbound", Potions: 4, Reactions: true, Yard: true, HydeLeads: true, Last: 12, StartJH: 3, StartYard: 0},
	{Key: "before-dawn", Potions: 4, Reactions: true, Yard: true, LastWord: true, Last: 12, StartJH: 3, StartYard: 0},
}

// NumChapters is the number of chapters of the campaign.
const NumChapters = 10

// MaxStars is the most stars one chapter can give (see doc.go, Campaign).
const MaxStars = 3

// maxCampaign is the largest campaign score a chapter can be started with.
const maxCampaign = 30

// config is the resolved rule set of one table: a flat value copied into the
// state (no pointers, so that states copy and snapshot cheaply).
type config struct {
	Chapter   uint8
	Potions   uint8
	Reactions bool
	Yard      bool
	Mirror    bool
	Fog       bool
	HydeLeads bool
	LastWord  bool
	Overshoot bool // overshoot-to-yard
	Hounds    int8
	Last      int8
	StartJH   int8
	StartYard int8
	Campaign  uint8
	// Score is campaign-score on: the chapter gives stars (J10, the
	// product's own campaign, not the published game's).
	Score bool
}

func (c *config) def() *chapterDef { return &chapters[c.Chapter] }

// deckCards is the set of cards in play for this chapter.
func (c *config) deckCards() uint32 {
	return colourSet[0] | colourSet[1] | colourSet[2] | (uint32(1)<<c.Potions-1)<<potionLo
}

func rangeChoices(lo, hi int, first ...string) []string {
	out := append([]string(nil), first...)
	for i := lo; i <= hi; i++ {
		out = append(out, strconv.Itoa(i))
	}
	return out
}

var optionSpecs = []game.OptionSpec{
	{Name: "chapter", Kind: "choice", Default: "4", Choices: rangeChoices(1, NumChapters), Label: game.T("jekyll.opt.chapter"), Own: game.OwnNote("jekyll.opt.chapter.own"),
		Published: []string{"4"}}, // the classic night is the published game; the others are gaslamp's (J9)
	{Name: "track-length", Kind: "choice", Default: "chapter", Choices: rangeChoices(6, 20, "chapter"), Label: game.T("jekyll.opt.track-length"), Own: game.OwnNote("jekyll.opt.track-length.own")},
	{Name: "start-jh", Kind: "choice", Default: "chapter", Choices: rangeChoices(0, 19, "chapter"), Label: game.T("jekyll.opt.start-jh"), Own: game.OwnNote("jekyll.opt.start-jh.own")},
	{Name: "start-yard", Kind: "choice", Default: "chapter", Choices: rangeChoices(0, 18, "chapter"), Label: game.T("jekyll.opt.start-yard"), Own: game.OwnNote("jekyll.opt.start-yard.own")},
	{Name: "overshoot-to-yard", Kind: "bool", Default: "false", Label: game.T("jekyll.opt.overshoot-to-yard")},
	{Name: "campaign-score", Kind: "choice", Default: "off", Choices: rangeChoices(0, maxCampaign, "off"), Label: game.T("jekyll.opt.campaign-score"), Own: game.OwnNote("jekyll.opt.campaign-score.own")},
}

func optInt(o game.Options, name string, def int8) int8 {
	v := o.Get(name, "chapter")
	if v == "chapter" {
		return def
	}
	n, _ := strconv.Atoi(v)
	return int8(n)
}

// parseConfig validates the options and resolves them against the chapter.
func parseConfig(o game.Options) (config, error) {
	if err := game.Validate(optionSpecs, o); err != nil {
		return config{}, err
	}
	ch := o.Int("chapter", 4)
	d := &chapters[ch]
	c := config{
		Chapter:   uint8(ch),
		Potions:   d.Potions,
		Reactions: d.Reactions,
		Yard:      d.Yard,
		Mirror:    d.Mirror,
		Fog:       d.Fog,
		HydeLeads: d.HydeLeads,
		LastWord:  d.LastWord,
		Hounds:    d.Hounds,
		Overshoot: o.Bool("overshoot-to-yard"),
		Last:      optInt(o, "track-length", d.Last),
		StartJH:   optInt(o, "start-jh", d.StartJH),
		StartYard: optInt(o, "start-yard", d.StartYard),
		Campaign:  uint8(o.Int("campaign-score", 0)),
		Score:     o.Get("campaign-score", "off") != "off",
	}
	if c.StartJH >= c.Last {
		return config{}, game.Errorf(game.CodeBadOptions, "jekyll.err.start-past-track", "start-jh must be before the last space", "option", "start-jh")
	}
	if c.Yard && c.StartYard >= c.StartJH {
		return config{}, game.Errorf(game.CodeBadOptions, "jekyll.err.yard-ahead", "start-yard must be behind start-jh", "option", "start-yard")
	}
	return c, nil
}
