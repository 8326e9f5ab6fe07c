# tests/fuzz: a libFuzzer harness per reader (included by Makefile.am). Every build replays
# the committed inputs through each harness as a TAP test; a build configured with
# --enable-fuzzing (CC=clang) also links the harnesses to libFuzzer for "make fuzz-smoke"
# (a few seconds each, for CI) and "make fuzz FUZZ_SECONDS=1800" (long runs).
FUZZ_READERS = pace dimacs stp edges mtx auto cover steiner_answer
noinst_HEADERS += tests/fuzz/fuzz.h
EXTRA_DIST += tests/fuzz/README.md tests/fuzz/corpus tests/fuzz/regressions
FUZZ_REPLAY_SOURCES = tests/fuzz/replay.c tests/fuzz/fuzz_common.c
FUZZ_REPLAY_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/tests -DTOP_SRCDIR='"$(abs_top_srcdir)"'

FUZZ_REPLAYS = \
	tests/fuzz/replay_pace \
	tests/fuzz/replay_dimacs \
	tests/fuzz/replay_stp \
	tests/fuzz/replay_edges \
	tests/fuzz/replay_mtx \
	tests/fuzz/replay_auto \
	tests/fuzz/replay_cover \
	tests/fuzz/replay_steiner_answer
check_PROGRAMS += $(FUZZ_REPLAYS)
TESTS += $(FUZZ_REPLAYS)
tests_fuzz_replay_pace_SOURCES = $(FUZZ_REPLAY_SOURCES) tests/fuzz/fuzz_pace.c
tests_fuzz_replay_pace_CPPFLAGS = $(FUZZ_REPLAY_CPPFLAGS) -DFUZZ_READER='"pace"'
tests_fuzz_replay_pace_LDADD = $(TEST_LDADD)
tests_fuzz_replay_dimacs_SOURCES = $(FUZZ_REPLAY_SOURCES) tests/fuzz/fuzz_dimacs.c
tests_fuzz_replay_dimacs_CPPFLAGS = $(FUZZ_REPLAY_CPPFLAGS) -DFUZZ_READER='"dimacs"'
tests_fuzz_replay_dimacs_LDADD = $(TEST_LDADD)
tests_fuzz_replay_stp_SOURCES = $(FUZZ_REPLAY_SOURCES) tests/fuzz/fuzz_stp.c
tests_fuzz_replay_stp_CPPFLAGS = $(FUZZ_REPLAY_CPPFLAGS) -DFUZZ_READER='"stp"'
tests_fuzz_replay_stp_LDADD = $(TEST_LDADD)
tests_fuzz_replay_edges_SOURCES = $(FUZZ_REPLAY_SOURCES) tests/fuzz/fuzz_edges.c
tests_fuzz_replay_edges_CPPFLAGS = $(FUZZ_REPLAY_CPPFLAGS) -DFUZZ_READER='"edges"'
tests_fuzz_replay_edges_LDADD = $(TEST_LDADD)
tests_fuzz_replay_mtx_SOURCES = $(FUZZ_REPLAY_SOURCES) tests/fuzz/fuzz_mtx.c
tests_fuzz_replay_mtx_CPPFLAGS = $(FUZZ_REPLAY_CPPFLAGS) -DFUZZ_READER='"mtx"'
tests_fuzz_replay_mtx_LDADD = $(TEST_LDADD)
tests_fuzz_replay_auto_SOURCES = $(FUZZ_REPLAY_SOURCES) tests/fuzz/fuzz_auto.c
tests_fuzz_replay_auto_CPPFLAGS = $(FUZZ_REPLAY_CPPFLAGS) -DFUZZ_READER='"auto"'
tests_fuzz_replay_auto_LDADD = $(TEST_LDADD)
tests_fuzz_replay_cover_SOURCES = $(FUZZ_REPLAY_SOURCES) tests/fuzz/fuzz_cover.c
tests_fuzz_replay_cover_CPPFLAGS = $(FUZZ_REPLAY_CPPFLAGS) -DFUZZ_READER='"cover"'
tests_fuzz_replay_cover_LDADD = $(TEST_LDADD)
tests_fuzz_replay_steiner_answer_SOURCES = $(FUZZ_REPLAY_SOURCES) tests/fuzz/fuzz_steiner_answer.c
tests_fuzz_replay_steiner_answer_CPPFLAGS = $(FUZZ_REPLAY_CPPFLAGS) -DFUZZ_READER='"steiner_answer"'
tests_fuzz_replay_steiner_answer_LDADD = $(TEST_LDADD)

if ENABLE_FUZZING
FUZZ_HARNESSES = \
	tests/fuzz/fuzz_pace \
	tests/fuzz/fuzz_dimacs \
	tests/fuzz/fuzz_stp \
	tests/fuzz/fuzz_edges \
	tests/fuzz/fuzz_mtx \
	tests/fuzz/fuzz_auto \
	tests/fuzz/fuzz_cover \
	tests/fuzz/fuzz_steiner_answer
noinst_PROGRAMS = $(FUZZ_HARNESSES)
tests_fuzz_fuzz_pace_SOURCES = tests/fuzz/fuzz_common.c tests/fuzz/fuzz_pace.c
tests_fuzz_fuzz_pace_LDFLAGS = $(AM_LDFLAGS) $(FUZZ_LDFLAGS)
tests_fuzz_fuzz_pace_LDADD = $(TEST_LDADD)
tests_fuzz_fuzz_dimacs_SOURCES = tests/fuzz/fuzz_common.c tests/fuzz/fuzz_dimacs.c
tests_fuzz_fuzz_dimacs_LDFLAGS = $(AM_LDFLAGS) $(FUZZ_LDFLAGS)
tests_fuzz_fuzz_dimacs_LDADD = $(TEST_LDADD)
tests_fuzz_fuzz_stp_SOURCES = tests/fuzz/fuzz_common.c tests/fuzz/fuzz_stp.c
tests_fuzz_fuzz_stp_LDFLAGS = $(AM_LDFLAGS) $(FUZZ_LDFLAGS)
tests_fuzz_fuzz_stp_LDADD = $(TEST_LDADD)
tests_fuzz_fuzz_edges_SOURCES = tests/fuzz/fuzz_common.c tests/fuzz/fuzz_edges.c
tests_fuzz_fuzz_edges_LDFLAGS = $(AM_LDFLAGS) $(FUZZ_LDFLAGS)
tests_fuzz_fuzz_edges_LDADD = $(TEST_LDADD)
tests_fuzz_fuzz_mtx_SOURCES = tests/fuzz/fuzz_common.c tests/fuzz/fuzz_mtx.c
tests_fuzz_fuzz_mtx_LDFLAGS = $(AM_LDFLAGS) $(FUZZ_LDFLAGS)
tests_fuzz_fuzz_mtx_LDADD = $(TEST_LDADD)
tests_fuzz_fuzz_auto_SOURCES = tests/fuzz/fuzz_common.c tests/fuzz/fuzz_auto.c
tests_fuzz_fuzz_auto_LDFLAGS = $(AM_LDFLAGS) $(FUZZ_LDFLAGS)
tests_fuzz_fuzz_auto_LDADD = $(TEST_LDADD)
tests_fuzz_fuzz_cover_SOURCES = tests/fuzz/fuzz_common.c tests/fuzz/fuzz_cover.c
tests_fuzz_fuzz_cover_LDFLAGS = $(AM_LDFLAGS) $(FUZZ_LDFLAGS)
tests_fuzz_fuzz_cover_LDADD = $(TEST_LDADD)
tests_fuzz_fuzz_steiner_answer_SOURCES = tests/fuzz/fuzz_common.c tests/fuzz/fuzz_steiner_answer.c
tests_fuzz_fuzz_steiner_answer_LDFLAGS = $(AM_LDFLAGS) $(FUZZ_LDFLAGS)
tests_fuzz_fuzz_steiner_answer_LDADD = $(TEST_LDADD)
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
	  tests/fuzz/fuzz_$$r $(FUZZ_FLAGS) -max_total_time=$(FUZZ_SECONDS) \
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
