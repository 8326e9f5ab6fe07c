#!/bin/sh
# Steiner mode from the command line: the printed tree passes --check, and --check
# rejects every kind of wrong answer with the documented exit status and message;
# the output is PACE 2018's alone, inputs without a tree fail before any output
# file is touched, options that cannot act are refused.
. "${top_srcdir:-.}/tests/lib.sh"
data="$top_srcdir/tests/data"
stp="$data/small.stp"

run --steiner -q "$stp"
is "$status" 0 "Steiner tree of small.stp: exit 0"
cp "$TMP/out" "$TMP/tree"
"$MVC_GPU" --check "$stp" "$TMP/tree" >"$TMP/check" 2>"$TMP/err"
is "$?" 0 "the printed tree passes --check"
grep -q "^c valid Steiner tree of weight" "$TMP/check"
ok $? "--check says the tree is valid and gives its weight"
weight=$(awk '$1 == "VALUE" { print $2 }' "$TMP/tree")
is "$weight" 16 "small.stp: KMB finds the optimum 16 (1-2, 2-3, 1-6, 6-5)"

run --steiner --steiner-algo mehlhorn -q "$stp"
cp "$TMP/out" "$TMP/mehlhorn"
"$MVC_GPU" --check "$stp" "$TMP/mehlhorn" >/dev/null 2>&1
is "$?" 0 "Mehlhorn's tree passes --check"

# expect_invalid NAME STATUS PATTERN: --check of $TMP/NAME exits STATUS with PATTERN on stderr
expect_invalid() {
    "$MVC_GPU" --check "$stp" "$TMP/$1" >/dev/null 2>"$TMP/err"
    got=$?
    is "$got" "$2" "$1: exit $2"
    grep -q "$3" "$TMP/err"
    ok $? "$1: message says '$3'"
    [ "$(wc -l <"$TMP/err")" -eq 1 ]
    ok $? "$1: one line on stderr"
}

printf 'VALUE 17\n1 2\n2 3\n1 6\n5 6\n' >"$TMP/wrong-value"
expect_invalid wrong-value 3 "weighs 16, not the 17"
printf 'VALUE 14\n1 2\n2 3\n1 6\n' >"$TMP/misses-terminal"
expect_invalid misses-terminal 3 "terminal 5 is not in the tree"
printf 'VALUE 16\n1 3\n1 2\n1 6\n5 6\n' >"$TMP/no-such-edge"
expect_invalid no-such-edge 3 "edge {1, 3} is not in the graph"
printf 'VALUE 23\n1 2\n2 3\n3 4\n4 5\n5 6\n1 6\n' >"$TMP/cycle"
expect_invalid cycle 3 "closes a cycle"
printf 'VALUE 5\n1 2\n2 3\n5 6\n' >"$TMP/forest"
expect_invalid forest 3 "separate trees"
printf 'VALUE 16\n1 2\n1 2\n' >"$TMP/repeated-edge"
expect_invalid repeated-edge 3 "closes a cycle"
printf '1 2\nVALUE 3\n' >"$TMP/edge-first"
expect_invalid edge-first 2 "edge-first:1: edge before the VALUE line"
printf 'VALUE 3\nVALUE 3\n' >"$TMP/two-values"
expect_invalid two-values 2 "two-values:2: repeated VALUE line"
printf 'VALUE -3\n' >"$TMP/negative"
expect_invalid negative 2 "negative:1: expected 'VALUE W'"
printf 'VALUE 3\n1 x\n' >"$TMP/not-a-number"
expect_invalid not-a-number 2 "not-a-number:2: expected an edge"
printf 'VALUE 3\n1 7\n' >"$TMP/out-of-range"
expect_invalid out-of-range 2 "out-of-range:2: edge {1, 7} has a vertex outside 1..6"
printf 'VALUE 0\n4 4\n' >"$TMP/loop"
expect_invalid loop 2 "loop:2: edge {4, 4} is a loop"
printf 'c only a comment\n' >"$TMP/no-value"
expect_invalid no-value 2 "no VALUE line"

printf 'VALUE 16\n1 2\n2 3\n1 6\n5 6\n' | "$MVC_GPU" --check "$stp" - >/dev/null 2>&1
is "$?" 0 "--check reads the answer from standard input"
printf 'VALUE 16\n1 2 3\n' | "$MVC_GPU" --check "$stp" - >/dev/null 2>"$TMP/err"
grep -q "^mvc-gpu: <stdin>:2:" "$TMP/err"
ok $? "an error in an answer on standard input names <stdin> and the line"

# A graph without terminals: covers are checked unless --steiner asks for a tree.
printf 'VALUE 1\n1 2\n' >"$TMP/edge"
"$MVC_GPU" --check --steiner "$top_srcdir/instances/path10.gr" "$TMP/edge" >/dev/null 2>&1
is "$?" 0 "--check --steiner: one unweighted edge weighs 1 (no terminals to span)"
"$MVC_GPU" --steiner --check "$top_srcdir/instances/path10.gr" "$TMP/edge" >/dev/null 2>&1
is "$?" 0 "--steiner --check: either order"
"$MVC_GPU" --check "$top_srcdir/instances/path10.gr" "$TMP/edge" >/dev/null 2>"$TMP/err"
is "$?" 2 "--check without --steiner on a graph without terminals reads a cover"

# The answer is PACE 2018's form alone: VALUE on the first line, then edges.
run --steiner "$stp"
is "$(head -n 1 "$TMP/out")" "VALUE 16" "the output's first line is VALUE"
is "$(grep -c -v '^[0-9]* [0-9]*$' "$TMP/out")" 1 "every other output line is an edge"

# Progress lines give the tree's weight.
run --steiner --progress "$stp"
grep -q "^c .* weight  *16 " "$TMP/err"
ok $? "--progress prints the tree's weight"

# Inputs that have no tree: the file is named, exit 2, the outputs are left as they were.
printf '%s\n' 'SECTION Graph' 'Nodes 4' 'Edges 2' 'E 1 2 1' 'E 3 4 1' 'END' \
    'SECTION Terminals' 'Terminals 2' 'T 1' 'T 4' 'END' 'EOF' >"$TMP/cut.stp"
printf '%s\n' 'SECTION Graph' 'Nodes 2' 'Edges 1' 'E 1 2 1' 'END' 'EOF' >"$TMP/none.stp"
echo earlier >"$TMP/answer"
run --steiner -o "$TMP/answer" "$TMP/cut.stp"
is "$status" 2 "terminals cut off from each other: exit 2"
grep -q "^mvc-gpu: $TMP/cut.stp: terminal 4 cannot be reached from terminal 1" "$TMP/err"
ok $? "the message names the file"
is "$(cat "$TMP/answer")" earlier "-o keeps the earlier answer"
run --steiner --stats="$TMP/stats" "$TMP/none.stp"
is "$status" 2 "no terminals: exit 2"
grep -q "^mvc-gpu: $TMP/none.stp: the graph has no terminals" "$TMP/err"
ok $? "the message names the file"
[ ! -e "$TMP/stats" ]
ok $? "--stats=FILE made no file"

# Options that cannot act are refused before the input is read.
refused() { # refused PATTERN OPTIONS...: exit 2 and PATTERN on stderr, output untouched
    pattern=$1
    shift
    run --steiner -o "$TMP/answer" "$@" "$stp"
    is "$status" 2 "$*: exit 2"
    grep -q -- "$pattern" "$TMP/err"
    ok $? "$*: says '$pattern'"
    is "$(cat "$TMP/answer")" earlier "$*: -o keeps the earlier answer"
}
refused "--sssp does not apply without --steiner-device gpu" --sssp tpull
refused "--sssp is auto, bellman-ford, tpull or near-far, not 'fast'" --sssp fast
refused "--improve-time does not apply with --no-improve" --no-improve --improve-time 2
refused "--complement-memory does not apply to Steiner trees" --complement-memory 1G
if "$MVC_GPU" --version | grep -q '^CUDA: not built in'; then
    refused "--steiner-mst gpu needs a build with CUDA" --steiner-mst gpu
    refused "--steiner-device gpu needs a build with CUDA" --steiner-device gpu
else
    skip "--steiner-mst gpu refused only in a build without CUDA"
    skip "--steiner-device gpu refused only in a build without CUDA"
fi
run --steiner --sssp auto -q "$stp"
is "$status" 0 "--sssp auto asks for nothing the CPU cannot do: exit 0"

# Answers as the graph readers take them: gzip-compressed, or behind a byte order mark.
printf 'VALUE 16\n1 2\n2 3\n1 6\n5 6\n' >"$TMP/good"
gzip -c "$TMP/good" >"$TMP/good.gz"
"$MVC_GPU" --check "$stp" "$TMP/good.gz" >/dev/null 2>"$TMP/err"
is "$?" 0 "--check reads a gzip-compressed Steiner answer"
printf '\357\273\277' >"$TMP/bom"
cat "$TMP/good" >>"$TMP/bom"
"$MVC_GPU" --check "$stp" "$TMP/bom" >/dev/null 2>"$TMP/err"
is "$?" 0 "--check skips a byte order mark before VALUE"
printf '\357\273\277s vc 3 1\n2\n' >"$TMP/bom.vc"
printf 'p td 3 2\n1 2\n2 3\n' >"$TMP/p3.gr"
"$MVC_GPU" --check "$TMP/p3.gr" "$TMP/bom.vc" >/dev/null 2>"$TMP/err"
is "$?" 0 "--check skips a byte order mark before a cover answer's first line"

# --write says what the format chosen cannot hold.
run --write "$TMP/w.gr" "$stp"
grep -q "the 3 terminals are not written: the pace format holds none (stp does)" "$TMP/err"
ok $? "--write to .gr: the terminals dropped are said"
grep -q "the edge weights are not written" "$TMP/err"
ok $? "--write to .gr: the weights dropped are said"
run --write "$TMP/w.txt" "$stp"
grep -q "weights" "$TMP/err"
is "$?" 1 "--write to an edge list keeps the weights: no word of them"
run --write "$TMP/w.stp" "$stp"
is "$(cat "$TMP/err")" "" "--write to .stp keeps everything: no warning"
run -q --write "$TMP/w2.gr" "$stp"
is "$(cat "$TMP/err")" "" "-q silences the warnings"

done_testing
