# src/base: errors, the clock and deadline, growable arrays, random numbers, binary search, the
# progress board, whole-file input, the tokens of answer files, the pool that carries work
# between the devices of a search, and threads that give way; uses nothing else of src/
# (included by Makefile.am)
libmvc_a_SOURCES += \
	src/base/error.c src/base/error.h \
	src/base/clock.c src/base/clock.h src/base/deadline.c src/base/deadline.h \
	src/base/grow.c src/base/grow.h \
	src/base/random.h src/base/sorted.c src/base/sorted.h \
	src/base/progress.c src/base/progress.h \
	src/base/input.c src/base/input.h src/base/answer_line.c src/base/answer_line.h \
	src/base/work_pool.c src/base/work_pool.h \
	src/base/thread_priority.c src/base/thread_priority.h

# tests/t_grow: capacities, resizing any array type, appends; tests/t_deadline: no limit, a
# limit that passes, the stop flag, the sooner of two
check_PROGRAMS += tests/t_grow tests/t_deadline
TESTS += tests/t_grow tests/t_deadline
tests_t_grow_LDADD = $(TEST_LDADD)
tests_t_deadline_LDADD = $(TEST_LDADD)
# tests/t_work_pool: shares, hunger, the end of the search; the protocol with 64 and 256 members
check_PROGRAMS += tests/t_work_pool
TESTS += tests/t_work_pool
tests_t_work_pool_LDADD = $(TEST_LDADD)
