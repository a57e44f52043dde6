// The C surface of SDL2, SDL2_ttf and SDL2_image as Swift sees it.
// Macros that Swift cannot import are wrapped in static inline functions.
#ifndef REORDERKIT_CSDL2_SHIM_H
#define REORDERKIT_CSDL2_SHIM_H

#define SDL_MAIN_HANDLED
#include <SDL.h>
#include <SDL_ttf.h>
#include <SDL_image.h>

/// SDL_WINDOWPOS_CENTERED, which is a macro expression.
static inline int CSDL2_WindowPosCentered(void) { return (int)SDL_WINDOWPOS_CENTERED; }

/// SDL_WINDOWPOS_UNDEFINED.
static inline int CSDL2_WindowPosUndefined(void) { return (int)SDL_WINDOWPOS_UNDEFINED; }

/// SDL_SaveBMP, a macro over SDL_SaveBMP_RW.
static inline int CSDL2_SaveBMP(SDL_Surface *surface, const char *file) { return SDL_SaveBMP(surface, file); }

/// SDL_TOUCH_MOUSEID: mouse events synthesised from touch carry this id.
static inline Uint32 CSDL2_TouchMouseID(void) { return SDL_TOUCH_MOUSEID; }

/// Where the pointer was when the wheel turned (window coordinates): 1 and the point when SDL
/// says (2.26 and later), else 0.
static inline int CSDL2_WheelPosition(const SDL_MouseWheelEvent *wheel, int *x, int *y) {
#if SDL_VERSION_ATLEAST(2, 26, 0)
  *x = wheel->mouseX;
  *y = wheel->mouseY;
  return 1;
#else
  (void)wheel; (void)x; (void)y;
  return 0;
#endif
}

/// SDL_BUTTON_LMASK.
static inline Uint32 CSDL2_ButtonLMask(void) { return SDL_BUTTON_LMASK; }

/// SDL_MUSTLOCK.
static inline int CSDL2_MustLock(SDL_Surface *surface) { return SDL_MUSTLOCK(surface) ? 1 : 0; }

/// The 32-bit RGBA pixel format in memory order R, G, B, A on every endianness.
static inline Uint32 CSDL2_PixelFormatRGBA32(void) { return SDL_PIXELFORMAT_RGBA32; }

/// The 32-bit ARGB8888 format.
static inline Uint32 CSDL2_PixelFormatARGB8888(void) { return SDL_PIXELFORMAT_ARGB8888; }

/// Makes stdout line-buffered (for the app's --report stream); Swift 6 cannot touch the global `stdout`.
static inline void CSDL2_LineBufferStdout(void) { setvbuf(stdout, NULL, _IOLBF, 0); }

/// Writes a line to stdout and flushes it.
static inline void CSDL2_PutLine(const char *line) { flockfile(stdout); fputs(line, stdout); fputc('\n', stdout); fflush(stdout); funlockfile(stdout); }

/// Writes `count` bytes and a newline to stdout and flushes them, as one line.
static inline void CSDL2_PutBytesLine(const char *bytes, size_t count) { flockfile(stdout); fwrite(bytes, 1, count, stdout); fputc('\n', stdout); fflush(stdout); funlockfile(stdout); }


#include <stdlib.h>
#include <string.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

/// Keeps memory that a frame frees in the process's heap (glibc only; elsewhere nothing). Mesa's
/// software renderer under X allocates and frees a frame-sized buffer at each present (4.5 MB at
/// 1400 x 800): by default glibc maps it and returns it to the system each time, and the next frame
/// faults every page in again. A threshold set in the environment (MALLOC_MMAP_THRESHOLD_,
/// MALLOC_TRIM_THRESHOLD_, or glibc.malloc.mmap_threshold / trim_threshold in GLIBC_TUNABLES) wins.
static inline void CSDL2_KeepFreedFrameMemory(void) {
#if defined(__GLIBC__)
  const char *tunables = getenv("GLIBC_TUNABLES");
  if (!getenv("MALLOC_MMAP_THRESHOLD_") && !(tunables && strstr(tunables, "malloc.mmap_threshold")))
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
  if (!getenv("MALLOC_TRIM_THRESHOLD_") && !(tunables && strstr(tunables, "malloc.trim_threshold")))
    mallopt(M_TRIM_THRESHOLD, 128 << 20);
#endif
}

#endif
