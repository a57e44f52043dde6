#ifndef MALLOC_STATS_H
#define MALLOC_STATS_H
#include <stddef.h>
/// Bytes the allocator has handed out and not taken back: heap chunks in use plus mmapped chunks.
size_t malloc_stats_bytes_in_use(void);
#endif
