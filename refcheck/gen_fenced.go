package refcheck

import "strings"

// fenceEverything puts a full fence after every load and store of a
// generated program outside atomic blocks, and after every atomic block
// (GenConfig.FullyFenced): every load is then ordered before what follows
// it in its thread, and every store before the thread's later stores, so
// the fence case of fair progress (docs/semantics.md, "Storing rounds
// behind fences") applies on relaxed and rmo too, not only where loads
// are in order.
func fenceEverything(src string) string {
	var out []string
	depth, atomicAt := 0, -1 // atomicAt: the depth the open atomic block started at
	for _, l := range strings.Split(src, "\n") {
		out = append(out, l)
		t := strings.TrimSpace(l)
		before := depth
		depth += strings.Count(t, "{") - strings.Count(t, "}")
		indent := l[:len(l)-len(strings.TrimLeft(l, " "))]
		fence := indent + "fence full"
		switch {
		case atomicAt < 0 && strings.HasPrefix(t, "atomic {"):
			if depth == before {
				out = append(out, fence) // a block on one line
			} else {
				atomicAt = before
			}
		case atomicAt >= 0:
			if depth == atomicAt {
				atomicAt = -1
				out = append(out, fence)
			}
		case strings.Contains(t, ":= load ") || strings.HasPrefix(t, "store "):
			out = append(out, fence)
		}
	}
	return strings.Join(out, "\n")
}
