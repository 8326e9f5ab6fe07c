# bench: benchmark scripts and committed results (not run by make check)
EXTRA_DIST += bench/device-check.sh bench/bench.py bench/paper_table1.tsv bench/optima.tsv \
	bench/steiner.py bench/paper_steiner.tsv bench/table1_summary.py bench/paper_code_h100.tsv

# Load-time benchmark (bench/load.sh): a random .gr generator and a driver that times
# graph_read. Built on demand only ("make bench/gen_graph bench/load_graph").
EXTRA_PROGRAMS = bench/gen_graph bench/load_graph
bench_load_graph_LDADD = libmvc.a
CLEANFILES += $(EXTRA_PROGRAMS)
EXTRA_DIST += bench/load.sh bench/results/load.md

# Local-search bound on kernels (bench/results/local_search.md): built on demand only
# ("make bench/ls_bench").
EXTRA_PROGRAMS += bench/ls_bench
bench_ls_bench_LDADD = libmvc.a
EXTRA_DIST += bench/results/local_search.md
