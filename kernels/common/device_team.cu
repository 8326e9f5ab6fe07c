/* The GPUs of one search; see device_team.h. */
#include "device_team.h"

#include <pthread.h>

#include "cuda_check.h"
#include "gpu.h"

int device_team_size(const struct solve_opts *o, int *size, struct error *err)
{
    int count = gpu_device_count();
    int asked = o->gpu.devices;
    if (asked > count)
        return error_set(err, MVC_EDEVICE, "--gpus %d: this machine has %d CUDA device%s", asked,
                         count, count == 1 ? "" : "s");
    int n = asked > 0 ? asked : count;
    *size = n < DEVICE_TEAM_MAX ? n : DEVICE_TEAM_MAX;
    if (*size < 1)
        *size = 1;
    return MVC_OK;
}

struct team_thread {
    pthread_t thread;
    int index, started;
    void (*part)(int index, void *arg);
    void *arg;
};

static void *run_part(void *p)
{
    struct team_thread *t = (struct team_thread *)p;
    (void)cudaSetDevice(t->index); /* each part sets it again, checked, before its first use */
    t->part(t->index, t->arg);
    return NULL;
}

void device_team_run(int size, void (*part)(int index, void *arg),
                     void (*refused)(int index, void *arg), void *arg)
{
    struct team_thread threads[DEVICE_TEAM_MAX];
    for (int i = 0; i < size; i++) {
        threads[i].index = i;
        threads[i].part = part;
        threads[i].arg = arg;
        threads[i].started = 0;
    }
    for (int i = 1; i < size; i++) {
        threads[i].started = pthread_create(&threads[i].thread, NULL, run_part, &threads[i]) == 0;
        if (!threads[i].started)
            refused(i, arg);
    }
    run_part(&threads[0]);
    for (int i = 1; i < size; i++)
        if (threads[i].started)
            pthread_join(threads[i].thread, NULL);
    (void)cudaSetDevice(0);
}
