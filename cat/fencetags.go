package cat

import "github.com/checkfence/checkfence/lsl"

// FenceKindTags are the tags an LSL fence without explicit tags carries
// for cat models: its kind's name, and for a full fence the four basic
// kinds too (load-load, load-store, store-load, store-store, full,
// aliased-loads, data-dependent-loads, control-dependent). The built-in
// models map them to their fences (docs/models.md).
func FenceKindTags(k lsl.FenceKind) []string {
	if k == lsl.FenceFull {
		return []string{"full", "load-load", "load-store", "store-load", "store-store"}
	}
	if k == 0 {
		return nil
	}
	return []string{k.String()}
}
