// The driver-style module with the counter always updated under its lock.
#include <pthread.h>

struct dev {
  pthread_mutex_t lock;
  int stats;
};
struct dev d;

void *irq_handler(void *arg) {
  pthread_mutex_lock(&d.lock);
  d.stats++;
  pthread_mutex_unlock(&d.lock);
  return 0;
}

void *ioctl(void *arg) {
  pthread_mutex_lock(&d.lock);
  d.stats = 0;
  pthread_mutex_unlock(&d.lock);
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_mutex_init(&d.lock, 0);
  pthread_create(&a, 0, irq_handler, 0);
  pthread_create(&b, 0, ioctl, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
