#!/bin/sh
# Device memory pressure: under a shrinking --device-memory cap the GPU solvers keep answering
# right with a smaller configuration (a smaller worklist, fewer blocks), and a cap that cannot
# hold the graph gets a clear message and exit status 1, never a crash. Needs a CUDA device.
. "${top_srcdir:-.}/tests/lib.sh"
if ! has_gpu; then
    echo "1..0 # SKIP no CUDA device"
    exit 0
fi

g="$TMP/g.gr"
random_graph 90 0.12 7 >"$g"
"$MVC_GPU" --quiet --solver=seq --no-reduce "$g" >"$TMP/ref.vc"
opt=$(cover_size "$TMP/ref.vc")

# gpu_field FILE KEY: a number from the "gpu" object of a --stats file
gpu_field() { sed -n "s/.*\"gpu\": {.*\"$2\": \([0-9][0-9]*\).*/\1/p" "$1"; }

for solver in hybrid stackonly; do
    prev_worklist=""
    prev_blocks=""
    for cap in 0 64M 8M 2M 512K; do
        args=""
        [ "$cap" != 0 ] && args="--device-memory $cap"
        run --solver=$solver --no-reduce --stats="$TMP/st.json" $args "$g"
        is "$status" 0 "$solver, cap $cap: answers"
        cp "$TMP/out" "$TMP/got.vc"
        is "$(cover_size "$TMP/got.vc")" "$opt" "$solver, cap $cap: the optimum ($opt)"
        check_cover "$g" "$TMP/got.vc"; ok $? "$solver, cap $cap: the cover passes --check"
        worklist=$(gpu_field "$TMP/st.json" worklist_size)
        blocks=$(gpu_field "$TMP/st.json" blocks)
        diag "$solver, cap $cap: $blocks blocks, worklist $worklist"
        if [ -n "$prev_blocks" ]; then
            # a tighter cap never gets a larger configuration
            ok $([ "$blocks" -le "$prev_blocks" ] && [ "${worklist:-0}" -le "${prev_worklist:-0}" ] && echo 0 || echo 1) \
                "$solver, cap $cap: no more blocks or worklist entries than under the looser cap"
        fi
        prev_worklist=$worklist
        prev_blocks=$blocks
    done
    # the tightest cap must really have shrunk something against no cap
    run --solver=$solver --no-reduce --stats="$TMP/free.json" "$g"
    free_blocks=$(gpu_field "$TMP/free.json" blocks)
    free_worklist=$(gpu_field "$TMP/free.json" worklist_size)
    ok $([ "$prev_blocks" -lt "$free_blocks" ] || [ "${prev_worklist:-0}" -lt "${free_worklist:-0}" ] && echo 0 || echo 1) \
        "$solver: the 512K cap gives a smaller configuration ($prev_blocks blocks, worklist ${prev_worklist:-0}) than none ($free_blocks, ${free_worklist:-0})"

    # nothing fits: a clear message and exit status 1
    run --solver=$solver --no-reduce --device-memory 1K "$g"
    is "$status" 1 "$solver, cap 1K: exit status 1"
    grep -q "device memory" "$TMP/err"; ok $? "$solver, cap 1K: the message names the device memory"
    ! grep -qi "segmentation\|abort\|core dumped" "$TMP/err"; ok $? "$solver, cap 1K: no crash"
done
done_testing
