package preview

import (
	"encoding/json"
	"io"

	"github.com/capq/capq/safeio"
)

// WriteJSON writes the report as indented JSON (schema in README.md).
// Values are in the unit each entry names: "ms", "mb", or "" for counts;
// undefined values (a percentile of no apps) are null.
func WriteJSON(w io.Writer, r *Report) error {
	enc := json.NewEncoder(safeio.JSONWriter(w))
	enc.SetIndent("", "  ")
	return enc.Encode(reportJSON{(*plainReport)(r), refreshOf(r)})
}
