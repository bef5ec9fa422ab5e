/* JSON Lines reports of the run-time libraries (rt_json.h). */
#include "rt_json.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void chorus_rt_json_string(char* out, size_t n, const char* s) {
  size_t k = 0;
  out[k++] = '"';
  for (; *s && k + 8 < n; ++s) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\')
      k += (size_t)snprintf(out + k, n - k, "\\%c", c);
    else if (c < 0x20)
      k += (size_t)snprintf(out + k, n - k, "\\u%04x", c);
    else
      out[k++] = (char)c;
  }
  out[k++] = '"';
  out[k] = 0;
}

void chorus_rt_json_line(const char* line) {
  const char* path = getenv("CHORUS_RT_REPORT");
  if (!path || !*path)
    return;
  int fd = open(path, O_WRONLY | O_CREAT | O_APPEND, 0644);
  if (fd < 0)
    return;
  ssize_t w = write(fd, line, strlen(line));
  (void)w;
  close(fd);
}

int chorus_rt_json_start(void) {
  const char* path = getenv("CHORUS_RT_REPORT");
  if (!path || !*path)
    return 0;
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd >= 0)
    close(fd);
  return 1;
}
