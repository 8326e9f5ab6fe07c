/* Steiner mode's spanning forests: Kruskal, or Boruvka on the GPU where it pays; see steiner_mst.h.
 */
#include "steiner_mst.h"

#include "config.h"
#include "gpu_steiner.h"

int steiner_mst_choose(int requested, int gpu_run, int64_t m)
{
    if (requested == STEINER_DEVICE_CPU || requested == STEINER_DEVICE_GPU)
        return requested;
    int64_t threshold = gpu_run ? STEINER_GPU_MST_MIN_EDGES : STEINER_GPU_MST_COLD_MIN_EDGES;
    return m >= threshold ? STEINER_DEVICE_GPU : STEINER_DEVICE_CPU;
}

static int kruskal(int32_t n, struct wedge *edges, int64_t m, int64_t *n_chosen, const char **used,
                   struct error *err)
{
    *used = STEINER_MST_KRUSKAL;
    if (mst_kruskal(n, edges, m, n_chosen) != MVC_OK)
        return error_set(err, MVC_ENOMEM, "out of memory for a spanning tree of %lld edges",
                         (long long)m);
    return MVC_OK;
}

int steiner_msf(struct steiner_run *run, int32_t n, struct wedge *edges, int64_t m,
                int64_t *n_chosen, const char **used, struct error *err)
{
    int requested = run->o->mst;
    if (steiner_mst_choose(requested, run->use_gpu, m) == STEINER_DEVICE_CPU)
        return kruskal(n, edges, m, n_chosen, used, err);
#ifdef HAVE_CUDA
    if (gpu_sssp_device_count() == 0) {
        if (requested == STEINER_DEVICE_GPU)
            return error_set(err, MVC_EDEVICE,
                             "the spanning tree on the GPU needs a CUDA device and none was found");
        return kruskal(n, edges, m, n_chosen, used, err);
    }
    struct gpu_mst_stats gs;
    struct error gpu_err = {0};
    int status = gpu_msf(n, edges, m, n_chosen, &gs, &gpu_err);
    if (status == MVC_OK) {
        *used = STEINER_MST_BORUVKA_GPU;
        run->st->gpu_mst_rounds += gs.rounds;
        run->st->t_gpu_mst += gs.t_upload + gs.t_sort + gs.t_rounds + gs.t_download;
        return MVC_OK;
    }
    /* gpu_msf leaves the edges as they were when it fails. */
    if (requested != STEINER_DEVICE_GPU && (status == MVC_ENOMEM || status == MVC_EINPUT))
        return kruskal(n, edges, m, n_chosen, used, err);
    if (err != NULL)
        *err = gpu_err;
    return status;
#else
    if (requested == STEINER_DEVICE_GPU)
        return error_set(err, MVC_EUNSUPPORTED,
                         "the spanning tree on the GPU needs a build with CUDA "
                         "(configure --with-cuda)");
    return kruskal(n, edges, m, n_chosen, used, err);
#endif
}
