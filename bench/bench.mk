# bench: benchmark scripts and committed results (not run by make check)
EXTRA_DIST += bench/device-check.sh bench/pace2019.sh bench/bench.py bench/paper_table1.tsv bench/optima.tsv \
	bench/steiner.py bench/paper_steiner.tsv bench/table1_summary.py bench/paper_code_h100.tsv
# DIMACS and the peer solvers (bench/README.md), and the pictures drawn from the results
EXTRA_DIST += bench/README.md bench/dimacs.sh bench/peers.sh bench/solvers.py bench/plot.py bench/gpus.py bench/ranks.py bench/cells.py bench/cells_lp.py bench/cells_exact.py bench/cells_sdp.py bench/components.sh bench/gen_rb.py bench/generated.py \
	bench/results/pace2019-cactus.svg bench/results/dimacs-cactus.svg bench/results/table1-ratios.svg

# Load-time benchmark (bench/load.sh): a random .gr generator and a driver that times
# graph_read. Built on demand only ("make bench/gen_graph bench/load_graph").
EXTRA_PROGRAMS = bench/gen_graph bench/load_graph
noinst_HEADERS += bench/args.h
bench_load_graph_LDADD = libmvc.a
CLEANFILES += $(EXTRA_PROGRAMS)
EXTRA_DIST += bench/load.sh bench/results/load.md

# SSSP throughput (bench/sssp_throughput.sh): each GPU shortest-path kernel alone, timed
# with CUDA events, against the device's peak memory bandwidth.
if HAVE_CUDA
noinst_PROGRAMS = bench/sssp_throughput
bench_sssp_throughput_SOURCES = bench/sssp_throughput.c
bench_sssp_throughput_LDADD = $(GPU_LDADD)
endif
EXTRA_DIST += bench/sssp_throughput.sh
# MaxSAT reasoning in the CPU clique search, before and after (not scripted: commands in the .md)
EXTRA_DIST += bench/results/clique-maxsat-cpu.md bench/results/clique-maxsat-cpu.csv
# The clique search over several GPUs (bench/gpus.py)
EXTRA_DIST += bench/results/gpus-h200-x2.md bench/results/gpus-h200-x2.csv \
	bench/results/gpus-h200-x4.md bench/results/gpus-h200-x4.csv
# Local-search bound on kernels (bench/results/local_search.md): built on demand only
# ("make bench/ls_bench").
EXTRA_PROGRAMS += bench/ls_bench
bench_ls_bench_LDADD = libmvc.a
# Time to bound-sat's transversal by seed (bench/transversal_bench.c): built on demand only
# ("make bench/transversal_bench").
EXTRA_PROGRAMS += bench/transversal_bench
bench_transversal_bench_LDADD = libmvc.a
EXTRA_DIST += bench/transversal_restarts.py bench/results/transversal-seeds-cpu.md \
	bench/results/transversal-seeds-cpu.tsv
EXTRA_DIST += bench/results/local_search.md
# Cross-checking soak (bench/soak.sh, bench/results/soak-*.md): every solver on random graphs.
# Built on demand only ("make bench/soak").
EXTRA_PROGRAMS += bench/soak
bench_soak_LDADD = $(TEST_LDADD)
bench_soak_CPPFLAGS = $(AM_CPPFLAGS) -I$(srcdir)/tests # gen.h: the tests' graph generators
EXTRA_DIST += bench/soak.sh
# Maximum clique of large sparse graphs (bench/max_clique_sparse.sh): a generator of random
# graphs with a planted clique and a driver that runs max_clique_solve. Built on demand only
# ("make bench/gen_planted bench/max_clique_run").
EXTRA_PROGRAMS += bench/gen_planted bench/max_clique_run
bench_gen_planted_LDADD = libmvc.a
bench_max_clique_run_LDADD = $(TEST_LDADD)
EXTRA_DIST += bench/max_clique_sparse.sh
