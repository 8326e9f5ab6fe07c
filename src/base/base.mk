# src/base: errors, the clock and deadline, growable arrays, random numbers, the progress board,
# whole-file input and the tokens of answer files; uses nothing else of src/ (included by
# Makefile.am)
libmvc_a_SOURCES += \
	src/base/error.c src/base/error.h \
	src/base/clock.c src/base/clock.h src/base/deadline.c src/base/deadline.h \
	src/base/grow.c src/base/grow.h \
	src/base/random.h \
	src/base/progress.c src/base/progress.h \
	src/base/input.c src/base/input.h src/base/answer_line.c src/base/answer_line.h

