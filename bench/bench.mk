# bench: benchmark scripts and committed results (not run by make check)
EXTRA_DIST += bench/device-check.sh bench/bench.py bench/paper_table1.tsv bench/optima.tsv
