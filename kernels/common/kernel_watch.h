/*
 * The host's watch over a search kernel that runs until it is done or told to
 * stop (the persistent grids of the vertex cover and the clique solvers): the
 * kernel's stream, a side stream on which the host asks it to stop and reads
 * its progress while it runs, the events recorded around its launch, and
 * pinned words to copy from and into. Every exit path ends with
 * kernel_watch_close(), which releases whatever is held.
 */
#ifndef MVC_KERNEL_WATCH_H
#define MVC_KERNEL_WATCH_H

#include <cuda_runtime.h>
#include <time.h>

extern "C" {
#include "clock.h"
#include "error.h"
#include "solve.h"
}
#include "cuda_check.h"

/* How often the host looks at the running kernel, and how often it reads its progress. */
#define KERNEL_WATCH_POLL_NS 200000L
#define KERNEL_WATCH_REPORT_SECONDS 0.1

struct kernel_watch {
    cudaStream_t stream;           /* the kernel's */
    cudaStream_t side;             /* stop requests and progress reads while the kernel runs */
    cudaEvent_t started, finished; /* the caller records them around the launch on `stream` */
    int *host_words;       /* pinned: a 1 to copy into a stop word, a word read back, one written */
    double report_seconds; /* between two reports (KERNEL_WATCH_REPORT_SECONDS after opening) */
};

int kernel_watch_open(struct kernel_watch *w, struct error *err);
void kernel_watch_close(struct kernel_watch *w);

/* o's deadline has passed (deadline.h): its stop flag is raised or its time is up. */
int kernel_watch_stop_requested(const struct solve_opts *o);

/*
 * One search on the device at a time in a process. The search grids are
 * persistent and end only once all their blocks have met (the broker queue's
 * termination rule, the clique search's idle warps): two of them launched at
 * once from two threads (library calls) can each hold SMs the other's
 * unstarted blocks wait for, and neither ends. kernel_watch_claim_device
 * waits for the device until o's deadline passes (then returns 0, and the
 * caller answers unproven); a claim returning 1 is given back with
 * kernel_watch_release_device.
 */
int kernel_watch_claim_device(const struct solve_opts *o);
/* The same claim without waiting: 1 when taken (give it back likewise), else 0. */
int kernel_watch_try_claim_device(void);
void kernel_watch_release_device(void);

/* A 1 into the device word *stop_word, on the side stream: the kernel's blocks poll that word. */
int kernel_watch_send_stop(struct kernel_watch *w, int *stop_word, struct error *err);

/*
 * A kernel the host no longer watches (a failed wait, a failure while it
 * ran) is told to stop and waited for, so that it ends at its next look at
 * *stop_word instead of searching on unwatched, and the failure is reported
 * at once. The stop goes by the side stream or, should that fail, by a
 * synchronous copy (the kernel's stream, non-blocking, does not hold it
 * back). Errors are dropped: the caller reports its own.
 */
void kernel_watch_abandon(struct kernel_watch *w, int *stop_word);

/* *word = value, a device word that the running kernel reads, written on the side stream. */
int kernel_watch_write(struct kernel_watch *w, int *word, int value, struct error *err);

/* *value = *word, a device word that the running kernel changes, read on the side stream. */
int kernel_watch_read(struct kernel_watch *w, const int *word, int *value, struct error *err);

/*
 * Waits for the kernel by polling, so that a stop request (signal or time
 * limit) reaches it: the first time one is seen, kernel_watch_send_stop
 * writes *stop_word and *stop_sent is set. The caller's copies of the control
 * words must have reached the device before the launch, or one could land
 * after the stop and undo it. While `reporting`, report() runs every
 * w->report_seconds (it reads the kernel's progress with
 * kernel_watch_read); a status it returns other than MVC_OK ends the wait.
 * `name` names the kernel in an error.
 */
template <class Report>
static int kernel_watch_wait(struct kernel_watch *w, const struct solve_opts *o, int *stop_word,
                             int *stop_sent, bool reporting, Report report, const char *name,
                             struct error *err)
{
    double next_report = clock_seconds() + w->report_seconds;
    for (;;) {
        cudaError_t code = cudaEventQuery(w->finished);
        if (code == cudaSuccess)
            return MVC_OK;
        if (code != cudaErrorNotReady)
            return cuda_check_at(code, name, __FILE__, __LINE__, err);
        if (!*stop_sent && kernel_watch_stop_requested(o)) {
            int status = kernel_watch_send_stop(w, stop_word, err);
            if (status != MVC_OK)
                return status;
            *stop_sent = 1;
        }
        if (reporting && clock_seconds() >= next_report) {
            int status = report();
            if (status != MVC_OK)
                return status;
            next_report = clock_seconds() + w->report_seconds;
        }
        struct timespec pause = {0, KERNEL_WATCH_POLL_NS};
        nanosleep(&pause, NULL);
    }
}

#endif
