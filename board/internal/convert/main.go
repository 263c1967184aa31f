// Command convert turns the shared board transcriptions
// (whitehall.json, whitechapel.json; see PROVENANCE.md next to them) into
// gaslamp's own embedded board files.
//
// Usage, from the module root:
//
//	go run ./board/internal/convert -shared ../shared/boards -out board/data
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"gaslamp/board/internal/boardfile"
)

func main() {
	shared := flag.String("shared", "../shared/boards", "directory holding the shared whitehall.json and whitechapel.json")
	out := flag.String("out", "board/data", "directory to write the converted files to")
	flag.Parse()
	files, err := boardfile.ConvertDir(*shared)
	if err != nil {
		fmt.Fprintln(os.Stderr, "convert:", err)
		os.Exit(1)
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		fmt.Fprintln(os.Stderr, "convert:", err)
		os.Exit(1)
	}
	for _, name := range boardfile.Names {
		path := filepath.Join(*out, name+".json")
		if err := os.WriteFile(path, files[name], 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "convert:", err)
			os.Exit(1)
		}
		fmt.Printf("wrote %s (%d bytes)\n", path, len(files[name]))
	}
}
