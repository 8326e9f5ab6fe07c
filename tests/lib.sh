# TAP helpers for the shell tests: sourced, never run.
# MVC_GPU, top_srcdir and top_builddir come from the test environment (Makefile.am).
: "${MVC_GPU:=${top_builddir:-.}/mvc-gpu}"
: "${top_srcdir:=.}"
tap_n=0
tap_failed=0
TMP=$(mktemp -d "${TMPDIR:-/tmp}/mvc-test.XXXXXX")
trap 'rm -rf "$TMP"' EXIT

plan() { echo "1..$1"; }
done_testing() { echo "1..$tap_n"; [ "$tap_failed" -eq 0 ]; }
ok() { # ok CONDITION-STATUS DESCRIPTION
    tap_n=$((tap_n + 1))
    if [ "$1" -eq 0 ]; then echo "ok $tap_n - $2"; else echo "not ok $tap_n - $2"; tap_failed=$((tap_failed + 1)); fi
}
is() { # is GOT EXPECTED DESCRIPTION
    if [ "$1" = "$2" ]; then ok 0 "$3"; else ok 1 "$3"; echo "#   got: '$1'"; echo "#   expected: '$2'"; fi
}
skip() { tap_n=$((tap_n + 1)); echo "ok $tap_n # SKIP $1"; }
diag() { echo "# $*"; }

# run ARGS...: runs mvc-gpu, leaving stdout in $TMP/out, stderr in $TMP/err, status in $status.
run() {
    status=0
    "$MVC_GPU" "$@" >"$TMP/out" 2>"$TMP/err" || status=$?
}

# cover_size FILE: the size on the "s vc" line
cover_size() { awk '$1 == "s" && $2 == "vc" { print $4 }' "$1"; }

# check_cover GRAPH COVER [OPTIONS]: the independent checker accepts the cover
check_cover() {
    g=$1; c=$2; shift 2
    "$MVC_GPU" --check "$@" "$g" "$c" >/dev/null 2>"$TMP/check.err"
}

# has_gpu: true when this mvc-gpu was built with CUDA and sees a device
has_gpu() { "$MVC_GPU" --version | grep -q '^CUDA: built in; device 0'; }

# random_graph N P SEED: G(n, p) in PACE .gr form on stdout (deterministic per seed)
random_graph() {
    awk -v n="$1" -v p="$2" -v seed="$3" 'BEGIN {
        srand(seed); m = 0
        for (u = 1; u <= n; u++) for (v = u + 1; v <= n; v++) if (rand() < p) { e[m++] = u " " v }
        print "p td " n " " m
        for (i = 0; i < m; i++) print e[i]
    }'
}
