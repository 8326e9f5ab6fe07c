/* How the program's allocator treats freed memory. */
#ifndef MVC_CLI_ALLOCATOR_H
#define MVC_CLI_ALLOCATOR_H

/*
 * Keeps freed memory in the process for reuse instead of handing it back to
 * the system, where the C library allows it (glibc's mallopt); nothing
 * elsewhere. Called once, first thing in main.
 */
void allocator_keep_freed(void);

#endif
