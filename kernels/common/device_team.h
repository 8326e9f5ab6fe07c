/*
 * The GPUs one search spreads over (--gpus): how many, and one host thread
 * per device running the caller's part of the search. What the parts share
 * (the work, the incumbent) is the searching subsystem's own.
 */
#ifndef MVC_DEVICE_TEAM_H
#define MVC_DEVICE_TEAM_H

extern "C" {
#include "error.h"
#include "solve.h"
}

/* Most devices one search uses. */
#define DEVICE_TEAM_MAX SOLVE_MAX_GPUS

/*
 * The devices o asks for (o->gpu.devices, 0 for all of them), at most
 * DEVICE_TEAM_MAX: *size, or MVC_EDEVICE when more are asked for than there are.
 */
int device_team_size(const struct solve_opts *o, int *size, struct error *err);

/*
 * Runs part(index, arg) for index 0 .. size - 1, each on its own host thread
 * with device `index` current; part 0 runs on the calling thread. A part
 * whose thread cannot be started never runs: refused(index, arg) is called
 * instead, before part 0 starts, so that the caller can stop the others
 * (parts that wait for each other must not wait for it). Returns once
 * every part has returned.
 */
void device_team_run(int size, void (*part)(int index, void *arg),
                     void (*refused)(int index, void *arg), void *arg);

#endif
