package refcheck

import (
	"sort"
	"strconv"
	"strings"

	"github.com/checkfence/checkfence/lsl"
)

// obsKey identifies one observed quantity of a thread: the operation record
// (the number of "observe label" statements executed before and including
// it; 0 before the first), the kind and the name.
type obsKey struct {
	record int
	kind   lsl.ObsKind
	name   string
}

// obsLess orders keys as the engine's canonical form does: by record, the
// label first within its record, then by kind and name.
func obsLess(a, b obsKey) bool {
	if a.record != b.record {
		return a.record < b.record
	}
	if (a.kind == lsl.ObsLabel) != (b.kind == lsl.ObsLabel) {
		return a.kind == lsl.ObsLabel
	}
	if a.kind != b.kind {
		return a.kind < b.kind
	}
	return a.name < b.name
}

// canonThread renders the observations of thread ti in the engine's
// canonical format (trace.Observation.Canon): one
// "thread.record.kind."name"=value;" item per observed key, sorted. The
// canonical string of a whole execution is the concatenation over threads
// in thread order.
func canonThread(ti int, obs map[obsKey]lsl.Value) string {
	keys := make([]obsKey, 0, len(obs))
	for k := range obs {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return obsLess(keys[i], keys[j]) })
	var b strings.Builder
	for _, k := range keys {
		b.WriteString(strconv.Itoa(ti))
		b.WriteByte('.')
		b.WriteString(strconv.Itoa(k.record))
		b.WriteByte('.')
		b.WriteString(k.kind.String())
		b.WriteByte('.')
		b.WriteString(strconv.Quote(k.name))
		b.WriteByte('=')
		b.WriteString(obs[k].String())
		b.WriteByte(';')
	}
	return b.String()
}
