/* The host's watch over a running search kernel; see kernel_watch.h. */
#include "kernel_watch.h"

#include <pthread.h>
#include <string.h>

/* The pinned words. */
enum { WORD_ONE, WORD_READ, WORD_WRITE, WORDS };

int kernel_watch_open(struct kernel_watch *w, struct error *err)
{
    memset(w, 0, sizeof *w);
    int status;
    if ((status = CUDA_CHECK(err, cudaHostAlloc((void **)&w->host_words, WORDS * sizeof(int),
                                                cudaHostAllocDefault))) != MVC_OK ||
        (status = CUDA_CHECK(err, cudaStreamCreateWithFlags(&w->stream, cudaStreamNonBlocking))) !=
            MVC_OK ||
        (status = CUDA_CHECK(err, cudaStreamCreateWithFlags(&w->side, cudaStreamNonBlocking))) !=
            MVC_OK ||
        (status = CUDA_CHECK(err, cudaEventCreate(&w->started))) != MVC_OK ||
        (status = CUDA_CHECK(err, cudaEventCreate(&w->finished))) != MVC_OK)
        return status;
    w->host_words[WORD_ONE] = 1;
    w->report_seconds = KERNEL_WATCH_REPORT_SECONDS;
    return MVC_OK;
}

void kernel_watch_close(struct kernel_watch *w)
{
    if (w->host_words != NULL)
        (void)CUDA_CHECK(NULL, cudaFreeHost(w->host_words));
    if (w->started != NULL)
        (void)CUDA_CHECK(NULL, cudaEventDestroy(w->started));
    if (w->finished != NULL)
        (void)CUDA_CHECK(NULL, cudaEventDestroy(w->finished));
    if (w->stream != NULL)
        (void)CUDA_CHECK(NULL, cudaStreamDestroy(w->stream));
    if (w->side != NULL)
        (void)CUDA_CHECK(NULL, cudaStreamDestroy(w->side));
    memset(w, 0, sizeof *w);
}

int kernel_watch_stop_requested(const struct solve_opts *o)
{
    return deadline_passed(&o->deadline);
}

static pthread_mutex_t device_claim = PTHREAD_MUTEX_INITIALIZER;

int kernel_watch_claim_device(const struct solve_opts *o)
{
    while (pthread_mutex_trylock(&device_claim) != 0) {
        if (kernel_watch_stop_requested(o))
            return 0;
        struct timespec pause = {0, KERNEL_WATCH_POLL_NS};
        nanosleep(&pause, NULL);
    }
    return 1;
}

int kernel_watch_try_claim_device(void)
{
    return pthread_mutex_trylock(&device_claim) == 0;
}

void kernel_watch_release_device(void)
{
    pthread_mutex_unlock(&device_claim);
}

int kernel_watch_send_stop(struct kernel_watch *w, int *stop_word, struct error *err)
{
    return CUDA_CHECK(err, cudaMemcpyAsync(stop_word, &w->host_words[WORD_ONE], sizeof(int),
                                           cudaMemcpyHostToDevice, w->side));
}

void kernel_watch_abandon(struct kernel_watch *w, int *stop_word)
{
    if (stop_word != NULL && (w->side == NULL || w->host_words == NULL ||
                              kernel_watch_send_stop(w, stop_word, NULL) != MVC_OK)) {
        int one = 1;
        (void)CUDA_CHECK(NULL, cudaMemcpy(stop_word, &one, sizeof one, cudaMemcpyHostToDevice));
    }
    if (w->stream != NULL)
        (void)CUDA_CHECK(NULL, cudaStreamSynchronize(w->stream));
    if (w->side != NULL)
        (void)CUDA_CHECK(NULL, cudaStreamSynchronize(w->side));
    (void)cudaGetLastError();
}

int kernel_watch_write(struct kernel_watch *w, int *word, int value, struct error *err)
{
    w->host_words[WORD_WRITE] = value;
    int status = CUDA_CHECK(err, cudaMemcpyAsync(word, &w->host_words[WORD_WRITE], sizeof(int),
                                                 cudaMemcpyHostToDevice, w->side));
    /* the copy reads the pinned word when it runs: the next write must wait for it */
    if (status == MVC_OK)
        status = CUDA_CHECK(err, cudaStreamSynchronize(w->side));
    return status;
}

int kernel_watch_read(struct kernel_watch *w, const int *word, int *value, struct error *err)
{
    int status = CUDA_CHECK(err, cudaMemcpyAsync(&w->host_words[WORD_READ], word, sizeof(int),
                                                 cudaMemcpyDeviceToHost, w->side));
    if (status == MVC_OK)
        status = CUDA_CHECK(err, cudaStreamSynchronize(w->side));
    if (status == MVC_OK)
        *value = w->host_words[WORD_READ];
    return status;
}
