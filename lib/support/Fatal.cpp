#include "chorus/support/Fatal.h"

#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <stdexcept>

namespace chorus {

namespace {

// The noted file's name is copied here when the noted file changes: the
// program that owns the name may be freed before the name is read (an
// exception unwinds past the program's owner to main's handler).
char gFileName[512];
std::atomic<const std::string*> gFile{nullptr};
std::atomic<uint32_t> gLine{0}, gCol{0};

/// CHORUS_INTERNAL_ERROR_LOG's value, copied at installation (empty: none).
char gErrorLog[1024];

/// Appends buf[0..n) to the internal-error log, async-signal-safe.
void appendToErrorLog(const char* buf, size_t n) {
  if (!gErrorLog[0])
    return;
  int fd = open(gErrorLog, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0)
    return;
  ssize_t w = write(fd, buf, n);
  (void)w;
  close(fd);
}

/// Appends s to buf (of capacity cap, at position n), async-signal-safe.
void append(char* buf, size_t cap, size_t& n, const char* s) {
  while (*s && n + 1 < cap)
    buf[n++] = *s++;
}

void appendNumber(char* buf, size_t cap, size_t& n, uint32_t v) {
  char digits[16];
  int k = 0;
  do {
    digits[k++] = char('0' + v % 10);
    v /= 10;
  } while (v && k < 15);
  while (k > 0 && n + 1 < cap)
    buf[n++] = digits[--k];
}

const char* signalName(int sig) {
  switch (sig) {
  case SIGSEGV:
    return "SIGSEGV";
  case SIGBUS:
    return "SIGBUS";
  case SIGFPE:
    return "SIGFPE";
  case SIGILL:
    return "SIGILL";
  case SIGABRT:
    return "SIGABRT";
  default:
    return "?";
  }
}

void onFatalSignal(int sig) {
  // Only async-signal-safe calls from here on: the state of the process is
  // unknown (the heap may be corrupt, the stack exhausted).
  static char buf[1024];
  size_t n = 0;
  append(buf, sizeof buf, n, "verdict: unknown (internal error: signal ");
  append(buf, sizeof buf, n, signalName(sig));
  if (gFile.load(std::memory_order_relaxed)) {
    append(buf, sizeof buf, n, " while executing ");
    append(buf, sizeof buf, n, gFileName);
    append(buf, sizeof buf, n, ":");
    appendNumber(buf, sizeof buf, n, gLine.load(std::memory_order_relaxed));
    append(buf, sizeof buf, n, ":");
    appendNumber(buf, sizeof buf, n, gCol.load(std::memory_order_relaxed));
  }
  append(buf, sizeof buf, n, ")\n");
  ssize_t w = write(STDOUT_FILENO, buf, n);
  (void)w;
  appendToErrorLog(buf, n);
  _exit(2);
}

void installAltStack() {
  static thread_local char* stack = nullptr;
  if (stack)
    return;
  size_t size = 1 << 16;
  stack = static_cast<char*>(std::malloc(size));
  if (!stack)
    return;
  stack_t ss{};
  ss.ss_sp = stack;
  ss.ss_size = size;
  ss.ss_flags = 0;
  sigaltstack(&ss, nullptr);
}

struct ThreadArg {
  const std::function<int()>* fn;
  int result = 0;
};

void* threadMain(void* p) {
  auto* a = static_cast<ThreadArg*>(p);
  installAltStack();
  a->result = (*a->fn)();
  return nullptr;
}

} // namespace

void noteExecuting(const std::string* file, uint32_t line, uint32_t col) {
  gLine.store(line, std::memory_order_relaxed);
  gCol.store(col, std::memory_order_relaxed);
  if (file == gFile.load(std::memory_order_relaxed))
    return;
  gFile.store(nullptr, std::memory_order_relaxed);
  if (!file)
    return;
  size_t n = std::min(file->size(), sizeof gFileName - 1);
  std::memcpy(gFileName, file->data(), n);
  gFileName[n] = '\0';
  gFile.store(file, std::memory_order_relaxed);
}

void forgetExecuting() {
  gFile.store(nullptr, std::memory_order_relaxed);
}

std::string executingWhere() {
  if (!gFile.load(std::memory_order_relaxed))
    return "";
  return std::string(gFileName) + ":" + std::to_string(gLine.load()) + ":" +
         std::to_string(gCol.load());
}

void recordInternalError(const std::string& what) {
  std::string line = "internal error: " + what + "\n";
  appendToErrorLog(line.data(), line.size());
}

void installFatalSignalHandlers() {
  if (const char* log = std::getenv("CHORUS_INTERNAL_ERROR_LOG"))
    if (std::strlen(log) < sizeof gErrorLog)
      std::strcpy(gErrorLog, log);
  installAltStack();
  struct sigaction sa {};
  sa.sa_handler = onFatalSignal;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_ONSTACK | SA_RESETHAND;
  for (int sig : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT})
    sigaction(sig, &sa, nullptr);
}

int runWithLargeStack(std::size_t bytes, const std::function<int()>& fn) {
  pthread_attr_t attr;
  if (pthread_attr_init(&attr) != 0)
    return fn();
  ThreadArg arg{&fn};
  pthread_t th;
  bool made = pthread_attr_setstacksize(&attr, bytes) == 0 &&
              pthread_create(&th, &attr, threadMain, &arg) == 0;
  pthread_attr_destroy(&attr);
  if (!made)
    return fn();
  pthread_join(th, nullptr);
  return arg.result;
}

namespace {
std::atomic<bool> gAbandoned{false};

void* detachedMain(void* p) {
  std::unique_ptr<std::function<void()>> fn(static_cast<std::function<void()>*>(p));
  installAltStack();
  (*fn)();
  return nullptr;
}
} // namespace

bool startDetachedThread(std::size_t bytes, std::function<void()> fn) {
  pthread_attr_t attr;
  if (pthread_attr_init(&attr) != 0)
    return false;
  auto* arg = new std::function<void()>(std::move(fn));
  pthread_t th;
  bool made = pthread_attr_setstacksize(&attr, bytes) == 0 &&
              pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED) == 0 &&
              pthread_create(&th, &attr, detachedMain, arg) == 0;
  pthread_attr_destroy(&attr);
  if (!made)
    delete arg;
  return made;
}

void noteAbandonedThread() {
  gAbandoned.store(true);
}

bool anyThreadAbandoned() {
  return gAbandoned.load();
}

namespace {
int recurseForever(volatile int* p);
int (*volatile gRecurse)(volatile int*) = recurseForever; // not turned into a loop
int recurseForever(volatile int* p) {
  volatile char pad[256];
  pad[0] = char(*p);
  return gRecurse(p) + pad[0];
}
} // namespace

void injectTestFault(uint32_t line) {
  static const char* spec = std::getenv("CHORUS_TEST_FAULT");
  if (!spec)
    return;
  const char* at = std::strchr(spec, '@');
  if (!at || uint32_t(std::strtoul(at + 1, nullptr, 10)) != line)
    return;
  std::string kind(spec, at);
  if (kind == "exception")
    throw std::logic_error("injected test fault");
  if (kind == "segv") {
    volatile int* null = nullptr;
    *null = 1;
  }
  if (kind == "abort")
    std::abort();
  if (kind == "overflow") {
    volatile int x = 1;
    recurseForever(&x);
  }
}

} // namespace chorus
