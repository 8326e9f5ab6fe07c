# kernels: maximum clique on the GPU, the dense-graph solver (included by Makefile.am)
