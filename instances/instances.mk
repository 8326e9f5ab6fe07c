# instances: files of this area (included by Makefile.am)
