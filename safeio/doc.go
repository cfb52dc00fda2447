// Package safeio reads inputs and writes outputs the way a tool that runs
// on other people's files must: every read is bounded and refuses FIFOs
// and devices unless asked (so /dev/zero or a pipe nobody writes cannot
// exhaust memory or hang a CI job), and every output is written to a
// temporary file beside its target, checked, synced and moved into place,
// never replacing a symbolic link, a device, an input of the same run or
// an existing file without force. A git object (ReadGitBlob) is read the
// same way, bounded, with a revision that can never pass for a git option.
// It depends only on the standard library (and the git binary for git
// objects), so every layer of capq may use it. JSONPlace names the
// file:line:col of a JSON decoding error in an input so read.
package safeio
