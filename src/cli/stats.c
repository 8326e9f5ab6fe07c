/* Writes --stats JSON: one object, stable key names, numbers in SI units. */
#include "stats.h"

#include <float.h>
#include <string.h>

#include "kernelize.h"
#include "max_clique.h"
#include "steiner.h"

/* The length of the well-formed UTF-8 sequence at s (RFC 3629), or 0 when there is none. */
static int utf8_length(const unsigned char *s)
{
    int len = s[0] < 0x80                    ? 1
              : s[0] >= 0xc2 && s[0] <= 0xdf ? 2
              : s[0] >= 0xe0 && s[0] <= 0xef ? 3
              : s[0] >= 0xf0 && s[0] <= 0xf4 ? 4
                                             : 0;
    for (int i = 1; i < len; i++)
        if ((s[i] & 0xc0) != 0x80)
            return 0;
    if ((s[0] == 0xe0 && s[1] < 0xa0) || (s[0] == 0xed && s[1] > 0x9f) ||
        (s[0] == 0xf0 && s[1] < 0x90) || (s[0] == 0xf4 && s[1] > 0x8f))
        return 0; /* overlong, a surrogate, or past U+10FFFF */
    return len;
}

/* A JSON string; a byte that is not UTF-8 (a file name may hold any) becomes U+FFFD. */
static void json_string(FILE *out, const char *s)
{
    fputc('"', out);
    const unsigned char *p = (const unsigned char *)s;
    while (p && *p) {
        int len = utf8_length(p);
        if (len == 0) {
            fputs("\\ufffd", out);
            p++;
        } else if (*p == '"' || *p == '\\') {
            fprintf(out, "\\%c", *p++);
        } else if (*p < 0x20) {
            fprintf(out, "\\u%04x", *p++);
        } else {
            fwrite(p, 1, (size_t)len, out);
            p += len;
        }
    }
    fputc('"', out);
}

/* The opening of every object: its first field, the input's name. */
static void json_begin(FILE *out, const char *input)
{
    fputs("{\n  \"input\": ", out);
    json_string(out, input);
}

/* A field with a string value, after the first. */
static void json_field_string(FILE *out, const char *key, const char *value)
{
    fprintf(out, ",\n  \"%s\": ", key);
    json_string(out, value);
}

/*
 * The fields every vertex cover and clique run begins with: input, mode, k,
 * n, m, what answered (under the key by_key; "none" when nothing did) and the
 * outcome.
 */
static void json_run_head(FILE *out, const struct run_info *run, const char *by_key, const char *by)
{
    json_begin(out, run->input);
    json_field_string(out, "mode", run->mode);
    if (run->k >= 0)
        fprintf(out, ",\n  \"k\": %lld", (long long)run->k);
    fprintf(out, ",\n  \"n\": %ld,\n  \"m\": %lld", (long)run->n, (long long)run->m);
    json_field_string(out, by_key, by ? by : "none");
    json_field_string(out, "outcome", run->outcome);
}

/* A search over several GPUs (--gpus): each device's nodes and search seconds. */
static void json_devices(FILE *out, const struct solve_stats *st)
{
    if (st->gpus <= 1)
        return;
    fputs(", \"devices\": [", out);
    for (int i = 0; i < st->gpus && i < SOLVE_MAX_GPUS; i++)
        fprintf(out, "%s{\"nodes\": %lld, \"search\": %.6f}", i ? ", " : "",
                (long long)st->nodes_per_gpu[i], st->search_per_gpu[i]);
    fputs("]", out);
}

/*
 * A search over the ranks of an MPI job: how many, the fewest and most
 * nodes of one rank, the share of their threads' time the ranks spent
 * searching (lowest, mean), and the nodes their GPUs searched.
 */
static void json_ranks(FILE *out, const struct solve_stats *st)
{
    if (st->ranks.ranks <= 1)
        return;
    fprintf(out,
            ",\n  \"ranks\": {\"count\": %d, \"nodes_min\": %lld, \"nodes_max\": %lld, "
            "\"busy_min\": %.4f, \"busy_mean\": %.4f, \"gpu_nodes\": %lld}",
            st->ranks.ranks, (long long)st->ranks.nodes_min, (long long)st->ranks.nodes_max,
            st->ranks.busy_min, st->ranks.busy_mean, (long long)st->ranks.gpu_nodes);
}

/* The orbital split of a symmetric clique graph (clique_orbital.h), where there was one. */
static void json_symmetry(FILE *out, const struct solve_stats *st)
{
    if (st->symmetry.splits <= 0)
        return;
    fprintf(out,
            ",\n  \"symmetry\": {\"log10_group\": %.3f, \"splits\": %lld, \"items\": %lld, "
            "\"seconds\": %.6f}",
            st->symmetry.log10_group, (long long)st->symmetry.splits, (long long)st->symmetry.items,
            st->symmetry.seconds);
}

int stats_write_json(FILE *out, const struct run_info *run, const struct solve_stats *st)
{
    json_run_head(out, run, "solver", st->solver);
    fprintf(out,
            ",\n  \"best\": %ld,\n  \"proven\": %s,\n  \"lower_bound\": %ld"
            ",\n  \"greedy\": %ld,\n  \"nodes\": %lld",
            (long)st->best, st->proven ? "true" : "false", (long)st->lower_bound,
            (long)st->greedy_size, (long long)st->nodes);
    if (st->maxsat_spared > 0)
        fprintf(out, ",\n  \"maxsat_spared\": %lld", (long long)st->maxsat_spared);
    if (st->parallel_branchings > 0)
        fprintf(out, ",\n  \"parallel_branchings\": %lld", (long long)st->parallel_branchings);
    if (st->orbital_branchings > 0)
        fprintf(out, ",\n  \"orbital_branchings\": %lld", (long long)st->orbital_branchings);
    if (st->root_funnels > 0)
        fprintf(out, ",\n  \"root_funnels\": %lld", (long long)st->root_funnels);
    if (st->packing_pruned > 0 || st->packing_forced > 0)
        fprintf(out, ",\n  \"packing\": {\"pruned\": %lld, \"kept_out\": %lld}",
                (long long)st->packing_pruned, (long long)st->packing_forced);
    json_symmetry(out, st);
    json_ranks(out, st);
    fprintf(out,
            ",\n  \"time\": {\"load\": %.6f, \"reduce\": %.6f, \"upper_bound\": %.6f, "
            "\"search\": %.6f, \"total\": %.6f}",
            run->t_load, st->t_reduce, st->t_upper, st->t_search, run->t_total);
    if (st->kernel_n > 0 || st->t_reduce > 0) {
        fprintf(out, ",\n  \"kernel\": {\"n\": %ld, \"m\": %lld, \"removed_by\": {",
                (long)st->kernel_n, (long long)st->kernel_m);
        for (int r = 0; r < KERNEL_RULES && r < SOLVE_MAX_RULES; r++)
            fprintf(out, "%s\"%s\": %lld", r ? ", " : "", kernel_rule_name(r),
                    (long long)st->removed_by[r]);
        fputs("}}", out);
    }
    if (st->blocks > 0) {
        fprintf(out,
                ",\n  \"gpu\": {\"block_size\": %d, \"blocks\": %d, \"shared_memory_kernel\": %s, "
                "\"worklist_size\": %lld, \"threshold\": %.3f, \"sms\": %d",
                st->block_size, st->blocks, st->shared_kernel ? "true" : "false",
                (long long)st->worklist_size, st->threshold, st->sms);
        if (st->sms > 0) {
            int64_t lo = INT64_MAX, hi = 0;
            double sum = 0;
            int sms = st->sms < SOLVE_MAX_SMS ? st->sms : SOLVE_MAX_SMS;
            for (int i = 0; i < sms; i++) {
                int64_t v = st->nodes_per_sm[i];
                lo = v < lo ? v : lo;
                hi = v > hi ? v : hi;
                sum += (double)v;
            }
            fprintf(out, ", \"nodes_per_sm\": {\"min\": %lld, \"mean\": %.1f, \"max\": %lld}",
                    (long long)lo, sum / sms, (long long)hi);
        }
        json_devices(out, st);
        if (st->t_worklist + st->t_reductions + st->t_branching > 0)
            fprintf(out,
                    ", \"time_fractions\": {\"worklist\": %.4f, \"reductions\": %.4f, "
                    "\"branching\": %.4f}",
                    st->t_worklist, st->t_reductions, st->t_branching);
        fputs("}", out);
    }
    fputs("\n}\n", out);
    return ferror(out) ? -1 : 0;
}

int stats_write_clique_json(FILE *out, const struct run_info *run,
                            const struct max_clique_stats *st, int32_t size)
{
    json_run_head(out, run, "path", st->path);
    fprintf(out, ",\n  \"clique\": %ld,\n  \"upper_bound\": %ld,\n  \"nodes\": %lld", (long)size,
            (long)st->upper_bound, (long long)st->nodes);
    /* the sparse path's own measures; the dense path has none of them */
    if (st->path != NULL && strcmp(st->path, "sparse") == 0)
        fprintf(out, ",\n  \"degeneracy\": %ld,\n  \"heuristic\": %ld,\n  \"searched\": %lld",
                (long)st->degeneracy, (long)st->heuristic, (long long)st->searched);
    if (st->cover.maxsat_spared > 0)
        fprintf(out, ",\n  \"maxsat_spared\": %lld", (long long)st->cover.maxsat_spared);
    if (st->cover.solver)
        json_field_string(out, "cover_solver", st->cover.solver);
    if (st->cover.gpus > 1) {
        fprintf(out, ",\n  \"gpu\": {\"gpus\": %d", st->cover.gpus);
        json_devices(out, &st->cover);
        fputs("}", out);
    }
    json_symmetry(out, &st->cover);
    json_ranks(out, &st->cover);
    fprintf(out, ",\n  \"time\": {\"load\": %.6f, \"search\": %.6f, \"total\": %.6f}\n}\n",
            run->t_load, st->t_search, run->t_total);
    return ferror(out) ? -1 : 0;
}

int stats_write_steiner_json(FILE *out, const char *input, const struct graph *g, double t_load,
                             double t_total, double improve_budget, const struct steiner_stats *st)
{
    json_begin(out, input);
    json_field_string(out, "mode", "steiner");
    fprintf(out, ",\n  \"n\": %ld,\n  \"m\": %lld,\n  \"terminals\": %ld", (long)g->n,
            (long long)g->m, (long)g->n_terminals);
    json_field_string(out, "algo", st->algo);
    json_field_string(out, "device", st->device);
    json_field_string(out, "sssp", st->sssp);
    json_field_string(out, "mst", st->mst);
    fprintf(out,
            ",\n  \"weight\": %lld,\n  \"weight_constructed\": %lld"
            ",\n  \"subgraph\": {\"vertices\": %lld, \"edges\": %lld, \"was_tree\": %s, "
            "\"mst\": ",
            (long long)st->weight, (long long)st->weight_constructed,
            (long long)st->subgraph_vertices, (long long)st->subgraph_edges,
            st->subgraph_was_tree ? "true" : "false");
    json_string(out, st->subgraph_mst);
    fprintf(out,
            "}"
            ",\n  \"pruned\": %lld,\n  \"sssp_runs\": %lld,\n  \"gpu_launches\": %lld"
            ",\n  \"improve\": {\"budget\": %.3f, \"rounds\": %lld, \"attempts\": %lld, "
            "\"exchanges\": %lld, \"interrupted\": %s}"
            ",\n  \"gpu_mst_rounds\": %lld",
            (long long)st->pruned, (long long)st->sssp_runs, (long long)st->gpu_launches,
            improve_budget, (long long)st->improve_rounds, (long long)st->improve_attempts,
            (long long)st->improve_exchanges, st->improve_interrupted ? "true" : "false",
            (long long)st->gpu_mst_rounds);
    fprintf(out,
            ",\n  \"time\": {\"load\": %.6f, \"sssp\": %.6f, \"mst\": %.6f, \"expand\": %.6f, "
            "\"gpu_mst\": %.6f, \"improve\": %.6f, \"solve\": %.6f, \"total\": %.6f}\n}\n",
            t_load, st->t_sssp, st->t_mst, st->t_expand, st->t_gpu_mst, st->t_improve, st->t_total,
            t_total);
    return ferror(out) ? -1 : 0;
}
