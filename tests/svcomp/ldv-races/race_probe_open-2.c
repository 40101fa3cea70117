// Driver-model style: probe() initialises the device's fields before it
// registers the device (starts the threads that use it); open() and
// release() run concurrently and touch the shared fields only under the
// device's mutex; remove() runs after both ended (joined).
// Expected verdict TRUE (no-data-race): the writes of probe happen before
// pthread_create, the accesses of open and release are ordered by the
// mutex, and those of remove come after pthread_join: every pair of
// conflicting accesses is ordered by happens-before.
#include <pthread.h>

struct device {
  pthread_mutex_t lock;
  int users;
  int opened;
  int config;
};
struct device dev;

void *dev_open(void *arg) {
  pthread_mutex_lock(&dev.lock);
  dev.users = dev.users + 1;
  dev.opened = 1;
  pthread_mutex_unlock(&dev.lock);
  return 0;
}

void *dev_release(void *arg) {
  pthread_mutex_lock(&dev.lock);
  if (dev.users > 0)
    dev.users = dev.users - 1;
  pthread_mutex_unlock(&dev.lock);
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_mutex_init(&dev.lock, 0);
  dev.users = 0;
  dev.config = 3;
  pthread_create(&a, 0, dev_open, 0);
  pthread_create(&b, 0, dev_release, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  dev.config = 0;
  dev.opened = 0;
  return dev.users;
}
