#!/bin/sh
# Inputs past the 32-bit limits: vertex ids and counts from 2^31 on are refused with
# "FILE:LINE: message" and exit status 2 in every format and answer file; edge-list ids past
# 2^32 are relabelled, not refused; edge counts past 2^32 are carried whole.
. "${top_srcdir:-.}/tests/lib.sh"

# refused FILE LINE-AND-MESSAGE DESCRIPTION [OPTIONS]: exit 2 and exactly that message
refused() {
    file=$1; expected=$2; what=$3; shift 3
    run "$@" "$file"
    is "$status" 2 "$what: exit 2"
    is "$(cat "$TMP/err")" "mvc-gpu: $file:$expected" "$what: says where and why"
}

printf 'p td 3 1\n1 2147483648\n' >"$TMP/id.gr"
refused "$TMP/id.gr" "2: vertex id 2147483648 out of range 1..3" "PACE edge with id 2^31"
printf 'p td 2147483648 0\n' >"$TMP/n.gr"
refused "$TMP/n.gr" "1: 2147483648 vertices: more than the 2147483646 supported" \
    "PACE header with 2^31 vertices"
printf 'p td 4294967297 0\n' >"$TMP/n32.gr"
refused "$TMP/n32.gr" "1: 4294967297 vertices: more than the 2147483646 supported" \
    "PACE header with 2^32 + 1 vertices (not read modulo 2^32)"
printf 'p edge 3 1\ne 1 4294967298\n' >"$TMP/id.dimacs"
refused "$TMP/id.dimacs" "2: vertex id 4294967298 out of range 1..3" "DIMACS 'e' line with id 2^32 + 2"
printf 'p edge 2147483647 0\n' >"$TMP/n.dimacs"
refused "$TMP/n.dimacs" "1: 2147483647 vertices: more than the 2147483646 supported" \
    "DIMACS header with 2^31 - 1 vertices"
printf 'SECTION Graph\nNodes 3\nEdges 1\nE 1 2147483649 1\nEND\nEOF\n' >"$TMP/id.stp"
refused "$TMP/id.stp" "4: vertex id 2147483649 out of range 1..3" "STP edge with id 2^31 + 1"
printf '%%%%MatrixMarket matrix coordinate pattern general\n3 3 1\n2147483648 1\n' >"$TMP/id.mtx"
refused "$TMP/id.mtx" "3: vertex id 2147483648 out of range 1..3" "Matrix Market entry with id 2^31"
printf '1 2\n9223372036854775808 1\n' >"$TMP/id.txt"
refused "$TMP/id.txt" "2: a vertex id is too large: '9223372036854775808'" \
    "edge list with an id past 2^63 - 1"

# Edge lists name vertices by any id up to 2^63 - 1: ids are relabelled, not refused.
printf '4294967296 2147483648\n2147483648 9223372036854775807\n' >"$TMP/big.txt"
run "$TMP/big.txt"
is "$status" 0 "edge list with ids 2^31, 2^32 and 2^63 - 1: solved"
is "$(cover_size "$TMP/out")" 1 "a path on three vertices: cover of one"

# Edge counts past 2^32 are kept whole (a 32-bit count would wrap to 705032704 and 1).
printf 'p td 3 5000000000\n1 2\n' >"$TMP/m.gr"
refused "$TMP/m.gr" "2: end of input after 1 of the 5000000000 edges announced at line 1 (truncated file?)" \
    "PACE header with 5 * 10^9 edges"
printf 'SECTION Graph\nNodes 3\nEdges 4294967297\nE 1 2 1\nEND\nEOF\n' >"$TMP/m.stp"
refused "$TMP/m.stp" "5: 1 'E' lines, but 'Edges' at line 3 announces 4294967297" \
    "STP 'Edges' count of 2^32 + 1"

# Answers checked by --check: the same limits.
printf 'p td 3 1\n1 2\n' >"$TMP/small.gr"
printf 's vc 3 1\n2147483649\n' >"$TMP/big.vc"
run --check "$TMP/small.gr" "$TMP/big.vc"
is "$status" 2 ".vc answer with vertex 2^31 + 1: exit 2"
is "$(cat "$TMP/err")" "mvc-gpu: $TMP/big.vc:2: vertex 2147483649 is not in 1..3" \
    ".vc answer with vertex 2^31 + 1: says where and why"
printf 's vc 4294967299 1\n1\n' >"$TMP/n.vc"
run --check "$TMP/small.gr" "$TMP/n.vc"
is "$status" 2 ".vc answer for 2^32 + 3 vertices: exit 2"
is "$(cat "$TMP/err")" "mvc-gpu: $TMP/n.vc:1: solution is for 4294967299 vertices, graph has 3" \
    ".vc answer for 2^32 + 3 vertices: not read modulo 2^32"
printf 'VALUE 1\n1 2147483650\n' >"$TMP/big.tree"
run --check --steiner "$TMP/small.gr" "$TMP/big.tree"
is "$status" 2 "Steiner answer with vertex 2^31 + 2: exit 2"
is "$(cat "$TMP/err")" \
    "mvc-gpu: $TMP/big.tree:2: edge {1, 2147483650} has a vertex outside 1..3" \
    "Steiner answer with vertex 2^31 + 2: says where and why"

done_testing
