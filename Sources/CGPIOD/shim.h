// libgpiod 1.6 (Debian 12's libgpiod-dev), its v1 API: chips, lines, output requests.
#include <gpiod.h>
