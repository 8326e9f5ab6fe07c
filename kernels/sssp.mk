# kernels: shortest-path kernels shared by Steiner mode (included by Makefile.am)
