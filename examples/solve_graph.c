/*
 * libmvcgpu in one page: a graph built from an array of edges, its minimum
 * vertex cover and its maximum clique, each answer printed and checked.
 * Build: cc solve_graph.c $(pkg-config --cflags --libs mvcgpu)
 */
#include <stdio.h>

#include <mvcgpu.h>

/*
 * A wheel: hub 0 joined to every vertex of the rim 1-2-3-4-5-1. A minimum
 * cover takes the hub and 3 rim vertices (4); a maximum clique is a triangle (3).
 */
static const int32_t wheel[][2] = {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {0, 5},
                                   {1, 2}, {2, 3}, {3, 4}, {4, 5}, {5, 1}};

/* Solves one problem on g, prints and checks the answer; 0 when it is right. */
static int solve_and_check(const mvcgpu_graph *g, enum mvcgpu_problem problem, int32_t expected)
{
    int clique = problem == MVCGPU_MAX_CLIQUE;
    mvcgpu_options o;
    mvcgpu_options_init(&o);
    o.problem = problem;
    mvcgpu_result *r = NULL;
    mvcgpu_error err;
    if (mvcgpu_solve(g, &o, &r, &err) != MVCGPU_OK) {
        fprintf(stderr, "solve_graph: %s\n", err.message);
        return 1;
    }
    int32_t size = mvcgpu_result_size(r);
    const int32_t *vertices = mvcgpu_result_vertices(r);
    printf("%s of %ld vertices (%s, solver %s):",
           clique ? "maximum clique" : "minimum vertex cover", (long)size,
           mvcgpu_result_proven(r) ? "proven" : "not proven", mvcgpu_result_stats(r)->solver);
    for (int32_t i = 0; i < size; i++)
        printf(" %ld", (long)vertices[i]);
    printf("\n");

    int status = clique ? mvcgpu_check_clique(g, vertices, size, &err)
                        : mvcgpu_check_cover(g, vertices, size, &err);
    int wrong =
        status != MVCGPU_OK || mvcgpu_result_status(r) != MVCGPU_OPTIMAL || size != expected;
    if (wrong)
        fprintf(stderr, "solve_graph: wrong answer: %s (expected %ld vertices)\n",
                status != MVCGPU_OK ? err.message : "not the optimum", (long)expected);
    mvcgpu_result_free(r);
    return wrong;
}

int main(void)
{
    mvcgpu_graph *g = NULL;
    mvcgpu_error err;
    if (mvcgpu_graph_from_pairs(6, 10, wheel, &g, &err) != MVCGPU_OK) {
        fprintf(stderr, "solve_graph: %s\n", err.message);
        return 1;
    }
    printf("libmvcgpu %s: a wheel of %ld vertices and %lld edges\n", mvcgpu_version(),
           (long)mvcgpu_graph_vertices(g), (long long)mvcgpu_graph_edges(g));
    int failed = solve_and_check(g, MVCGPU_MVC, 4);
    failed += solve_and_check(g, MVCGPU_MAX_CLIQUE, 3);
    mvcgpu_graph_free(g);
    return failed ? 1 : 0;
}
