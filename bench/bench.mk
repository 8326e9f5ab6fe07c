# bench: files of this area (included by Makefile.am)

# Load-time benchmark (bench/load.sh): a random .gr generator and a driver that times
# graph_read. Built on demand only ("make bench/gen_graph bench/load_graph").
EXTRA_PROGRAMS = bench/gen_graph bench/load_graph
bench_load_graph_LDADD = libmvc.a
CLEANFILES += $(EXTRA_PROGRAMS)
EXTRA_DIST += bench/load.sh bench/results/load.md
