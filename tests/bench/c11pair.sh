#!/bin/bash
# c11pair.sh OLD NEW OUT PROG... — two checkfence binaries back to back on
# the C11 programs of tests/llvm/pthread/c11bench (docs/performance.md
# calls it /work/notes/c11pair.sh): for each program and model, OLD then
# NEW, printing "PROG MODEL | cpu verdict | cpu verdict" with CPU seconds
# (user+sys, children included). The machines are shared and noisy, so
# compare pairs, not single times. Outputs go to OUT/<binary>.<prog>.<model>.out.
#   MODELS  models to run (default "sc relaxed rc11")
#   TO      timeout per run (default 120s)
# Example: TO=200s tests/bench/c11pair.sh /tmp/cf_main /tmp/cf_new /tmp/out treiber_3_3.c msq_2_2.c
set -u
if [ $# -lt 4 ]; then
	sed -n '2,11p' "$0" >&2
	exit 2
fi
OLD=$(realpath "$1") NEW=$(realpath "$2") OUT=$(realpath -m "$3")
shift 3
MODELS=${MODELS:-"sc relaxed rc11"}
TO=${TO:-120s}
cd "$(dirname "$0")/../llvm/pthread/c11bench" || exit 2
mkdir -p "$OUT"
for p in "$@"; do
	for m in $MODELS; do
		line="$p $m"
		for b in "$OLD" "$NEW"; do
			out="$OUT/$(basename "$b").$p.$m.out"
			/usr/bin/time -f "%U %S" -o "$OUT/time.$$" timeout "$TO" "$b" run "$p" --model "$m" >"$out" 2>&1
			rc=$?
			cpu=$(awk 'END { printf "%.2f", $1 + $2 }' "$OUT/time.$$")
			v=$(grep -oE "(PASS|FAIL|INCONCLUSIVE)" "$out" | head -1)
			line="$line | $cpu ${v:-rc$rc}"
		done
		echo "$line"
	done
done
rm -f "$OUT/time.$$"
