package encode

import (
	"strings"

	"github.com/checkfence/checkfence/lsl"
)

// reloadTagsMatch reports whether, on a cat model, the load L a reload
// round moves may take the place of the later load C as far as tags go
// (docs/semantics.md, "Reload rounds: tags a model does not see on a
// read"): the same tags, or tags that differ only where the model's
// checks and flags cannot tell the two reads apart
// (memmodel.Model.ReadRetagUnseen) — and then C, like L, pairs with no
// store-exclusive and is no part of a mixed-size access, since the
// encoding reads those tags itself. Neither load may carry a failure
// order (a compare-exchange's read whose order depends on the outcome).
// On sc-cat any tags match (it sees none). Options.NoReloadRetag keeps
// the exact comparison, for the differential tests.
func (e *Encoding) reloadTagsMatch(l, c *Instr) bool {
	if sameTags(l, c) {
		return true
	}
	if e.Memory.SequentiallyConsistentCat() {
		// sc-cat names no tag, and its C11 mapping adds none: the
		// moved load is in the sets C is in (C pairs with no
		// store-exclusive and is no part of a mixed-size access)
		return e.catReloadSource(c)
	}
	if !e.reloadRetag || !e.catReloadSource(c) {
		return false
	}
	a, b := lsl.Tags(l.Stmt), lsl.Tags(c.Stmt)
	if lsl.FailOrder(a) != "" || lsl.FailOrder(b) != "" {
		// a compare-exchange's failure order (lsl.FailTag) depends on
		// the block's outcome, which the model's text does not show:
		// read literally, fail.RLX is a tag rc11 never names
		return false
	}
	key := strings.Join(a, ",") + "|" + strings.Join(b, ",")
	if v, ok := e.retagMemo[key]; ok {
		return v
	}
	if e.retagMemo == nil {
		e.retagMemo = map[string]bool{}
	}
	v := e.Memory.ReadRetagUnseen(a, b)
	e.retagMemo[key] = v
	return v
}
