// Minimal POSIX stand-ins for the Win32 calls of Piskvork's example brain (pbrain-pela) and its
// pipe skeleton, so that the sparring partner builds on Linux (scripts/build_sparring.sh). Not part of kinrow.
#pragma once
#include <pthread.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
typedef uint32_t DWORD;
typedef uint64_t DWORD64;
typedef void *LPVOID;
typedef int BOOL;
#define WINAPI
#define INFINITE 0xFFFFFFFFu
#define STD_INPUT_HANDLE 0
#define TRUE 1
#define FALSE 0
#ifndef min
#define min(a, b) ((a) < (b) ? (a) : (b))
#define max(a, b) ((a) > (b) ? (a) : (b))
#endif
#define _stricmp strcasecmp
#define _strnicmp strncasecmp
#define _atoi64 atoll
#define UInt32x32To64(a, b) ((uint64_t)(uint32_t)(a) * (uint64_t)(uint32_t)(b))
static inline DWORD GetTickCount() {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (DWORD)(ts.tv_sec * 1000u + ts.tv_nsec / 1000000u);
}
static inline void Sleep(DWORD ms) { usleep(ms * 1000u); }
struct CompatEvent {
    pthread_mutex_t mutex;
    pthread_cond_t cond;
    int manualReset;
    int signaled;
};
typedef CompatEvent *HANDLE;
static inline HANDLE CreateEvent(void *, BOOL manualReset, BOOL initial, void *) {
    HANDLE e = (HANDLE)calloc(1, sizeof(CompatEvent));
    pthread_mutex_init(&e->mutex, 0);
    pthread_cond_init(&e->cond, 0);
    e->manualReset = manualReset;
    e->signaled = initial;
    return e;
}
static inline void SetEvent(HANDLE e) {
    pthread_mutex_lock(&e->mutex);
    e->signaled = 1;
    pthread_cond_broadcast(&e->cond);
    pthread_mutex_unlock(&e->mutex);
}
static inline void ResetEvent(HANDLE e) {
    pthread_mutex_lock(&e->mutex);
    e->signaled = 0;
    pthread_mutex_unlock(&e->mutex);
}
static inline DWORD WaitForSingleObject(HANDLE e, DWORD) {
    pthread_mutex_lock(&e->mutex);
    while (!e->signaled) pthread_cond_wait(&e->cond, &e->mutex);
    if (!e->manualReset) e->signaled = 0;
    pthread_mutex_unlock(&e->mutex);
    return 0;
}
typedef DWORD (*CompatThreadProc)(LPVOID);
struct CompatThreadStart { CompatThreadProc proc; };
static inline void *compatThreadTrampoline(void *arg) {
    CompatThreadProc proc = ((CompatThreadStart *)arg)->proc;
    free(arg);
    proc(0);
    return 0;
}
static inline HANDLE CreateThread(void *, size_t, CompatThreadProc proc, LPVOID, DWORD, DWORD *) {
    pthread_t thread;
    CompatThreadStart *start = (CompatThreadStart *)malloc(sizeof(CompatThreadStart));
    start->proc = proc;
    pthread_create(&thread, 0, compatThreadTrampoline, start);
    pthread_detach(thread);
    return 0;
}
static inline int GetStdHandle(int) { return 0; }
static inline BOOL GetConsoleMode(int, DWORD *) { return FALSE; }
