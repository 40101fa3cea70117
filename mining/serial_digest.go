package mining

import (
	"crypto/sha256"
	"encoding/binary"
	"strconv"

	"github.com/checkfence/checkfence/trace"
)

// State merging in concrete mining. Many orders of the operations reach
// the same serial state: the same memory, the same next operation and
// record count in every thread, and the same observations so far. What the
// enumeration does after a state — the executions, their observations, the
// failures, the loop instances reached, the steps that break the pool
// symmetry — depends on nothing else, so a state explored once need not be
// explored again. This turns the tree of interleavings into the much
// smaller graph of distinct states (ms2 Tpc5: mining 10.5 s → 2.4 s,
// ms2 Tpc6: whole run 244.6 s → 47.6 s CPU).
//
// States are remembered by 128-bit digests, kept up to date as operations
// run rather than recomputed: the memory's is the XOR of the SHA-256
// digests of its cells (key and value), updated for each write; each
// thread's observations are a hash chain over its operations' items, in
// program order (items of different threads never share a key, so the
// threads' chains together determine the observation). Two different
// states collide only if their 128-bit digests agree, which for the at
// most 10^7 states of an enumeration has probability below 10^-24; a state
// that is the same but reached with its cells written in another form (a
// cell never written against one written with its initial value) merely
// counts as different.

// digest is a 128-bit state digest.
type digest [2]uint64

func (d *digest) xor(e digest) {
	d[0] ^= e[0]
	d[1] ^= e[1]
}

func sumDigest(b []byte) digest {
	s := sha256.Sum256(b)
	return digest{binary.LittleEndian.Uint64(s[0:]), binary.LittleEndian.Uint64(s[8:])}
}

// cellDigest is the digest of one memory cell's content.
func cellDigest(key string, v interface{ String() string }) digest {
	b := make([]byte, 0, len(key)+24)
	b = append(b, key...)
	b = append(b, '=')
	b = append(b, v.String()...)
	return sumDigest(b)
}

// chainDigest extends a thread's observation digest with an operation's
// items.
func chainDigest(prev digest, items []trace.ObsItem) digest {
	if len(items) == 0 {
		return prev
	}
	b := make([]byte, 0, 64)
	b = binary.LittleEndian.AppendUint64(b, prev[0])
	b = binary.LittleEndian.AppendUint64(b, prev[1])
	b = append(b, trace.Observation{Items: items}.Canon()...)
	return sumDigest(b)
}

// digest returns the digest of the whole state: positions, record counts,
// memory and observations.
func (st *serialState) digest() digest {
	b := make([]byte, 0, 16+40*len(st.pos))
	b = binary.LittleEndian.AppendUint64(b, st.memh[0])
	b = binary.LittleEndian.AppendUint64(b, st.memh[1])
	for i := range st.pos {
		b = strconv.AppendInt(b, int64(st.pos[i]), 10)
		b = append(b, ',')
		b = strconv.AppendInt(b, int64(st.rec[i]), 10)
		b = append(b, ',')
		b = binary.LittleEndian.AppendUint64(b, st.obsh[i][0])
		b = binary.LittleEndian.AppendUint64(b, st.obsh[i][1])
	}
	return sumDigest(b)
}

// obsDigest returns the digest of the observations so far alone.
func (st *serialState) obsDigest() digest {
	b := make([]byte, 0, 16*len(st.obsh))
	for _, d := range st.obsh {
		b = binary.LittleEndian.AppendUint64(b, d[0])
		b = binary.LittleEndian.AppendUint64(b, d[1])
	}
	return sumDigest(b)
}
