# bench: benchmark scripts and committed results (not run by make check)
EXTRA_DIST += bench/device-check.sh bench/pace2019.sh bench/bench.py bench/paper_table1.tsv bench/optima.tsv \
	bench/steiner.py bench/paper_steiner.tsv bench/table1_summary.py bench/paper_code_h100.tsv

# Load-time benchmark (bench/load.sh): a random .gr generator and a driver that times
# graph_read. Built on demand only ("make bench/gen_graph bench/load_graph").
EXTRA_PROGRAMS = bench/gen_graph bench/load_graph
bench_load_graph_LDADD = libmvc.a
CLEANFILES += $(EXTRA_PROGRAMS)
EXTRA_DIST += bench/load.sh bench/results/load.md

# MaxSAT reasoning in the CPU clique search, before and after (not scripted: commands in the .md)
EXTRA_DIST += bench/results/clique-maxsat-cpu.md bench/results/clique-maxsat-cpu.csv
