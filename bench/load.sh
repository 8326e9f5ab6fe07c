#!/bin/sh
# Load-time benchmark: writes a random PACE .gr file of 10 million edges to $TMPDIR (/tmp)
# and times graph_read on it, best of three, plain and gzip-compressed.
# Usage: bench/load.sh [BUILDDIR]   (default: $top_builddir, else the current directory)
# LOAD_N, LOAD_M, LOAD_SEED change the graph; KEEP=1 keeps the generated files; GZIP=0 skips
# the compressed run.
set -e
build=${1:-${top_builddir:-.}}
n=${LOAD_N:-1000000}
m=${LOAD_M:-10000000}
seed=${LOAD_SEED:-1}
dir=${TMPDIR:-/tmp}
file="$dir/mvc-load-n$n-m$m-s$seed.gr"

make -C "$build" -s bench/gen_graph bench/load_graph

echo "machine: $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | sed 's/.*: //')"
t0=$(date +%s.%N)
"$build/bench/gen_graph" "$n" "$m" "$seed" "$file"
t1=$(date +%s.%N)
echo "generated $file: $(wc -c <"$file") bytes in $(echo "$t1 - $t0" | bc) s"

"$build/bench/load_graph" --repeat=3 --phases "$file"
if [ "${GZIP:-1}" != 0 ] && command -v gzip >/dev/null 2>&1 && grep -q '^#define HAVE_ZLIB 1' "$build/config.h"; then
    gzip -1 -c "$file" >"$file.gz"
    echo "compressed: $(wc -c <"$file.gz") bytes"
    "$build/bench/load_graph" --repeat=3 "$file.gz" | tail -n 1
fi
[ "${KEEP:-0}" = 1 ] || rm -f "$file" "$file.gz"
