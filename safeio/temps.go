package safeio

import (
	"os"
	"sort"
	"sync"
)

// temps are the temporary files not yet moved into place, so an
// interrupted run (SIGINT, SIGTERM) can remove them: an --events log may
// be hundreds of megabytes by then.
var temps = struct {
	sync.Mutex
	names map[string]bool
}{names: map[string]bool{}}

func createTemp(dir, pattern string) (*os.File, error) {
	temps.Lock()
	defer temps.Unlock()
	f, err := os.CreateTemp(dir, pattern)
	if err != nil {
		return nil, err
	}
	temps.names[f.Name()] = true
	return f, nil
}

func forget(name string) {
	temps.Lock()
	delete(temps.names, name)
	temps.Unlock()
}

func removeTemp(name string) {
	temps.Lock()
	defer temps.Unlock()
	os.Remove(name)
	delete(temps.names, name)
}

// RemoveTemps removes every temporary file still open and returns their
// names, sorted. The command's signal handler calls it before exiting.
func RemoveTemps() []string {
	temps.Lock()
	defer temps.Unlock()
	var names []string
	for n := range temps.names {
		os.Remove(n)
		names = append(names, n)
	}
	temps.names = map[string]bool{}
	sort.Strings(names)
	return names
}

// Pending reports how many temporary files are not yet placed or removed
// (tests check it returns to zero).
func Pending() int {
	temps.Lock()
	defer temps.Unlock()
	return len(temps.names)
}
