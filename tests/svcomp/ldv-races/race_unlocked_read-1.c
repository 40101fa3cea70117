// Driver-model style: the interrupt handler updates the status under the
// lock, but the ioctl reads it to decide whether to take the lock at all
// (a check outside the critical section).
// Expected verdict FALSE (no-data-race): ioctl's first read of dev.status
// is not under the lock, irq writes it under the lock; the two accesses
// are not ordered by happens-before and one is a write: a data race.
#include <pthread.h>

struct device {
  pthread_mutex_t lock;
  int status;
  int count;
};
struct device dev;

void *irq(void *arg) {
  pthread_mutex_lock(&dev.lock);
  dev.status = 1;
  dev.count = dev.count + 1;
  pthread_mutex_unlock(&dev.lock);
  return 0;
}

void *ioctl(void *arg) {
  if (dev.status) {
    pthread_mutex_lock(&dev.lock);
    dev.count = 0;
    pthread_mutex_unlock(&dev.lock);
  }
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_mutex_init(&dev.lock, 0);
  pthread_create(&a, 0, irq, 0);
  pthread_create(&b, 0, ioctl, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
