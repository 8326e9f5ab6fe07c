# src: kernelization before the search (included by Makefile.am)
