# tests/fuzz: a libFuzzer harness per reader (included by Makefile.am). Every build replays
# the committed inputs through every harness in one TAP test; a build configured with
# --enable-fuzzing (CC=clang) also links the harnesses into one libFuzzer program for
# "make fuzz-smoke" (a few seconds each, for CI) and "make fuzz FUZZ_SECONDS=1800" (long runs).
FUZZ_READERS = pace dimacs stp edges mtx auto cover steiner_answer
noinst_HEADERS += tests/fuzz/fuzz.h
EXTRA_DIST += tests/fuzz/README.md tests/fuzz/corpus tests/fuzz/regressions
# The harnesses (fuzz_READER.c, listed in fuzz.h as above) and what they share.
FUZZ_HARNESS_SOURCES = tests/fuzz/fuzz_common.c tests/fuzz/fuzz_readers.c \
	tests/fuzz/fuzz_pace.c tests/fuzz/fuzz_dimacs.c tests/fuzz/fuzz_stp.c \
	tests/fuzz/fuzz_edges.c tests/fuzz/fuzz_mtx.c tests/fuzz/fuzz_auto.c \
	tests/fuzz/fuzz_cover.c tests/fuzz/fuzz_steiner_answer.c

# One TAP test replays every harness's committed inputs.
check_PROGRAMS += tests/fuzz/replay_readers
TESTS += tests/fuzz/replay_readers
tests_fuzz_replay_readers_SOURCES = tests/fuzz/replay.c $(FUZZ_HARNESS_SOURCES)
tests_fuzz_replay_readers_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/tests \
	-DTOP_SRCDIR='"$(abs_top_srcdir)"'
tests_fuzz_replay_readers_LDADD = $(TEST_LDADD)

# One libFuzzer program for every harness: FUZZ_READER in its environment picks one.
if ENABLE_FUZZING
FUZZ_HARNESSES = tests/fuzz/fuzz_readers
noinst_PROGRAMS = $(FUZZ_HARNESSES)
tests_fuzz_fuzz_readers_SOURCES = tests/fuzz/fuzz_main.c $(FUZZ_HARNESS_SOURCES)
tests_fuzz_fuzz_readers_LDFLAGS = $(AM_LDFLAGS) $(FUZZ_LDFLAGS)
tests_fuzz_fuzz_readers_LDADD = $(TEST_LDADD)
else
FUZZ_HARNESSES =
endif

# Runs each harness in FUZZ_RUN (default: all) for FUZZ_SECONDS, one after another, on its
# committed inputs; what it finds goes to fuzz-corpus/READER, crashes to fuzz-artifacts/READER.
FUZZ_SECONDS = 1800
FUZZ_SMOKE_SECONDS = 5
FUZZ_RUN = $(FUZZ_READERS)
FUZZ_FLAGS = -timeout=10 -rss_limit_mb=2048 -max_len=4096 -print_final_stats=1
fuzz: $(FUZZ_HARNESSES)
	@if test -z "$(FUZZ_HARNESSES)"; then \
	  echo "SKIP: fuzzing needs a build configured with --enable-fuzzing CC=clang CXX=clang++"; \
	  exit 0; \
	fi; \
	for r in $(FUZZ_RUN); do \
	  $(MKDIR_P) fuzz-corpus/$$r fuzz-artifacts/$$r || exit 1; \
	  seeds=$(srcdir)/tests/fuzz/corpus/$$r; \
	  if test -d $(srcdir)/tests/fuzz/regressions/$$r; then \
	    seeds="$$seeds $(srcdir)/tests/fuzz/regressions/$$r"; \
	  fi; \
	  echo "fuzz: $$r for $(FUZZ_SECONDS) s"; \
	  FUZZ_READER=$$r tests/fuzz/fuzz_readers $(FUZZ_FLAGS) -max_total_time=$(FUZZ_SECONDS) \
	    -artifact_prefix=fuzz-artifacts/$$r/ fuzz-corpus/$$r $$seeds \
	    >fuzz-$$r.log 2>&1 || { tail -n 40 fuzz-$$r.log; exit 1; }; \
	  grep -h -E '^(#[0-9]+.*DONE|stat::number_of_executed_units)' fuzz-$$r.log; \
	done

fuzz-smoke:
	@$(MAKE) $(AM_MAKEFLAGS) fuzz FUZZ_SECONDS=$(FUZZ_SMOKE_SECONDS)

clean-local: clean-fuzz
clean-fuzz:
	-rm -rf fuzz-corpus fuzz-artifacts fuzz-*.log
.PHONY: fuzz fuzz-smoke clean-fuzz
