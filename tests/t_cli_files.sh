#!/bin/sh
# Files the command line writes and inputs that look like something else: a failed run leaves
# its output files as they were, the input is never overwritten, a .gr file without its header
# is refused, self-loops are dropped aloud, a byte order mark is skipped.
. "${top_srcdir:-.}/tests/lib.sh"
inst="$top_srcdir/instances"

printf 'p td 3 1\n1 4\n' >"$TMP/bad.gr"
printf 'kept\n' >"$TMP/kept"

# -o, --stats=FILE and --write on an input that fails: the files are as they were
for opt in -o --stats= --write; do
    cp "$TMP/kept" "$TMP/out.txt"
    case $opt in
    --stats=) run "--stats=$TMP/out.txt" "$TMP/bad.gr" ;;
    *) run "$opt" "$TMP/out.txt" "$TMP/bad.gr" ;;
    esac
    is "$status" 2 "$opt FILE on a malformed input: exit 2"
    cmp -s "$TMP/kept" "$TMP/out.txt"; ok $? "  and FILE keeps what it held"
    rm -f "$TMP/new.txt"
    case $opt in
    --stats=) run "--stats=$TMP/new.txt" "$TMP/bad.gr" ;;
    *) run "$opt" "$TMP/new.txt" "$TMP/bad.gr" ;;
    esac
    [ ! -e "$TMP/new.txt" ]; ok $? "  and a FILE that did not exist is not left behind"
done

# a run that answers replaces what the file held, however long it was
awk 'BEGIN { for (i = 0; i < 1000; i++) print "an old line" }' >"$TMP/answer.vc"
run -o "$TMP/answer.vc" "$inst/path10.gr"
is "$status" 0 "-o over a longer file: exit 0"
grep -q "old line" "$TMP/answer.vc"; ok $((!$?)) "  and nothing of the old content is left"
check_cover "$inst/path10.gr" "$TMP/answer.vc"; ok $? "  and the answer passes --check"

# the input file is never an output
cp "$inst/path10.gr" "$TMP/g.gr"
for opt in -o --write; do
    run "$opt" "$TMP/g.gr" "$TMP/g.gr"
    is "$status" 2 "$opt naming the input file: exit 2"
    grep -q "is the input file" "$TMP/err"; ok $? "  and the message says why"
    cmp -s "$inst/path10.gr" "$TMP/g.gr"; ok $? "  and the graph is untouched"
done
"$MVC_GPU" -o "$TMP/g.gr" <"$TMP/g.gr" >/dev/null 2>"$TMP/err"
is "$?" 2 "-o naming the file on standard input: exit 2"
cmp -s "$inst/path10.gr" "$TMP/g.gr"; ok $? "  and the graph is untouched"

printf 'kept\n' >"$TMP/both.txt"
run -o "$TMP/both.txt" "--stats=$TMP/both.txt" "$inst/path10.gr"
is "$status" 2 "-o and --stats naming one file: exit 2"
cmp -s "$TMP/kept" "$TMP/both.txt"; ok $? "  and the file keeps what it held"

# standard output and standard error may be one file: bare --stats is not refused for it
"$MVC_GPU" --stats "$inst/path10.gr" >"$TMP/log" 2>&1
is "$?" 0 "--stats with standard output and error in one file: exit 0"
grep -q '"mode"' "$TMP/log" && grep -q '^s vc 10 5' "$TMP/log"; ok $? "  with both the answer and the statistics in it"

# a link to a file that does not exist yet: the file is made, as fopen would
ln -s "$TMP/linked.vc" "$TMP/dangling"
run -o "$TMP/dangling" "$inst/path10.gr"
is "$status" 0 "-o through a dangling symbolic link: exit 0"
check_cover "$inst/path10.gr" "$TMP/linked.vc"; ok $? "  and the answer is in the file it names"

run --write "$TMP/g.gr.gz" "$inst/path10.gr"
is "$status" 2 "--write to a .gz name: exit 2 (the output is not compressed)"
[ ! -e "$TMP/g.gr.gz" ]; ok $? "  and no file is made"

# a .gr file that lost its header is not taken for an edge list (which renumbers)
printf '1 2\n5 6\n' >"$TMP/headerless.gr"
run "$TMP/headerless.gr"
is "$status" 2 "a .gr file without its 'p td' header: exit 2"
grep -q "headerless.gr:1: expected the header 'p td N M'" "$TMP/err"; ok $? "  with FILE:LINE"
run --format edges "$TMP/headerless.gr"
is "$status" 0 "  --format edges reads it"
is "$(cover_size "$TMP/out")" 2 "  as two edges"
"$MVC_GPU" <"$TMP/headerless.gr" >"$TMP/out" 2>"$TMP/err"
is "$?" 0 "the same on standard input is read as an edge list"
grep -q "<stdin>: warning: no header" "$TMP/err"; ok $? "  with a warning"

# self-loops: dropped, and said so
printf 'p td 3 3\n1 1\n1 2\n2 3\n' >"$TMP/loop.gr"
run "$TMP/loop.gr"
is "$status" 0 "a graph with a self-loop is solved"
is "$(cover_size "$TMP/out")" 1 "  without the loop (cover of 1)"
grep -q "loop.gr: warning: 1 self-loop dropped" "$TMP/err"; ok $? "  with a warning"
run -q "$TMP/loop.gr"
[ ! -s "$TMP/err" ]; ok $? "  which -q silences"
printf '%%%%MatrixMarket matrix coordinate pattern symmetric\n3 3 4\n1 1\n2 1\n3 2\n3 3\n' >"$TMP/diag.mtx"
run "$TMP/diag.mtx"
is "$status" 0 "a Matrix Market file with a diagonal is solved"
grep -q "self-loop" "$TMP/err"; ok $((!$?)) "  without a warning (a diagonal is no edge)"

# a UTF-8 byte order mark is not content
printf '\357\273\277p td 2 1\n1 2\n' >"$TMP/bom.gr"
run "$TMP/bom.gr"
is "$status" 0 "a file that starts with a byte order mark: exit 0"
is "$(cover_size "$TMP/out")" 1 "  read as the graph it holds"

done_testing
