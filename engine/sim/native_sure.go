package sim

import "github.com/capq/capq/safeio"

// ReadNativeSure reads data as a native workload without detecting its
// format first, and says whether that is the answer Detect then
// ReadNative would give. Detect decoded the whole first object (for a
// native workload, the whole file) into a map only to look at its keys,
// and ReadNative decoded it all again: a fifth of simulate's fixed cost
// on a 27 MB workload (issue #19).
//
// ok is true only when ReadNative reads data without error and Detect
// would call it native:
//   - it is not in UTF-16 or UTF-32 (Detect reads no native file so);
//   - ReadNative read, after the same BOM cut, one syntactically valid
//     JSON object whose keys are all its own (none a trace's) and whose
//     apps are an array (not the RM's apps answer), so Detect's decode of
//     that object succeeds and finds no trace key. The JSON scanner's
//     nesting limit, which counts from the file's start for Detect and
//     from each app for ReadNative, is not reached: a native value nests
//     a few levels, deeper is a type error
//     (TestNativeTypesNestShallowly);
//   - one of its keys is one Detect calls native (marked).
//
// It reads with readNativeFast when the file is in its subset (a
// generator's plain workload), else with readNative. Otherwise (any
// error, any other format) the caller takes the slow path, which words
// the error as before.
func ReadNativeSure(name string, data []byte) (w *Workload, ok bool) {
	if safeio.RefuseWide(data, "JSON") != nil {
		return nil, false
	}
	if cut, _ := safeio.CutBOM(data); firstByte(cut) != '{' {
		return nil, false // a trace's array, or not JSON: no need to try
	}
	if w, marked, ok := readNativeFast(name, data); ok {
		if !marked || w.Validate() != nil {
			return nil, false
		}
		return w, true
	}
	w, marked, err := readNative(name, data)
	if err != nil || !marked {
		return nil, false
	}
	return w, true
}
