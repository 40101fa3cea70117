package lsl

import (
	"strconv"
	"strings"
)

// LoopKey names one instance of a loop, or of a recursive call, in an
// unrolled program. A loop's key is the key of the activation that holds
// it, the iterations of the enclosing loops of that activation and the
// loop's ordinal in its procedure: "t1.2:enqueue>helper/L1#2/L2" is the
// second loop of helper (called from the third operation of t1, enqueue)
// in iteration 2 of its first loop. A recursion's key is the operation's
// key and the procedure: "t1.2/rec:walk". The string form is what the
// output prints and what a bounds file reads.
type LoopKey string

// Bounds gives the number of iterations (or the recursion depth) of loop
// instances by key.
type Bounds map[LoopKey]int

func (k LoopKey) String() string { return string(k) }

// loopKey is the key of the loop with ordinal ord in an activation with
// key act, inside the enclosing iterations path (iterationPath).
func loopKey(act, path string, ord int) LoopKey {
	return LoopKey(act + "/" + path + "L" + strconv.Itoa(ord))
}

// iterationPath extends the enclosing iterations path with iteration i
// of the loop with ordinal ord.
func iterationPath(path string, ord, i int) string {
	return path + "L" + strconv.Itoa(ord) + "#" + strconv.Itoa(i) + "/"
}

// recursionKey is the key of the recursive calls of proc in the operation
// with key op.
func recursionKey(op, proc string) LoopKey {
	return LoopKey(op + "/rec:" + proc)
}

// Encloses reports whether inner is a loop inside an iteration of k (of
// the same activation).
func (k LoopKey) Encloses(inner LoopKey) bool {
	return strings.HasPrefix(string(inner), string(k)+"#")
}

// Within splits inner, a loop inside iteration iter of k, into iter and
// the rest of its key after that iteration ("L2", or "L2#1/L3" for a loop
// deeper in), the same for every iteration of k; ok is false when inner
// is not inside an iteration of k.
func (k LoopKey) Within(inner LoopKey) (iter int, rest string, ok bool) {
	after, ok := strings.CutPrefix(string(inner), string(k)+"#")
	if !ok {
		return 0, "", false
	}
	num, rest, ok := strings.Cut(after, "/")
	if !ok {
		return 0, "", false
	}
	iter, err := strconv.Atoi(num)
	if err != nil {
		return 0, "", false
	}
	return iter, rest, true
}

// InIteration is the key of the loop rest (as returned by Within) inside
// iteration iter of k.
func (k LoopKey) InIteration(iter int, rest string) LoopKey {
	return LoopKey(string(k) + "#" + strconv.Itoa(iter) + "/" + rest)
}

// Thread is the name of the thread whose operation holds k: "t1" for
// "t1.2:enqueue>helper/L1" and for "t1.2/rec:walk"; "" for a string not of
// this form.
func (k LoopKey) Thread() string {
	op, _, ok := strings.Cut(string(k), ":")
	if !ok {
		return ""
	}
	dot := strings.LastIndexByte(op, '.')
	if dot < 0 {
		return ""
	}
	return op[:dot]
}

// CallPath splits k after the procedure of its operation: for
// "t1.2:enqueue>helper/L1#2/L2", op is "enqueue" and path ">helper/L1#2/L2",
// the part the same loop has in every operation that makes the same calls.
// ok is false when k is not inside a call the operation makes (a loop of
// the operation's own procedure, a recursion key).
func (k LoopKey) CallPath() (op, path string, ok bool) {
	_, calls, ok := strings.Cut(string(k), ":")
	if !ok {
		return "", "", false
	}
	i := strings.IndexByte(calls, '>')
	if i < 0 {
		return "", "", false
	}
	return calls[:i], calls[i:], true
}
