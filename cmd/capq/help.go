package main

import (
	"embed"
	"strings"
)

// helpFiles holds the commands' long help and examples, one text file each
// (help/CMD.txt, help/CMD.example.txt), so a command's Go file is its flags
// and its flow and the prose can be read and reviewed as prose.
//
//go:embed help/*.txt
var helpFiles embed.FS

// helpText is help/NAME.txt without the newline that ends the file (cobra
// adds its own). A missing file is a build defect, not an input error: it
// panics when the commands are built, which every test of the binary does.
func helpText(name string) string {
	b, err := helpFiles.ReadFile("help/" + name + ".txt")
	if err != nil {
		panic("capq: no embedded help text " + name + ": " + err.Error())
	}
	return strings.TrimSuffix(string(b), "\n")
}
