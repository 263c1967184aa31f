package main

import (
	"encoding/json"
	"fmt"
	"os"

	"gaslamp/board"
)

func init() {
	commands["boards"] = command{"print the counts of each board graph", runBoards}
}

func runBoards(args []string) int {
	fs := newFlags("boards", "[--json]")
	asJSON := fs.Bool("json", false, "print one JSON object per board name")
	if code, ok := parse(fs, args); !ok {
		return code
	}
	out := map[string]board.Counts{}
	for _, name := range board.Names() {
		b, err := board.ByName(name)
		if err != nil {
			fmt.Fprintln(os.Stderr, "gaslamp boards:", err)
			return 1
		}
		out[name] = b.Counts()
	}
	if *asJSON {
		data, _ := json.MarshalIndent(out, "", "  ")
		fmt.Println(string(data))
		return 0
	}
	for _, name := range board.Names() {
		c := out[name]
		fmt.Printf("%s\n", name)
		fmt.Printf("  circles      %4d  (white %d, black %d, blue %d, red %d)\n", c.Circles, c.White-c.Red, c.Black, c.Blue, c.Red)
		fmt.Printf("  crossings    %4d  (starting %d)\n", c.Crossings, c.Starts)
		fmt.Printf("  edges        %4d\n", c.Edges)
		fmt.Printf("  walk pairs   %4d\n", c.WalkPairs)
		fmt.Printf("  step pairs   %4d\n", c.StepPairs)
		fmt.Printf("  alley pairs  %4d\n", c.AlleyPairs)
		fmt.Printf("  blocks       %4d  (land %d, water %d)\n", c.LandBlocks+c.WaterBlocks, c.LandBlocks, c.WaterBlocks)
		fmt.Printf("  water groups %4d\n", c.WaterGroups)
	}
	return 0
}
