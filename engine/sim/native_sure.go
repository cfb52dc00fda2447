package sim

import "github.com/capq/capq/safeio"

// ReadNativeSure reads data as a native workload without detecting its
// format first, and says whether its answer is the one Detect then
// ReadNative would give. Detect decoded the whole first object (for a
// native workload, the whole file) into a map only to look at its keys,
// and ReadNative decoded it all again: a fifth of simulate's fixed cost
// on a 27 MB workload (issue #19).
//
// ok is true only when ReadNative reads data to a workload (valid or
// not) and Detect would call it native:
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
// err is then ReadNative's: nil, or Validate's refusal of the workload
// (Detect does not validate, so it calls a refused workload native too):
// a workload that parses but is refused is read once, not three times
// (its own read, Detect's, ReadNative's).
//
// It reads with readNativeFast when the file is in its subset (a
// generator's plain workload), else with parseNative. Otherwise (an
// error of reading, any other format) ok is false and the caller takes
// the slow path, which words the error as before.
func ReadNativeSure(name string, data []byte) (w *Workload, ok bool, err error) {
	if safeio.RefuseWide(data, "JSON") != nil {
		return nil, false, nil
	}
	if cut, _ := safeio.CutBOM(data); firstByte(cut) != '{' {
		return nil, false, nil // a trace's array, or not JSON: no need to try
	}
	w, marked, fast := readNativeFast(name, data)
	if !fast {
		var perr error
		if w, marked, perr = parseNative(name, data); perr != nil {
			return nil, false, nil
		}
	}
	if !marked {
		return nil, false, nil
	}
	return w, true, w.Validate()
}
